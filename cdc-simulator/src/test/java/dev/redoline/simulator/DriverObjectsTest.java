package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's JDBC objects are plain classes (no dynamic proxy on any call, let alone a row's):
 * they answer what clients use, refuse the rest with SQLFeatureNotSupportedException as ojdbc
 * refuses what it lacks, and hand the SCNs of V$LOGMNR_CONTENTS, held as longs, to every getter as
 * an Oracle NUMBER, in this JVM and through a server alike.
 */
class DriverObjectsTest {

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(3).build();
  private final TableId t =
      oracle.createTable(
          TableLayout.builder(TableId.of("APP", "T"), 1)
              .column("ID", OracleType.number(10, 0), false)
              .primaryKey("ID")
              .build());
  private SimulatorServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  private List<String> urls() throws Exception {
    server = SimulatorServer.start(oracle, "objects", 0, false);
    return List.of(oracle.url(), server.url());
  }

  @Test
  void connectionStatementsResultSetsAndMetadata_arePlainObjects() throws Exception {
    for (String url : urls()) {
      try (Connection c = DriverManager.getConnection(url);
          Statement plain = c.createStatement();
          PreparedStatement prepared = c.prepareStatement("SELECT THREAD# FROM V$THREAD");
          CallableStatement call = c.prepareCall("BEGIN NULL; END;");
          ResultSet rs = prepared.executeQuery()) {
        List<Object> objects =
            List.of(c, c.getMetaData(), plain, prepared, call, rs, rs.getMetaData());
        for (Object o : objects) {
          assertThat(Proxy.isProxyClass(o.getClass())).as("%s of %s", o, url).isFalse();
        }
        assertThat(rs.getStatement()).isSameAs(prepared);
        assertThat(prepared.getConnection()).isSameAs(c);
        assertThat(c.getMetaData().getConnection()).isSameAs(c);
        assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("THREAD#");
        assertThat(c.unwrap(Connection.class)).isSameAs(c);
        assertThat(c.isWrapperFor(Statement.class)).isFalse();
      }
    }
  }

  @Test
  void whatTheDriverDoesNotServe_failsAsUnsupported_namingTheMethod() throws Exception {
    try (Connection c = DriverManager.getConnection(oracle.url());
        Statement st = c.createStatement();
        CallableStatement call = c.prepareCall("BEGIN NULL; END;")) {
      assertThatThrownBy(c::setSavepoint)
          .isInstanceOf(SQLFeatureNotSupportedException.class)
          .hasMessageContaining("Connection.setSavepoint");
      assertThatThrownBy(() -> st.addBatch("SELECT 1 FROM DUAL"))
          .isInstanceOf(SQLFeatureNotSupportedException.class)
          .hasMessageContaining("addBatch");
      assertThatThrownBy(() -> call.registerOutParameter(1, Types.NUMERIC))
          .isInstanceOf(SQLFeatureNotSupportedException.class);
      assertThatThrownBy(() -> c.getMetaData().getTables(null, null, null, null))
          .isInstanceOf(SQLFeatureNotSupportedException.class)
          .hasMessageContaining("DatabaseMetaData.getTables");
      try (ResultSet rs = st.executeQuery("SELECT THREAD# FROM V$THREAD")) {
        assertThatThrownBy(() -> rs.getMetaData().getPrecision(1))
            .isInstanceOf(SQLFeatureNotSupportedException.class);
      }
      c.close();
      assertThatThrownBy(() -> c.setClientInfo("a", "b"))
          .isInstanceOfSatisfying(
              SQLClientInfoException.class,
              e -> assertThat(e.getErrorCode()).as("Closed Connection").isEqualTo(17008));
    }
  }

  @Test
  void theScnsOfTheContents_areNumbersToEveryGetter() throws Exception {
    long low;
    synchronized (oracle) {
      low = oracle.currentScn();
      SimulatedTransaction tx = oracle.begin();
      tx.insert(t, 1L);
      tx.commit();
      oracle.flushAll();
    }
    List<List<Object>> seen = new ArrayList<>();
    for (String url : urls()) {
      try (Connection c = DriverManager.getConnection(url)) {
        CurrentLogMining.start(c, low);
        try (Statement st = c.createStatement();
            ResultSet rs = st.executeQuery("SELECT SCN, START_SCN FROM V$LOGMNR_CONTENTS")) {
          List<Object> values = new ArrayList<>();
          while (rs.next()) {
            Object scn = rs.getObject(1);
            assertThat(scn).isInstanceOf(BigDecimal.class);
            assertThat(rs.getBigDecimal("SCN")).isEqualTo(scn);
            assertThat(rs.getLong(1))
                .isEqualTo(((BigDecimal) scn).longValueExact())
                .isGreaterThanOrEqualTo(low);
            assertThat(rs.getString(1)).isEqualTo(((BigDecimal) scn).toPlainString());
            assertThat(rs.getObject(1, Long.class)).isEqualTo(rs.getLong(1));
            assertThat(rs.getObject(2)).isNull();
            assertThat(rs.getLong(2)).isZero();
            assertThat(rs.wasNull()).isTrue();
            values.add(scn);
          }
          seen.add(values);
        }
      }
    }
    assertThat(seen.get(0)).hasSizeGreaterThanOrEqualTo(3).isEqualTo(seen.get(1));
  }
}
