package dev.redoline.logminer.internal.jdbc;

import static dev.redoline.logminer.internal.jdbc.FakeJdbc.row;
import static dev.redoline.logminer.internal.jdbc.FakeJdbc.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.GatewayFactory;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Opening a gateway from the configuration, and the privilege and logging probes. */
class JdbcConnectTest {

  private static final String PASSWORD = "s3cr3t-Pa55";

  private static CdcConfig config(String url, String zone) {
    Map<String, String> settings =
        new HashMap<>(
            Map.of(
                "cdc.database.url",
                url,
                "cdc.database.user",
                "C##REDOLINE",
                "cdc.database.password",
                PASSWORD,
                "cdc.tables.include",
                "SHOP.*"));
    if (zone != null) {
      settings.put("cdc.database.time.zone", zone);
    }
    return CdcConfig.from(settings);
  }

  @Test
  void connect_givesTheDriverUrlUserAndPasswordThenSetsNls() throws SQLException {
    FakeJdbc db = new FakeJdbc();
    String[] url = new String[1];
    Properties[] given = new Properties[1];

    JdbcGateway gateway =
        JdbcGateway.connect(
            config("jdbc:oracle:thin:@//db:1521/FREE", "Europe/Paris"),
            (u, p) -> {
              url[0] = u;
              given[0] = p;
              return db.connection();
            });

    assertThat(url[0]).isEqualTo("jdbc:oracle:thin:@//db:1521/FREE");
    assertThat(given[0])
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "user",
                "C##REDOLINE",
                "password",
                PASSWORD,
                "oracle.jdbc.timezoneAsRegion",
                "false"));
    assertThat(db.statements()).hasSize(2).allMatch(s -> s.startsWith("ALTER SESSION SET "));
  }

  /**
   * Review 2, item b2: ojdbc gives a session a linguistic NLS_SORT from the JVM's locale while
   * NLS_COMP stays binary, so a snapshot's ORDER BY and its {@code key > ?} would disagree; every
   * session the engine opens sorts and compares in binary.
   */
  @Test
  void b2_everySessionSortsAndComparesInBinary() throws SQLException {
    FakeJdbc db = new FakeJdbc();

    JdbcGateway.connect(
        config("jdbc:oracle:thin:@//db:1521/FREE", "Europe/Paris"), (u, p) -> db.connection());

    assertThat(db.statements())
        .anySatisfy(
            s ->
                assertThat(s)
                    .startsWith("ALTER SESSION SET ")
                    .contains("NLS_SORT = 'BINARY'")
                    .contains("NLS_COMP = 'BINARY'"));
  }

  @Test
  void connect_configuredZoneWinsOverTheServerOffset() throws SQLException {
    FakeJdbc db = new FakeJdbc();
    db.answer(
        Sql.DATABASE,
        rows(
            "NAME, DBID, CURRENT_SCN, LOG_MODE, SUPPLEMENTAL_LOG_DATA_MIN,"
                + " SUPPLEMENTAL_LOG_DATA_ALL, SUPPLEMENTAL_LOG_DATA_PK, RESETLOGS_CHANGE#, RESETLOGS_TIME, CDB,"
                + " OPEN_MODE, SERVER_OFFSET, SERVER_TIME, DB_TIME_ZONE",
            row(
                "FREE",
                1L,
                5L,
                "ARCHIVELOG",
                "YES",
                "NO",
                "NO",
                1L,
                LocalDateTime.of(2024, 1, 1, 0, 0),
                "NO",
                "READ WRITE",
                "+01:00",
                "2024-01-01 00:00:00",
                "+00:00")));

    JdbcGateway gateway =
        JdbcGateway.connect(
            config("jdbc:oracle:thin:@//db:1521/FREE", "Europe/Paris"), (u, p) -> db.connection());

    assertThat(gateway.database().zone()).isEqualTo(ZoneId.of("Europe/Paris"));
  }

  @Test
  void factory_connectsOnEachCallNotBefore() {
    GatewayFactory factory =
        JdbcGateway.factory(config("jdbc:redoline:sim:no-such-database", null));

    assertThatThrownBy(factory::connect)
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("ORA-12514");
  }

  @Test
  void connect_failingSessionSetup_closesTheConnectionAndPropagates() {
    FakeJdbc db = new FakeJdbc();
    SQLException denied = new SQLException("ORA-01031: insufficient privileges", "42000", 1031);
    db.fail("ALTER SESSION SET TIME_ZONE = '00:00'", denied);

    assertThatThrownBy(
            () ->
                JdbcGateway.connect(
                    config("jdbc:oracle:thin:@//db/FREE", null), (u, p) -> db.connection()))
        .isSameAs(denied);
    assertThat(db.connectionClosed).isTrue();
  }

  @Test
  void missingPrivileges_namesEachMissingGrant() throws SQLException {
    FakeJdbc db = new FakeJdbc();
    JdbcGateway gateway = JdbcGateway.open(db.connection());
    db.answer(Sql.SESSION_PRIVILEGES, rows("PRIVILEGE"));
    db.answer(Sql.LOGMNR_PACKAGE, rows("N", row(0)));
    db.answer(
        Sql.DATABASE,
        rows(
            "NAME, DBID, CURRENT_SCN, LOG_MODE, SUPPLEMENTAL_LOG_DATA_MIN,"
                + " SUPPLEMENTAL_LOG_DATA_ALL, SUPPLEMENTAL_LOG_DATA_PK, RESETLOGS_CHANGE#, RESETLOGS_TIME, CDB,"
                + " OPEN_MODE, SERVER_OFFSET, SERVER_TIME, DB_TIME_ZONE",
            row(
                "FREE",
                1L,
                5L,
                "ARCHIVELOG",
                "YES",
                "NO",
                "NO",
                1L,
                LocalDateTime.of(2024, 1, 1, 0, 0),
                "YES",
                "READ WRITE",
                "+00:00",
                "2024-01-01 00:00:00",
                "+00:00")));
    db.fail(
        "SELECT COUNT(*) FROM V$LOGMNR_CONTENTS WHERE 1 = 0",
        new SQLException(
            "ORA-01306: dbms_logmnr.start_logmnr() must be invoked before selecting from v$logmnr_contents",
            "99999",
            1306));
    db.fail(
        "SELECT COUNT(*) FROM GV$TRANSACTION WHERE 1 = 0",
        new SQLException("ORA-00942: table or view does not exist", "42000", 942));
    db.fail(
        "SELECT COUNT(*) FROM CDB_LOG_GROUPS WHERE 1 = 0",
        new SQLException("ORA-01031: insufficient privileges", "42000", 1031));

    List<String> missing = gateway.missingPrivileges();

    assertThat(missing)
        .containsExactly(
            "LOGMINING",
            "EXECUTE on SYS.DBMS_LOGMNR",
            "SELECT on GV$TRANSACTION",
            "SELECT on CDB_LOG_GROUPS");
    assertThat(db.statements())
        .contains(
            "SELECT PRIVILEGE FROM SESSION_PRIVS WHERE PRIVILEGE = 'LOGMINING'",
            "SELECT COUNT(*) FROM ALL_PROCEDURES WHERE OWNER = 'SYS' AND OBJECT_NAME = 'DBMS_LOGMNR'"
                + " AND PROCEDURE_NAME IS NULL",
            "SELECT COUNT(*) FROM V$LOGMNR_LOGS WHERE 1 = 0",
            "SELECT COUNT(*) FROM GV$INSTANCE WHERE 1 = 0",
            "SELECT COUNT(*) FROM V$CONTAINERS WHERE 1 = 0",
            "SELECT COUNT(*) FROM CDB_OBJECTS WHERE 1 = 0",
            "SELECT COUNT(*) FROM CDB_TAB_COLUMNS WHERE 1 = 0",
            "SELECT COUNT(*) FROM CDB_CONSTRAINTS WHERE 1 = 0",
            "SELECT COUNT(*) FROM CDB_CONS_COLUMNS WHERE 1 = 0");
  }

  @Test
  void missingPrivileges_otherErrors_propagate() throws SQLException {
    FakeJdbc db = new FakeJdbc();
    JdbcGateway gateway = JdbcGateway.open(db.connection());
    db.answer(Sql.SESSION_PRIVILEGES, rows("PRIVILEGE", row("LOGMINING")));
    db.answer(Sql.LOGMNR_PACKAGE, rows("N", row(1)));
    db.answer(
        Sql.DATABASE,
        rows(
            "NAME, DBID, CURRENT_SCN, LOG_MODE, SUPPLEMENTAL_LOG_DATA_MIN,"
                + " SUPPLEMENTAL_LOG_DATA_ALL, SUPPLEMENTAL_LOG_DATA_PK, RESETLOGS_CHANGE#, RESETLOGS_TIME, CDB,"
                + " OPEN_MODE, SERVER_OFFSET, SERVER_TIME, DB_TIME_ZONE",
            row(
                "FREE",
                1L,
                5L,
                "ARCHIVELOG",
                "YES",
                "NO",
                "NO",
                1L,
                LocalDateTime.of(2024, 1, 1, 0, 0),
                "NO",
                "READ WRITE",
                "+00:00",
                "2024-01-01 00:00:00",
                "+00:00")));
    SQLException lost =
        new SQLException("ORA-03113: end-of-file on communication channel", "08006", 3113);
    db.fail("SELECT COUNT(*) FROM V$LOGMNR_LOGS WHERE 1 = 0", lost);

    assertThatThrownBy(gateway::missingPrivileges).isSameAs(lost);
  }

  @Test
  void allColumnLogging_countsAllColumnLogGroups() throws SQLException {
    FakeJdbc db = new FakeJdbc();
    JdbcGateway gateway = JdbcGateway.open(db.connection());
    db.answer(Sql.ALL_COLUMN_LOGGING, rows("N", row(1)));
    db.answer(Sql.CONTAINER, rows("CON_ID, OPEN_MODE", row(3, "READ WRITE")));
    db.answer(Sql.CDB_ALL_COLUMN_LOGGING, rows("N", row(0)));

    assertThat(gateway.allColumnLogging(TableId.of("SHOP", "ITEMS"))).isTrue();
    assertThat(gateway.allColumnLogging(new TableId("FREEPDB1", "SHOP", "ITEMS"))).isFalse();

    FakeJdbc.Executed plain = db.executed.get(2);
    assertThat(plain.sql)
        .isEqualTo(
            "SELECT COUNT(*) FROM ALL_LOG_GROUPS WHERE OWNER = ? AND TABLE_NAME = ?"
                + " AND LOG_GROUP_TYPE = 'ALL COLUMN LOGGING'");
    assertThat(plain.bindValues()).containsExactly("SHOP", "ITEMS");
    FakeJdbc.Executed cdb = db.last("SELECT COUNT(*) FROM CDB_LOG_GROUPS");
    assertThat(cdb.sql)
        .isEqualTo(
            "SELECT COUNT(*) FROM CDB_LOG_GROUPS WHERE CON_ID = ? AND OWNER = ?"
                + " AND TABLE_NAME = ? AND LOG_GROUP_TYPE = 'ALL COLUMN LOGGING'");
    assertThat(cdb.bindValues()).containsExactly(3, "SHOP", "ITEMS");
  }
}
