package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 5: on a big-endian platform (AIX, SPARC, Linux on Z) the XID RAW(8) of
 * V$LOGMNR_CONTENTS holds the same numbers in the other byte order, so an engine that decodes the
 * RAW little-endian names every transaction differently from V$TRANSACTION.
 */
class XidByteOrderScenarioTest {

  @TempDir Path spill;

  private static void commitOne(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, "SHORT");
    tx.commit();
  }

  @Test
  void xidByteOrder_bigEndianPlatform_aTransactionOpenAcrossOrphanChecksIsDelivered()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(51).bigEndianPlatform().build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    SimulatedTransaction[] open = new SimulatedTransaction[1];
    new ScenarioScript()
        .then(
            o -> {
              open[0] = o.begin();
              open[0].insert(ORDERS, 1L, "OPEN");
              o.flush(1);
            })
        .idle(30) // orphan checks while it is open, and mining passes them
        .then(o -> commitOne(o, 2L))
        .idle(30)
        .then(o -> commitOne(o, 3L))
        .idle(30)
        .then(o -> open[0].commit())
        .then(
            o -> {
              SimulatedTransaction end = o.begin();
              end.insert(ORDERS, 99L, "END");
              end.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.buffer.orphan.check.interval.ms", "1000").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [2, SHORT]",
              "INSERT SHOP.ORDERS [3, SHORT]",
              "INSERT SHOP.ORDERS [1, OPEN]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.changeEvents().get(2).commit().xid()).isEqualTo(open[0].xid());
      assertThat(h.stream.metrics().buffer().orphans()).isZero();
    }
  }

  @Test
  void xidByteOrder_bigEndianPlatform_theRawXidHoldsTheNumbersMostSignificantByteFirst()
      throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(52).bigEndianPlatform().build();
    oracle.createTable(ScenarioHarness.orders());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(ORDERS, 1L, "A");
    try (Connection c = DriverManager.getConnection(oracle.url());
        Statement s = c.createStatement();
        ResultSet platform = s.executeQuery("SELECT PLATFORM_NAME FROM V$DATABASE")) {
      assertThat(platform.next()).isTrue();
      assertThat(platform.getString(1)).isEqualTo("AIX-Based Systems (64-bit)");
      try (ResultSet rs =
          s.executeQuery("SELECT XIDUSN, XIDSLOT, XIDSQN, XID FROM V$TRANSACTION")) {
        assertThat(rs.next()).isTrue();
        Xid numbers = new Xid(rs.getInt(1), rs.getInt(2), rs.getLong(3));
        byte[] raw = rs.getBytes(4);
        assertThat(numbers).isEqualTo(tx.xid());
        assertThat(ByteBuffer.wrap(raw).order(ByteOrder.BIG_ENDIAN).getShort(0))
            .isEqualTo((short) numbers.usn());
        assertThat(ByteBuffer.wrap(raw).order(ByteOrder.BIG_ENDIAN).getShort(2))
            .isEqualTo((short) numbers.slot());
        assertThat(ByteBuffer.wrap(raw).order(ByteOrder.BIG_ENDIAN).getInt(4))
            .isEqualTo((int) numbers.sequence());
        assertThat(Xid.fromRaw(raw))
            .as("read little-endian, as the engine used to")
            .isNotEqualTo(numbers);
      }
    }
  }
}
