package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real Oracle gives one SCN to many rows: every row of one statement, and rows of several
 * transactions, also across RAC threads (LogMiner rows recorded on a real 23ai RAC database). Here
 * every change takes the SCN of the record before it ({@code scnTiePercent(100)}), the most ties
 * the simulator makes, and the capture's positions and commit order across threads must hold on
 * them.
 */
class ScnTiesScenarioTest {

  private static final TableId ORDERS = ScenarioHarness.ORDERS;

  @TempDir Path spill;

  private static SimulatedOracle tiedRac(long seed) {
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(seed).threads(2).scnTiePercent(100).build();
    oracle.createTable(ScenarioHarness.orders());
    return oracle;
  }

  /** Two transactions per round, one per thread, their rows interleaved at shared SCNs. */
  private static void interleavedRound(SimulatedOracle o, int round) {
    SimulatedTransaction one = o.newTransaction().thread(1).begin();
    SimulatedTransaction two = o.newTransaction().thread(2).begin();
    for (int i = 0; i < 3; i++) {
      one.insert(ORDERS, round * 100L + i, "T1");
      two.insert(ORDERS, round * 100L + 50 + i, "T2");
    }
    if (round % 2 == 0) {
      two.commit();
      one.commit();
    } else {
      one.commit();
      two.commit();
    }
  }

  private static List<String> expected(int rounds) {
    List<String> out = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      List<String> one = new ArrayList<>();
      List<String> two = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        one.add("INSERT SHOP.ORDERS [" + (round * 100L + i) + ", T1]");
        two.add("INSERT SHOP.ORDERS [" + (round * 100L + 50 + i) + ", T2]");
      }
      out.addAll(round % 2 == 0 ? two : one);
      out.addAll(round % 2 == 0 ? one : two);
    }
    return out;
  }

  @Test
  void scnTies_acrossThreadsAndTransactions_deliverEveryRowOnceInCommitOrderAcrossARestart()
      throws Exception {
    SimulatedOracle oracle = tiedRac(61);
    Scn start = Scn.of(oracle.currentScn());
    ScenarioScript script = new ScenarioScript();
    for (int round = 0; round < 6; round++) {
      int r = round;
      script.then(o -> interleavedRound(o, r));
    }
    script.attach(oracle);
    List<String> delivered = new ArrayList<>();
    Position stoppedAt;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitEvents(events -> h.changeEvents().size() >= 15);
      delivered.addAll(h.changes());
      List<StreamEvent> events = h.events;
      stoppedAt = events.get(events.size() - 1).position();
    }
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(stoppedAt);
      h.awaitEvents(events -> delivered.size() + h.changeEvents().size() >= expected(6).size());
      delivered.addAll(h.changes());
    }

    assertThat(delivered).containsExactlyElementsOf(expected(6));
    // The scenario really had ties: rows of both threads and of several transactions at one SCN.
    assertThat(tiedAcrossThreads(oracle, start)).isTrue();
  }

  /** Whether some SCN at or above {@code from} carries DML rows of both threads. */
  private static boolean tiedAcrossThreads(SimulatedOracle oracle, Scn from) throws Exception {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      for (ArchivedLog a : db.archivedLogs(from)) {
        if (a.destId() == 1 && !a.deleted()) {
          db.addLogFile(a.name(), AddLogOption.ADDFILE);
        }
      }
      Set<String> added = new HashSet<>();
      for (OnlineLog l : db.onlineLogs()) {
        if (l.status() == OnlineLog.Status.CURRENT && added.add(l.fileName())) {
          db.addLogFile(l.fileName(), AddLogOption.ADDFILE);
        }
      }
      db.startSession(
          new SessionStart(
              from, null, java.util.EnumSet.of(MiningOption.DICT_FROM_ONLINE_CATALOG)));
      Map<Scn, Set<Integer>> threads = new java.util.HashMap<>();
      try (RowCursor rows = db.query(MiningQuery.builder().captureAllObjects().build())) {
        for (var r = rows.next(); r != null; r = rows.next()) {
          if (r.operationCode() == 1) {
            threads.computeIfAbsent(r.scn(), k -> new HashSet<>()).add(r.thread());
          }
        }
      }
      return threads.values().stream().anyMatch(t -> t.size() > 1);
    }
  }
}
