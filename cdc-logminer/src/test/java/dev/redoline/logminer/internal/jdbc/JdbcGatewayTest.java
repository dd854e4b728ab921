package dev.redoline.logminer.internal.jdbc;

import static dev.redoline.logminer.internal.jdbc.FakeJdbc.row;
import static dev.redoline.logminer.internal.jdbc.FakeJdbc.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.ActiveTransaction;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchiveDestination;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.DatabaseState;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.OnlineLog;
import dev.redoline.logminer.internal.PdbState;
import dev.redoline.logminer.internal.RedoThreadState;
import dev.redoline.logminer.internal.SessionLog;
import dev.redoline.logminer.internal.SessionStart;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Pins the text and binds of every inventory, dictionary and DBMS_LOGMNR statement, and their
 * mapping.
 */
class JdbcGatewayTest {

  private static final BigDecimal SCN_MAX = new BigDecimal("18446744073709551615");
  private static final LocalDateTime T0 = LocalDateTime.of(2024, 3, 1, 9, 0, 0);

  private FakeJdbc db;
  private JdbcGateway gateway;

  @BeforeEach
  void open() throws SQLException {
    db = new FakeJdbc();
    gateway = JdbcGateway.open(db.connection());
  }

  @Test
  void open_setsTheSessionNlsOnce() {
    assertThat(db.statements())
        .containsExactly(
            "ALTER SESSION SET NLS_DATE_FORMAT = 'SYYYY-MM-DD HH24:MI:SS'"
                + " NLS_TIMESTAMP_FORMAT = 'SYYYY-MM-DD HH24:MI:SS.FF9'"
                + " NLS_TIMESTAMP_TZ_FORMAT = 'SYYYY-MM-DD HH24:MI:SS.FF9 TZH:TZM' NLS_NUMERIC_CHARACTERS = '.,'"
                + " NLS_SORT = 'BINARY' NLS_COMP = 'BINARY'",
            "ALTER SESSION SET TIME_ZONE = '00:00'");
  }

  @Test
  void database_readsVDatabaseAndTheServerOffset() throws SQLException {
    db.answer(
        Sql.DATABASE,
        rows(
            "NAME, DBID, CURRENT_SCN, LOG_MODE, SUPPLEMENTAL_LOG_DATA_MIN,"
                + " SUPPLEMENTAL_LOG_DATA_ALL, SUPPLEMENTAL_LOG_DATA_PK, RESETLOGS_CHANGE#, RESETLOGS_TIME, CDB,"
                + " OPEN_MODE, SERVER_OFFSET, SERVER_TIME, DB_TIME_ZONE",
            row(
                "FREE",
                1441112233L,
                new BigDecimal("9223372036854775808"),
                "ARCHIVELOG",
                "IMPLICIT",
                "NO",
                "YES",
                1L,
                T0,
                "YES",
                "READ WRITE",
                "+02:00",
                "2024-01-01 00:00:00",
                "+00:00")));

    DatabaseState state = gateway.database();

    assertThat(db.last("SELECT D.NAME").sql)
        .isEqualTo(
            "SELECT D.NAME, D.DBID, D.CURRENT_SCN, D.LOG_MODE,"
                + " D.SUPPLEMENTAL_LOG_DATA_MIN, D.SUPPLEMENTAL_LOG_DATA_ALL, D.SUPPLEMENTAL_LOG_DATA_PK,"
                + " D.RESETLOGS_CHANGE#, D.RESETLOGS_TIME, D.CDB, D.OPEN_MODE,"
                + " TO_CHAR(SYSTIMESTAMP, 'TZH:TZM') AS SERVER_OFFSET,"
                + " TO_CHAR(SYSTIMESTAMP, 'YYYY-MM-DD HH24:MI:SS') AS SERVER_TIME, DBTIMEZONE AS DB_TIME_ZONE"
                + " FROM V$DATABASE D");
    assertThat(state)
        .isEqualTo(
            new DatabaseState(
                "FREE",
                1441112233L,
                Scn.parse("9223372036854775808"),
                DatabaseState.LogMode.ARCHIVELOG,
                true,
                false,
                true,
                Scn.of(1),
                T0,
                true,
                "READ WRITE",
                ZoneOffset.ofHours(2)));
  }

