package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The simulator as its own server: clients reach it by URL over loopback, see the same answers and
 * errors as in-process clients, and may vanish at any time without the database noticing more than
 * a closed session.
 */
class SimulatorServerTest {

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(5).build();
  private final TableId t =
      oracle.createTable(
          TableLayout.builder(TableId.of("APP", "T"), 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
              .primaryKey("ID")
              .build());
  private SimulatorServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private SimulatorServer serve() throws Exception {
    server = SimulatorServer.start(oracle, "test", 0, false);
    return server;
  }

  private long commit(long id) {
    synchronized (oracle) {
      long low = oracle.currentScn();
      SimulatedTransaction tx = oracle.begin();
      tx.insert(t, id, "n" + id);
      tx.commit();
      return low;
    }
  }

  private static List<String> redo(Connection c, long low) throws SQLException {
    String member;
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT F.MEMBER FROM V$LOG L"
                    + " JOIN V$LOGFILE F ON F.GROUP# = L.GROUP# WHERE L.STATUS = 'CURRENT'")) {
      rs.next();
      member = rs.getString("MEMBER");
    }
    try (PreparedStatement add =
            c.prepareCall(
                "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?,"
                    + " OPTIONS => SYS.DBMS_LOGMNR.NEW); END;");
        PreparedStatement start =
            c.prepareCall(
                "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?,"
                    + " OPTIONS => SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG); END;")) {
      add.setString(1, member);
      add.execute();
      start.setBigDecimal(1, BigDecimal.valueOf(low));
      start.execute();
    }
    List<String> out = new ArrayList<>();
    try (PreparedStatement q =
        c.prepareStatement("SELECT SQL_REDO FROM V$LOGMNR_CONTENTS WHERE OPERATION_CODE = ?")) {
      q.setInt(1, 1);
      q.setFetchSize(2);
      try (ResultSet rs = q.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  @Test
  void aRemoteClient_seesWhatAnInProcessClientSees() throws Exception {
    long low = commit(1);
    commit(2);
    commit(3);
    serve();
    try (Connection remote = DriverManager.getConnection(server.url());
        Connection local = DriverManager.getConnection(oracle.url())) {
      assertThat(remote.getMetaData().getDatabaseProductName()).isEqualTo("Oracle");
      assertThat(redo(remote, low)).hasSize(3).isEqualTo(redo(local, low));
    }
  }

  @Test
  void errorsCrossTheWireWithTheirCodes_andALostSessionReallyClosesTheConnection()
      throws Exception {
    serve();
    try (Connection c = DriverManager.getConnection(server.url())) {
      assertThatThrownBy(
              () -> c.createStatement().executeQuery("SELECT SCN FROM V$LOGMNR_CONTENTS"))
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getMessage()).startsWith("ORA-01306"));
      synchronized (oracle) {
        oracle.faults().atCall(GatewayCall.DATABASE, 1, Fault.error(3113));
      }
      assertThatThrownBy(
              () -> c.createStatement().executeQuery("SELECT CURRENT_SCN FROM V$DATABASE"))
          .isInstanceOfSatisfying(
              SQLRecoverableException.class, e -> assertThat(e.getErrorCode()).isEqualTo(3113));
      assertThat(c.isClosed()).isTrue();
      assertThatThrownBy(() -> c.createStatement())
          .isInstanceOfSatisfying(
              SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(17008));
    }
  }

  @Test
  void clientsThatVanish_leaveTheDatabaseAsItWas_andOthersCarryOn() throws Exception {
    long low = commit(1);
    serve();
    for (int i = 0; i < 3; i++) {
      Connection c = DriverManager.getConnection(server.url());
      c.createStatement().execute("ALTER SESSION SET TIME_ZONE = '00:00'");
      // a client killed without a word: its socket is gone, it never says Close
      try (Socket raw = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
        raw.getOutputStream().write(new byte[] {1, 2, 3});
      }
    }
    commit(2);
    try (Connection c = DriverManager.getConnection(server.url())) {
      assertThat(redo(c, low)).hasSize(2);
    }
  }

  @Test
  void anUnknownDatabaseOrAServerThatIsNotThere_failAsOracleListenersDo() throws Exception {
    serve();
    String wrong = server.url().replace("/test", "/nope");
    assertThatThrownBy(() -> DriverManager.getConnection(wrong))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(12514));
    // Port 1 (tcpmux): nothing listens there on a machine like this one, where a port just freed by
    // the server may be taken at once by another process.
    assertThatThrownBy(() -> DriverManager.getConnection("jdbc:redoline:sim://127.0.0.1:1/test"))
        .isInstanceOfSatisfying(
            SQLRecoverableException.class, e -> assertThat(e.getErrorCode()).isEqualTo(12541));
  }
}
