package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLClientInfoException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The driver's JDBC objects are plain classes (no dynamic proxy on any call, let alone a row's):
 * they answer what clients use, refuse the rest with SQLFeatureNotSupportedException as ojdbc
 * refuses what it lacks, in this JVM and through a server alike.
 */
class DriverObjectsTest {

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(3).build();
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
}