  @Test
  void database_manualLogModeCountsAsNoArchiveLog() throws SQLException {
    db.answer(
        Sql.DATABASE,
        rows(
            "NAME, DBID, CURRENT_SCN, LOG_MODE, SUPPLEMENTAL_LOG_DATA_MIN,"
                + " SUPPLEMENTAL_LOG_DATA_ALL, SUPPLEMENTAL_LOG_DATA_PK, RESETLOGS_CHANGE#, RESETLOGS_TIME, CDB,"
                + " OPEN_MODE, SERVER_OFFSET, SERVER_TIME, DB_TIME_ZONE",
            row(
                "ORCL",
                1L,
                5L,
                "MANUAL",
                "NO",
                "NO",
                "NO",
                1L,
                T0,
                "NO",
                "READ WRITE",
                " +00:00",
                "2024-01-01 00:00:00",
                "+00:00")));

    DatabaseState state = gateway.database();

    assertThat(state.logMode()).isEqualTo(DatabaseState.LogMode.NOARCHIVELOG);
    assertThat(state.supplementalLogDataMin()).isFalse();
    assertThat(state.zone()).isEqualTo(ZoneOffset.UTC);
  }

  /**
   * Issue 16 item 11: the server clock's zone is DBTIMEZONE's region only when that region has the
   * clock's offset at the clock's time; else the offset alone (a configured zone decides first).
   */
  @Test
  void timeZone_theServerZoneIsDbTimeZonesRegionOnlyWhenItAgreesWithTheClock() {
    assertThat(ViewRows.serverZone("Europe/Paris", "+01:00", "2024-03-31 01:59:59"))
        .isEqualTo(ZoneId.of("Europe/Paris"));
    assertThat(ViewRows.serverZone("Europe/Paris", "+02:00", "2024-03-31 03:00:01"))
        .isEqualTo(ZoneId.of("Europe/Paris"));
    assertThat(ViewRows.serverZone("Europe/Paris", "+00:00", "2024-03-31 03:00:01"))
        .isEqualTo(ZoneOffset.UTC);
    assertThat(ViewRows.serverZone("+00:00", "+02:00", "2024-07-01 12:00:00"))
        .isEqualTo(ZoneOffset.ofHours(2));
    assertThat(ViewRows.serverZone("Mars/Olympus_Mons", "+02:00", "2024-07-01 12:00:00"))
        .isEqualTo(ZoneOffset.ofHours(2));
    assertThat(ViewRows.serverZone(null, " +05:30", null))
        .isEqualTo(ZoneOffset.ofHoursMinutes(5, 30));
  }

  @Test
  void threads_readsVThreadWithTheInstanceNumber() throws SQLException {
    db.answer(
        Sql.THREADS,
        rows(
            "THREAD#, STATUS, ENABLED, INSTANCE_NUMBER, SEQUENCE#, CHECKPOINT_CHANGE#,"
                + " ENABLE_CHANGE#, DISABLE_CHANGE#, LAST_REDO_SEQUENCE#, LAST_REDO_BLOCK, LAST_REDO_CHANGE#,"
                + " LAST_REDO_TIME",
            row(1, "OPEN", "PUBLIC", 1, 7L, 100L, 1L, 0L, 7L, 100909L, 2161574L, T0),
            row(2, "CLOSED", "PRIVATE", null, 3L, 90L, 50L, null, 3L, 12L, 95L, T0)));

    List<RedoThreadState> threads = gateway.threads();

    assertThat(db.last("SELECT T.THREAD#").sql)
        .isEqualTo(
            "SELECT T.THREAD#, T.STATUS, T.ENABLED,"
                + " I.INSTANCE_NUMBER, T.SEQUENCE#, T.CHECKPOINT_CHANGE#, T.ENABLE_CHANGE#, T.DISABLE_CHANGE#,"
                + " T.LAST_REDO_SEQUENCE#, T.LAST_REDO_BLOCK, T.LAST_REDO_CHANGE#, T.LAST_REDO_TIME"
                + " FROM V$THREAD T LEFT OUTER JOIN GV$INSTANCE I ON I.INSTANCE_NAME = T.INSTANCE ORDER BY T.THREAD#");
    assertThat(threads)
        .containsExactly(
            new RedoThreadState(
                1,
                RedoThreadState.Status.OPEN,
                RedoThreadState.Enabled.PUBLIC,
                1,
                7,
                Scn.of(100),
                Scn.of(1),
                Scn.ZERO,
                7,
                100909,
                Scn.of(2161574),
                T0),
            new RedoThreadState(
                2,
                RedoThreadState.Status.CLOSED,
                RedoThreadState.Enabled.PRIVATE,
                0,
                3,
                Scn.of(90),
                Scn.of(50),
                Scn.ZERO,
                3,
                12,
                Scn.of(95),
                T0));
  }

