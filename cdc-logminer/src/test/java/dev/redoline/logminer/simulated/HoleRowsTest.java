package dev.redoline.logminer.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * docs/logminer.md#log-switches-rac-and-gaps and #errors: rows that report holes in the redo
 * concern every consumer, so the gateway's SQL returns MISSING_SCN rows whatever objects are
 * captured (the log-gap check of the step reader depends on it), and replication markers with the
 * control rows.
 */
class HoleRowsTest {

  @Test
  void missingScnRow_isReturnedEvenWhenNoCapturedObjectIsInTheGap() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(3).toleratesLogGaps().build();
    TableId t = Mining.createT(oracle);
    long low = oracle.currentScn();
    insert(oracle, t, 1);
    oracle.switchLogfile(1);
    insert(oracle, t, 2);
    oracle.switchLogfile(1);
    insert(oracle, t, 3);
    oracle.advance(Duration.ofSeconds(5));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      List<dev.redoline.logminer.internal.ArchivedLog> archives =
          db.archivedLogs(Scn.of(low)).stream().filter(a -> a.destId() == 1).toList();
      assertThat(archives).hasSizeGreaterThanOrEqualTo(2);
      db.addLogFile(
          archives.get(0).name(), AddLogOption.ADDFILE); // the second log is left out: a gap
      for (var l : db.onlineLogs()) {
        if (l.status() == dev.redoline.logminer.internal.OnlineLog.Status.CURRENT) {
          db.addLogFile(l.fileName(), AddLogOption.ADDFILE);
        }
      }
      db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      List<RedoRow> rows =
          Mining.readAll(db, MiningQuery.builder().capture(0, Set.of(-42)).build());
      assertThat(rows).extracting(RedoRow::operationCode).contains(RedoRow.MISSING_SCN);
      assertThat(rows)
          .filteredOn(r -> r.operationCode() == RedoRow.MISSING_SCN)
          .allSatisfy(r -> assertThat(r.status()).isEqualTo(1291));
    }
  }

  @Test
  void replicationMarker_comesWithTheControlRows_whateverIsCaptured() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(4).build();
    Mining.createT(oracle);
    long low = oracle.currentScn();
    oracle.special().replicationMarker(1);
    oracle.flushAll();
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.start(db, low, null);
      MiningQuery nothing = MiningQuery.builder().capture(0, Set.of(-42)).build();
      assertThat(Mining.readAll(db, nothing))
          .extracting(RedoRow::operationCode)
          .contains(RedoRow.REPLICATION_MARKER);
    }
  }

  private static void insert(SimulatedOracle oracle, TableId t, long id) {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, id, "x");
    tx.commit();
  }
}
