package dev.redoline.logminer.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoRow;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.ActiveTransaction;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import java.sql.SQLRecoverableException;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The {@code jdbc:redoline:sim:stress} workload run for a while in simulated time (RAC, private
 * strands, huge transactions, frequent log switches, seeded ORA-03113 faults), then mined whole:
 * the row stream keeps LogMiner's invariants, and the same seed gives the same rows.
 */
class StressWorkloadTest {

  /**
   * Runs the workload, stops it, lets every log archive, and mines everything (reconnecting on
   * faults).
   */
  private static List<RedoRow> runAndMine(long seed, Duration duration, Set<Xid> stillOpen)
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=" + seed);
    long low = 1_000_001;
    oracle.advance(duration);
    oracle.workload((db, step) -> {}); // traffic stops; open transactions stay open
    oracle.switchAllLogfiles();
    oracle.advance(Duration.ofSeconds(10));
    for (int attempt = 1; ; attempt++) {
      try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
        Mining.start(db, low, null);
        List<RedoRow> rows = Mining.all(db);
        for (ActiveTransaction tx : db.activeTransactions(true)) {
          stillOpen.add(tx.xid());
        }
        return rows;
      } catch (SQLRecoverableException e) {
        assertThat(e.getErrorCode()).isEqualTo(3113); // the workload's only planned fault
        assertThat(attempt).as("reconnects").isLessThan(20);
      }
    }
  }

  @Test
  void stressWorkloadKeepsEveryTransactionBetweenStartAndItsEnd() throws Exception {
    Set<Xid> open = new HashSet<>();
    List<RedoRow> rows = runAndMine(17, Duration.ofSeconds(70), open);
    assertThat(rows).hasSizeGreaterThan(20_000);
    assertThat(rows).extracting(RedoRow::thread).contains(1, 2);
    assertThat(rows).extracting(r -> r.scn().bits()).isSorted();

    Map<Xid, List<RedoRow>> byXid = new LinkedHashMap<>();
    for (RedoRow r : rows) {
      byXid.computeIfAbsent(r.xid(), k -> new java.util.ArrayList<>()).add(r);
    }
    int ended = 0;
    for (Map.Entry<Xid, List<RedoRow>> e : byXid.entrySet()) {
      List<RedoRow> tx = e.getValue();
      assertThat(tx.get(0).operationCode())
          .as("first row of %s", e.getKey())
          .isEqualTo(RedoRow.START);
      RedoRow last = tx.get(tx.size() - 1);
      boolean hasEnd =
          last.operationCode() == RedoRow.COMMIT || last.operationCode() == RedoRow.ROLLBACK;
      long ends =
          tx.stream()
              .filter(
                  r -> r.operationCode() == RedoRow.COMMIT || r.operationCode() == RedoRow.ROLLBACK)
              .count();
      assertThat(ends).as("end rows of %s", e.getKey()).isEqualTo(hasEnd ? 1 : 0);
      assertThat(hasEnd)
          .as("%s has no end row, so it is still open", e.getKey())
          .isNotEqualTo(open.contains(e.getKey()));
      ended += hasEnd ? 1 : 0;
      for (int i = 0; i < tx.size() - 1; i++) {
        if (tx.get(i).csf()) {
          assertThat(rows.get(rows.indexOf(tx.get(i)) + 1).address())
              .isEqualTo(tx.get(i).address());
        }
      }
    }
    assertThat(ended).isGreaterThan(2_000);
    assertThat(open).isNotEmpty();
    // the huge transaction: 5,000 updates, less those of rows a long-running transaction holds
    // (about half of them at seed 17); every other transaction has a few dozen rows at most
    int biggest = byXid.values().stream().mapToInt(List::size).max().orElse(0);
    assertThat(biggest).as("rows of the biggest transaction").isGreaterThan(1_000);
  }

  @Test
  void stressWorkloadWithTheSameSeedGivesTheSameRows() throws Exception {
    List<RedoRow> first = runAndMine(5, Duration.ofSeconds(12), new HashSet<>());
    List<RedoRow> second = runAndMine(5, Duration.ofSeconds(12), new HashSet<>());
    assertThat(first).hasSizeGreaterThan(2_000).isEqualTo(second);
    assertThat(runAndMine(6, Duration.ofSeconds(12), new HashSet<>())).isNotEqualTo(first);
  }
}