  @Test
  void onlineLogs_readsOneMemberPerGroupAndTheUnsignedNextScn() throws SQLException {
    String columns =
        "GROUP#, THREAD#, SEQUENCE#, BYTES, BLOCKSIZE, MEMBER, ARCHIVED, STATUS, FIRST_CHANGE#,"
            + " FIRST_TIME, NEXT_CHANGE#";
    db.answer(
        Sql.ONLINE_LOGS,
        rows(
            columns,
            row(
                1,
                1,
                6L,
                209715200L,
                512,
                "/opt/oracle/oradata/FREE/redo01.log",
                "YES",
                "INACTIVE",
                10L,
                T0,
                20L),
            row(
                2,
                1,
                7L,
                209715200L,
                512,
                "/opt/oracle/oradata/FREE/redo02.log",
                "NO",
                "CLEARING_CURRENT",
                20L,
                T0,
                SCN_MAX),
            row(
                3,
                1,
                0L,
                209715200L,
                4096,
                "/opt/oracle/oradata/FREE/redo03.log",
                "YES",
                "UNUSED",
                0L,
                null,
                0L)));

    List<OnlineLog> logs = gateway.onlineLogs();

    assertThat(db.last("SELECT L.GROUP#").sql)
        .isEqualTo(
            "SELECT L.GROUP#, L.THREAD#, L.SEQUENCE#, L.BYTES,"
                + " L.BLOCKSIZE, COALESCE(MIN(CASE WHEN F.STATUS IS NULL THEN F.MEMBER END), MIN(F.MEMBER)) AS MEMBER,"
                + " L.ARCHIVED, L.STATUS, L.FIRST_CHANGE#, L.FIRST_TIME, L.NEXT_CHANGE#"
                + " FROM V$LOG L JOIN V$LOGFILE F ON F.GROUP# = L.GROUP# AND F.TYPE = 'ONLINE'"
                + " GROUP BY L.GROUP#, L.THREAD#, L.SEQUENCE#, L.BYTES, L.BLOCKSIZE, L.ARCHIVED, L.STATUS,"
                + " L.FIRST_CHANGE#, L.FIRST_TIME, L.NEXT_CHANGE# ORDER BY L.THREAD#, L.SEQUENCE#, L.GROUP#");
    assertThat(logs)
        .containsExactly(
            new OnlineLog(
                1,
                1,
                6,
                209715200,
                512,
                "/opt/oracle/oradata/FREE/redo01.log",
                true,
                OnlineLog.Status.INACTIVE,
                Scn.of(10),
                T0,
                Scn.of(20)),
            new OnlineLog(
                2,
                1,
                7,
                209715200,
                512,
                "/opt/oracle/oradata/FREE/redo02.log",
                false,
                OnlineLog.Status.CURRENT,
                Scn.of(20),
                T0,
                Scn.MAX),
            new OnlineLog(
                3,
                1,
                0,
                209715200,
                4096,
                "/opt/oracle/oradata/FREE/redo03.log",
                true,
                OnlineLog.Status.UNUSED,
                Scn.ZERO,
                null,
                Scn.ZERO));
  }

  @Test
  void archivedLogs_bindsTheScnAsAnUnsignedNumberAndKeepsDeletedRows() throws SQLException {
    db.answer(
        Sql.ARCHIVED_LOGS,
        rows(
            "NAME, DEST_ID, THREAD#, SEQUENCE#, FIRST_CHANGE#, NEXT_CHANGE#,"
                + " FIRST_TIME, BLOCKS, BLOCK_SIZE, STATUS, STANDBY_DEST, DICTIONARY_BEGIN, DICTIONARY_END,"
                + " RESETLOGS_CHANGE#",
            row("/arch/1_5.arc", 1, 1, 5L, 1L, 10L, T0, 2048L, 512, "D", "NO", "NO", "NO", 1L),
            row(null, 2, 1, 6L, 10L, 20L, T0, 0L, 512, "A", "YES", "YES", "YES", 1L)));

    List<ArchivedLog> logs = gateway.archivedLogs(Scn.parse("9223372036854775809"));

    FakeJdbc.Executed e = db.last("SELECT A.NAME");
    assertThat(e.sql)
        .isEqualTo(
            "SELECT A.NAME, A.DEST_ID, A.THREAD#, A.SEQUENCE#, A.FIRST_CHANGE#,"
                + " A.NEXT_CHANGE#, A.FIRST_TIME, A.BLOCKS, A.BLOCK_SIZE, A.STATUS, A.STANDBY_DEST,"
                + " A.DICTIONARY_BEGIN, A.DICTIONARY_END, A.RESETLOGS_CHANGE#"
                + " FROM V$ARCHIVED_LOG A JOIN V$DATABASE D ON A.RESETLOGS_CHANGE# = D.RESETLOGS_CHANGE#"
                + " AND A.RESETLOGS_TIME = D.RESETLOGS_TIME WHERE A.ARCHIVED = 'YES' AND A.NEXT_CHANGE# > ?"
                + " ORDER BY A.THREAD#, A.SEQUENCE#, A.DEST_ID");
    assertThat(e.bindValues()).containsExactly(new BigDecimal("9223372036854775809"));
    assertThat(logs)
        .containsExactly(
            new ArchivedLog(
                "/arch/1_5.arc",
                1,
                1,
                5,
                Scn.of(1),
                Scn.of(10),
                T0,
                2048,
                512,
                ArchivedLog.Status.D,
                false,
                false,
                false,
                Scn.of(1)),
            new ArchivedLog(
                null,
                2,
                1,
                6,
                Scn.of(10),
                Scn.of(20),
                T0,
                0,
                512,
                ArchivedLog.Status.A,
                true,
                true,
                true,
                Scn.of(1)));
  }

  @Test
  void archiveDestinations_readsVArchiveDestStatus() throws SQLException {
    db.answer(
        Sql.ARCHIVE_DESTINATIONS,
        rows(
            "DEST_ID, DEST_NAME, STATUS, TYPE",
            row(1, "LOG_ARCHIVE_DEST_1", "VALID", "LOCAL"),
            row(2, "LOG_ARCHIVE_DEST_2", "INACTIVE", null)));

    List<ArchiveDestination> destinations = gateway.archiveDestinations();

    assertThat(db.last("SELECT DEST_ID").sql)
        .isEqualTo(
            "SELECT DEST_ID, DEST_NAME, STATUS, TYPE FROM V$ARCHIVE_DEST_STATUS ORDER BY DEST_ID");
    assertThat(destinations)
        .containsExactly(
            new ArchiveDestination(1, "LOG_ARCHIVE_DEST_1", "VALID", "LOCAL"),
            new ArchiveDestination(2, "LOG_ARCHIVE_DEST_2", "INACTIVE", ""));
  }

  @Test
  void pdbs_readsVPdbsWithoutTheSeed() throws SQLException {
    db.answer(
        Sql.PDBS,
        rows("CON_ID, NAME, CON_UID, OPEN_MODE", row(3, "FREEPDB1", 3540276474L, "MOUNTED")));

    List<PdbState> pdbs = gateway.pdbs();

    assertThat(db.last("SELECT CON_ID").sql)
        .isEqualTo(
            "SELECT CON_ID, NAME, CON_UID, OPEN_MODE FROM V$PDBS WHERE CON_ID > 2 ORDER BY CON_ID");
    assertThat(pdbs).containsExactly(new PdbState(3, "FREEPDB1", 3540276474L, "MOUNTED"));
  }

  @Test
  void activeTransactions_readsVTransactionOrGvTransactionWithTheSessionsUser()
      throws SQLException {
    String columns = "XIDUSN, XIDSLOT, XIDSQN, START_SCN, STATUS, INST_ID, USERNAME";
    db.answer(Sql.TRANSACTIONS, rows(columns, row(10, 11, 855L, 2161573L, "ACTIVE", 1, "APP")));
    db.answer(
        Sql.TRANSACTIONS_ALL_INSTANCES,
        rows(columns, row(10, 11, 4294967295L, 5L, "ACTIVE", 2, null)));

    List<ActiveTransaction> local = gateway.activeTransactions(false);
    List<ActiveTransaction> all = gateway.activeTransactions(true);

    assertThat(db.statements())
        .contains(
            "SELECT T.XIDUSN, T.XIDSLOT, T.XIDSQN, T.START_SCN, T.STATUS,"
                + " TO_NUMBER(SYS_CONTEXT('USERENV', 'INSTANCE')) AS INST_ID, S.USERNAME FROM V$TRANSACTION T"
                + " LEFT OUTER JOIN V$SESSION S ON S.SADDR = T.SES_ADDR",
            "SELECT T.XIDUSN, T.XIDSLOT, T.XIDSQN, T.START_SCN, T.STATUS, T.INST_ID, S.USERNAME FROM GV$TRANSACTION T"
                + " LEFT OUTER JOIN GV$SESSION S ON S.INST_ID = T.INST_ID AND S.SADDR = T.SES_ADDR");
    assertThat(local)
        .containsExactly(
            new ActiveTransaction(new Xid(10, 11, 855), Scn.of(2161573), "ACTIVE", 1, "APP"));
    assertThat(all)
        .containsExactly(
            new ActiveTransaction(new Xid(10, 11, 4294967295L), Scn.of(5), "ACTIVE", 2, null));
  }

  @Test
  void objects_nonCdb_bindsTheRegexesAndMapsPartitionsToTheirTable() throws SQLException {
    db.answer(
        Sql.OBJECTS,
        rows(
            "OWNER, OBJECT_NAME, SUBOBJECT_NAME, OBJECT_ID, DATA_OBJECT_ID",
            row("SHOP", "ORDERS", null, 100, null),
            row("SHOP", "ORDERS", "P2024", 101, 101)));

    List<DictionaryObject> objects = gateway.objects(null, "^SHOP$", "^ORD.*$");

    FakeJdbc.Executed e = db.last("SELECT O.OWNER");
    assertThat(e.sql)
        .isEqualTo(
            "SELECT O.OWNER, O.OBJECT_NAME, O.SUBOBJECT_NAME, O.OBJECT_ID,"
                + " O.DATA_OBJECT_ID FROM ALL_OBJECTS O"
                + " WHERE O.OBJECT_TYPE IN ('TABLE', 'TABLE PARTITION', 'TABLE SUBPARTITION') AND O.TEMPORARY = 'N'"
                + " AND REGEXP_LIKE(O.OWNER, ?) AND REGEXP_LIKE(O.OBJECT_NAME, ?)"
                + " ORDER BY O.OWNER, O.OBJECT_NAME, O.OBJECT_ID");
    assertThat(e.bindValues()).containsExactly("^SHOP$", "^ORD.*$");
    TableId orders = TableId.of("SHOP", "ORDERS");
    assertThat(objects)
        .containsExactly(
            new DictionaryObject(orders, 0, 100, 0, null),
            new DictionaryObject(orders, 0, 101, 101, "P2024"));
  }

  @Test
  void objects_container_resolvesTheConIdThenReadsCdbObjects() throws SQLException {
    db.answer(Sql.CONTAINER, rows("CON_ID, OPEN_MODE", row(3, "READ WRITE")));
    db.answer(
        Sql.CDB_OBJECTS,
        rows(
            "OWNER, OBJECT_NAME, SUBOBJECT_NAME, OBJECT_ID, DATA_OBJECT_ID",
            row("SHOP", "ITEMS", null, 73206, 73206)));

    List<DictionaryObject> objects = gateway.objects("FREEPDB1", "^SHOP$", "^.*$");

    FakeJdbc.Executed container = db.last("SELECT CON_ID, OPEN_MODE");
    assertThat(container.sql)
        .isEqualTo("SELECT CON_ID, OPEN_MODE FROM V$CONTAINERS WHERE NAME = ?");
    assertThat(container.bindValues()).containsExactly("FREEPDB1");
    FakeJdbc.Executed e = db.last("SELECT O.OWNER");
    assertThat(e.sql)
        .isEqualTo(
            "SELECT O.OWNER, O.OBJECT_NAME, O.SUBOBJECT_NAME, O.OBJECT_ID,"
                + " O.DATA_OBJECT_ID FROM CDB_OBJECTS O WHERE O.CON_ID = ?"
                + " AND O.OBJECT_TYPE IN ('TABLE', 'TABLE PARTITION', 'TABLE SUBPARTITION') AND O.TEMPORARY = 'N'"
                + " AND REGEXP_LIKE(O.OWNER, ?) AND REGEXP_LIKE(O.OBJECT_NAME, ?)"
                + " ORDER BY O.OWNER, O.OBJECT_NAME, O.OBJECT_ID");
    assertThat(e.bindValues()).containsExactly(3, "^SHOP$", "^.*$");
    assertThat(objects)
        .containsExactly(
            new DictionaryObject(new TableId("FREEPDB1", "SHOP", "ITEMS"), 3, 73206, 73206, null));
  }

  @Test
  void objects_closedOrUnknownContainer_failsAsOracleWould() {
    db.answer(Sql.CONTAINER, rows("CON_ID, OPEN_MODE", row(3, "MOUNTED")));

    assertThatThrownBy(() -> gateway.objects("FREEPDB1", "^A$", "^B$"))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(65024))
        .hasMessage("ORA-65024: Pluggable database FREEPDB1 is not open.");
    assertThatThrownBy(() -> gateway.objects("NOPE", "^A$", "^B$"))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(65011))
        .hasMessage("ORA-65011: Pluggable database NOPE does not exist.");
  }

  @Test
  void tableLayout_mapsDictionaryTypesInColumnOrderWithThePrimaryKey() throws SQLException {
    String columns =
        "COLUMN_NAME, DATA_TYPE, DATA_LENGTH, DATA_PRECISION, DATA_SCALE, CHAR_LENGTH, NULLABLE";
    db.answer(
        Sql.COLUMNS,
        rows(
            columns,
            row("ID", "NUMBER", 22, 10, 0, 0, "N"),
            row("QTY", "NUMBER", 22, null, 0, 0, "Y"),
            row("PRICE", "NUMBER", 22, 10, 2, 0, "Y"),
            row("ANY_NUM", "NUMBER", 22, null, null, 0, "Y"),
            row("RATIO", "FLOAT", 22, 63, null, 0, "Y"),
            row("NAME", "VARCHAR2", 400, null, null, 100, "Y"),
            row("CODE", "CHAR", 3, null, null, 3, "Y"),
            row("HASH", "RAW", 16, null, null, 0, "Y"),
            row("AT", "TIMESTAMP(6) WITH TIME ZONE", 13, null, 6, 0, "Y"),
            row("SPAN", "INTERVAL DAY(2) TO SECOND(6)", 11, 2, 6, 0, "Y"),
            row("DOC", "XMLTYPE", 2000, null, null, 0, "Y"),
            row("GEO", "SDO_GEOMETRY", 1, null, null, 0, "Y")));
    db.answer(Sql.PRIMARY_KEY, rows("COLUMN_NAME", row("ID")));
    TableId table = TableId.of("SHOP", "ITEMS");

    TableLayout layout = gateway.tableLayout(table);

    FakeJdbc.Executed cols = db.last("SELECT COLUMN_NAME");
    assertThat(cols.sql)
        .isEqualTo(
            "SELECT COLUMN_NAME, DATA_TYPE, DATA_LENGTH, DATA_PRECISION, DATA_SCALE,"
                + " CHAR_LENGTH, NULLABLE FROM ALL_TAB_COLUMNS WHERE OWNER = ? AND TABLE_NAME = ?"
                + " AND COLUMN_ID IS NOT NULL ORDER BY COLUMN_ID");
    assertThat(cols.bindValues()).containsExactly("SHOP", "ITEMS");
    FakeJdbc.Executed key = db.last("SELECT CC.COLUMN_NAME");
    assertThat(key.sql)
        .isEqualTo(
            "SELECT CC.COLUMN_NAME FROM ALL_CONSTRAINTS C"
                + " JOIN ALL_CONS_COLUMNS CC ON CC.OWNER = C.OWNER AND CC.CONSTRAINT_NAME = C.CONSTRAINT_NAME"
                + " WHERE C.OWNER = ? AND C.TABLE_NAME = ? AND C.CONSTRAINT_TYPE = 'P' ORDER BY CC.POSITION");
    assertThat(key.bindValues()).containsExactly("SHOP", "ITEMS");
    assertThat(layout)
        .isEqualTo(
            TableLayout.builder(table, 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("QTY", OracleType.number(38, 0), true)
                .column("PRICE", OracleType.number(10, 2), true)
                .column("ANY_NUM", OracleType.parse("NUMBER"), true)
                .column("RATIO", OracleType.parse("FLOAT(63)"), true)
                .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 100), true)
                .column("CODE", OracleType.sized(OracleType.Kind.CHAR, 3), true)
                .column("HASH", OracleType.sized(OracleType.Kind.RAW, 16), true)
                .column("AT", OracleType.timestamp(OracleType.Kind.TIMESTAMP_TZ, 6), true)
                .column("SPAN", OracleType.parse("INTERVAL DAY(2) TO SECOND(6)"), true)
                .column("DOC", OracleType.of(OracleType.Kind.XMLTYPE), true)
                .column("GEO", OracleType.of(OracleType.Kind.UNSUPPORTED), true)
                .primaryKey("ID")
                .build());
  }

  @Test
  void tableLayout_container_readsCdbViewsWithTheConId() throws SQLException {
    db.answer(Sql.CONTAINER, rows("CON_ID, OPEN_MODE", row(4, "READ ONLY")));
    db.answer(
        Sql.CDB_COLUMNS,
        rows(
            "COLUMN_NAME, DATA_TYPE, DATA_LENGTH, DATA_PRECISION, DATA_SCALE,"
                + " CHAR_LENGTH, NULLABLE",
            row("ID", "NUMBER", 22, 10, 0, 0, "N")));

    TableLayout layout = gateway.tableLayout(new TableId("PDB2", "SHOP", "ITEMS"));

    assertThat(db.last("SELECT COLUMN_NAME").sql)
        .isEqualTo(
            "SELECT COLUMN_NAME, DATA_TYPE, DATA_LENGTH,"
                + " DATA_PRECISION, DATA_SCALE, CHAR_LENGTH, NULLABLE FROM CDB_TAB_COLUMNS"
                + " WHERE CON_ID = ? AND OWNER = ? AND TABLE_NAME = ? AND COLUMN_ID IS NOT NULL ORDER BY COLUMN_ID");
    assertThat(db.last("SELECT COLUMN_NAME").bindValues()).containsExactly(4, "SHOP", "ITEMS");
    FakeJdbc.Executed key = db.last("SELECT CC.COLUMN_NAME");
    assertThat(key.sql)
        .isEqualTo(
            "SELECT CC.COLUMN_NAME FROM CDB_CONSTRAINTS C"
                + " JOIN CDB_CONS_COLUMNS CC ON CC.CON_ID = C.CON_ID AND CC.OWNER = C.OWNER"
                + " AND CC.CONSTRAINT_NAME = C.CONSTRAINT_NAME WHERE C.CON_ID = ? AND C.OWNER = ? AND C.TABLE_NAME = ?"
                + " AND C.CONSTRAINT_TYPE = 'P' ORDER BY CC.POSITION");
    assertThat(key.bindValues()).containsExactly(4, "SHOP", "ITEMS");
    assertThat(layout.primaryKey()).isEmpty();
    assertThat(layout.columns()).hasSize(1);
  }

  @Test
  void tableLayout_noColumns_isOra00942() {
    assertThatThrownBy(() -> gateway.tableLayout(TableId.of("SHOP", "GONE")))
        .isInstanceOfSatisfying(
            SQLException.class,
            e -> {
              assertThat(e.getErrorCode()).isEqualTo(942);
              assertThat(e.getSQLState()).isEqualTo("42000");
            })
        .hasMessage("ORA-00942: table or view does not exist");
  }

  @Test
  void tableLayout_closedContainer_isOra01109() {
    db.answer(Sql.CONTAINER, rows("CON_ID, OPEN_MODE", row(3, "MOUNTED")));

    assertThatThrownBy(() -> gateway.tableLayout(new TableId("PDB1", "SHOP", "ITEMS")))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(1109))
        .hasMessage("ORA-01109: database not open");
  }

  @Test
  void scnToTimestamp_bindsTheScnAndReadsLocalTime() throws SQLException {
    db.answer(Sql.SCN_TO_TIMESTAMP, rows("T", row(T0)));

    LocalDateTime time = gateway.scnToTimestamp(Scn.of(2161573));

    FakeJdbc.Executed e = db.last("SELECT SCN_TO_TIMESTAMP");
    assertThat(e.sql).isEqualTo("SELECT SCN_TO_TIMESTAMP(?) FROM DUAL");
    assertThat(e.bindValues()).containsExactly(new BigDecimal("2161573"));
    assertThat(time).isEqualTo(T0);
  }

  @Test
  void scnToTimestamp_agedOut_propagatesOra08181Unchanged() {
    SQLException error =
        new SQLException(
            "ORA-08181: specified number is not a valid system change number", "99999", 8181);
    db.fail(Sql.SCN_TO_TIMESTAMP, error);

    assertThatThrownBy(() -> gateway.scnToTimestamp(Scn.of(5))).isSameAs(error);
  }

  @Test
  void timestampToScn_bindsTheTimeAndReadsAnUnsignedScn() throws SQLException {
    db.answer(Sql.TIMESTAMP_TO_SCN, rows("S", row(new BigDecimal("18446744073709551000"))));

    Scn scn = gateway.timestampToScn(T0);

    FakeJdbc.Executed e = db.last("SELECT TIMESTAMP_TO_SCN");
    assertThat(e.sql).isEqualTo("SELECT TIMESTAMP_TO_SCN(?) FROM DUAL");
    assertThat(e.bindValues()).containsExactly(T0);
    assertThat(scn).isEqualTo(Scn.parse("18446744073709551000"));
  }

  @Test
  void addAndRemoveLogFile_bindTheFileAndNameTheOptionConstant() throws SQLException {
    gateway.addLogFile("/arch/1_7.arc", AddLogOption.NEW);
    gateway.addLogFile("/arch/1_8 'x'.arc", AddLogOption.ADDFILE);
    gateway.removeLogFile("/arch/1_7.arc");

    assertThat(db.executed.subList(2, 5))
        .extracting(e -> e.sql)
        .containsExactly(
            "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => SYS.DBMS_LOGMNR.NEW); END;",
            "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => SYS.DBMS_LOGMNR.ADDFILE); END;",
            "BEGIN SYS.DBMS_LOGMNR.REMOVE_LOGFILE(LOGFILENAME => ?); END;");
    assertThat(db.executed.subList(2, 5))
        .extracting(FakeJdbc.Executed::bindValues)
        .containsExactly(
            List.of("/arch/1_7.arc"), List.of("/arch/1_8 'x'.arc"), List.of("/arch/1_7.arc"));
  }

  @Test
  void startSession_bindsUnsignedScnsAndNamesTheOptionConstants() throws SQLException {
    gateway.startSession(
        SessionStart.of(
            Scn.parse("9223372036854775807"),
            Scn.parse("18446744073709551614"),
            MiningOption.DICT_FROM_ONLINE_CATALOG,
            MiningOption.NO_ROWID_IN_STMT));
    gateway.startSession(
        new SessionStart(
            Scn.of(100),
            null,
            java.util.Set.of(
                MiningOption.COMMITTED_DATA_ONLY, MiningOption.DICT_FROM_ONLINE_CATALOG)));

    FakeJdbc.Executed bounded = db.executed.get(2);
    assertThat(bounded.sql)
        .isEqualTo(
            "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?, ENDSCN => ?, OPTIONS => SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG"
                + " + SYS.DBMS_LOGMNR.NO_ROWID_IN_STMT); END;");
    assertThat(bounded.bindValues())
        .containsExactly(
            new BigDecimal("9223372036854775807"), new BigDecimal("18446744073709551614"));
    FakeJdbc.Executed open = db.executed.get(3);
    assertThat(open.sql)
        .isEqualTo(
            "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?, OPTIONS =>"
                + " SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG + SYS.DBMS_LOGMNR.COMMITTED_DATA_ONLY); END;");
    assertThat(open.bindValues()).containsExactly(new BigDecimal("100"));
  }

  @Test
  void endSession_ignoresOra01307AndPropagatesOthers() throws SQLException {
    db.fail(
        Sql.END_LOGMNR,
        new SQLException("ORA-01307: no LogMiner session is currently active", "99999", 1307));
    SQLException other =
        new SQLException("ORA-03113: end-of-file on communication channel", "08006", 3113);
    db.fail(Sql.END_LOGMNR, other);

    gateway.endSession();

    assertThat(db.last("BEGIN SYS.DBMS_LOGMNR.END").sql)
        .isEqualTo("BEGIN SYS.DBMS_LOGMNR.END_LOGMNR(); END;");
    assertThatThrownBy(() -> gateway.endSession()).isSameAs(other);
  }

  @Test
  void sessionLogs_readsVLogmnrLogs() throws SQLException {
    db.answer(
        Sql.SESSION_LOGS,
        rows(
            "LOG_ID, FILENAME, THREAD_ID, THREAD_SQN, LOW_SCN, NEXT_SCN, STATUS, INFO",
            row(7L, "/arch/1_7.arc", 1, 7L, 20L, SCN_MAX, 1, null),
            row(
                8L,
                "Missing log file(s) for thread number 1, sequence number(s) 8 to 9",
                1,
                8L,
                null,
                null,
                4,
                "MISSING_LOGFILE")));

    List<SessionLog> logs = gateway.sessionLogs();

    assertThat(db.last("SELECT LOG_ID").sql)
        .isEqualTo(
            "SELECT LOG_ID, FILENAME, THREAD_ID, THREAD_SQN,"
                + " LOW_SCN, NEXT_SCN, STATUS, INFO FROM V$LOGMNR_LOGS ORDER BY LOG_ID");
    assertThat(logs)
        .containsExactly(
            new SessionLog(7, "/arch/1_7.arc", 1, 7, Scn.of(20), Scn.MAX, 1, null),
            new SessionLog(
                8,
                "Missing log file(s) for thread number 1, sequence number(s) 8 to 9",
                1,
                8,
                Scn.ZERO,
                Scn.ZERO,
                4,
                "MISSING_LOGFILE"));
  }

  @Test
  void close_closesTheConnectionAndNeverThrows() {
    gateway.close();
    gateway.close();

    assertThat(db.connectionClosed).isTrue();
  }
}
