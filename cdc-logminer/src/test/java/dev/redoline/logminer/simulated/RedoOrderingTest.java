package dev.redoline.logminer.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.RedoThreadState;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Redo generation model and ordering hazards: requirements 7-10, 17 and 36. */
class RedoOrderingTest {

  // Every record its own SCN: a strand record's SCN must be below a later transaction's, and
  // sessions start at SCNs between records; ordering hazards, not SCN ties, are what this tests.
  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(7).scnTiePercent(0).build();
  private final TableId t = Mining.createT(oracle);

  @Test
  void strandRecordsArriveLateWithOldScn() throws Exception {
    SimulatedTransaction strand = oracle.newTransaction().privateStrand().begin();
    strand.insert(t, 1L, "late");
    long strandScn = oracle.currentScn();
    SimulatedTransaction quick = oracle.begin();
    quick.insert(t, 2L, "quick");
    quick.commit();
    strand.commit();

    List<RedoRow> rows = Mining.dml(Mining.mine(oracle, strandScn - 1, null));
    RedoRow late =
        rows.stream().filter(r -> r.sqlRedo().contains("'late'")).findFirst().orElseThrow();
    RedoRow early =
        rows.stream().filter(r -> r.sqlRedo().contains("'quick'")).findFirst().orElseThrow();
    assertThat(late.scn().bits()).isEqualTo(strandScn).isLessThan(early.scn().bits());
    assertThat(late.address()).isGreaterThan(early.address());
    assertThat(rows.indexOf(late)).isLessThan(rows.indexOf(early)); // SCN order, not address order
  }

  @Test
  void naiveScnRangeConsumerLosesLateStrandRecordButAddressCursorDoesNot() throws Exception {
    SimulatedTransaction strand = oracle.newTransaction().privateStrand().begin();
    strand.insert(t, 1L, "late");
    SimulatedTransaction quick = oracle.begin();
    quick.insert(t, 2L, "quick");
    quick.commit();
    long firstStart = strand.startScn();

    // Step 1, both consumers: everything written up to now.
    List<RedoRow> step1;
    long naiveUpper;
    RedoAddress cursor;
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      RedoThreadState thread = db.threads().get(0);
      naiveUpper = db.database().currentScn().bits();
      Mining.addLogs(db, Scn.of(firstStart));
      db.startSession(
          new SessionStart(Scn.of(firstStart), Scn.of(naiveUpper), Mining.withDictionary()));
      step1 = Mining.readAll(db, MiningQuery.builder().captureAllObjects().build());
      cursor = thread.lastRedoAddress();
    }
    strand.commit();
    SimulatedTransaction later = oracle.begin();
    later.insert(t, 3L, "later");
    later.commit();

    // Naive step 2: SCN range (last upper, current].
    List<RedoRow> naive = new ArrayList<>(step1);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      long upper = db.database().currentScn().bits();
      Mining.addLogs(db, Scn.of(naiveUpper + 1));
      db.startSession(
          new SessionStart(Scn.of(naiveUpper + 1), Scn.of(upper), Mining.withDictionary()));
      naive.addAll(Mining.readAll(db, MiningQuery.builder().captureAllObjects().build()));
    }
    // Address step 2: (cursor, end of written redo], start bound at the cursor log's FIRST_CHANGE#.
    List<RedoRow> byAddress = new ArrayList<>(step1);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      long logStart =
          db.onlineLogs().stream()
              .filter(l -> l.sequence() == cursor.sequence())
              .findFirst()
              .orElseThrow()
              .firstScn()
              .bits();
      long upper = db.database().currentScn().bits();
      Mining.addLogs(db, Scn.of(logStart));
      db.startSession(new SessionStart(Scn.of(logStart), Scn.of(upper), Mining.withDictionary()));
      byAddress.addAll(
          Mining.readAll(db, MiningQuery.builder().captureAllObjects().cursor(cursor).build()));
    }
    assertThat(Mining.dml(naive)).extracting(RedoRow::sqlRedo).noneMatch(s -> s.contains("'late'"));
    assertThat(Mining.dml(byAddress))
        .extracting(RedoRow::sqlRedo)
        .anyMatch(s -> s.contains("'late'"))
        .anyMatch(s -> s.contains("'quick'"))
        .hasSize(3);
    assertThat(Mining.dml(naive)).hasSize(2);
  }

  @Test
  void unflushedRedoIsInvisibleEvenBelowCurrentScn() throws Exception {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, 1L, "in the buffer");
    long scn = oracle.currentScn() + 1;
    oracle.begin().insert(t, 9L, "x"); // CURRENT_SCN moves past it
    assertThat(Mining.dml(Mining.mine(oracle, scn - 2, null))).isEmpty();
    oracle.flush(1);
    assertThat(Mining.dml(Mining.mine(oracle, scn - 2, null))).hasSize(2);
  }

  @Test
  void racThreadsFlushToDifferentLastRedoChange() throws Exception {
    SimulatedOracle rac = // each record its own SCN, so the two threads' last SCNs differ
        SimulatedOracle.builder()
            .threads(2)
            .lgwrInterval(java.time.Duration.ZERO)
            .scnTiePercent(0)
            .build();
    TableId table = Mining.createT(rac);
    SimulatedTransaction a = rac.newTransaction().thread(2).begin();
    a.insert(table, 1L, "two");
    rac.flush(2);
    SimulatedTransaction b = rac.newTransaction().thread(2).begin();
    b.insert(table, 2L, "unflushed");
    try (LogMinerGateway db = SimulatorGateways.connect(rac)) {
      List<RedoThreadState> threads = db.threads();
      assertThat(threads).hasSize(2);
      assertThat(threads.get(0).lastRedoScn()).isNotEqualTo(threads.get(1).lastRedoScn());
      assertThat(threads.get(1).lastRedoScn()).isLessThan(db.database().currentScn());
    }
  }

  @Test
  void sameScnCommitsAndDmlSharingScnWithStart() throws Exception {
    long from = oracle.currentScn() + 1;
    SimulatedTransaction a = oracle.begin();
    a.insert(t, 1L, "a");
    SimulatedTransaction b = oracle.begin();
    b.insert(t, 2L, "b");
    oracle.commitTogether(a, b);
    List<RedoRow> rows = Mining.mine(oracle, from, null);
    List<RedoRow> commits = rows.stream().filter(r -> r.operationCode() == RedoRow.COMMIT).toList();
    assertThat(commits).hasSize(2);
    assertThat(commits.get(0).scn()).isEqualTo(commits.get(1).scn());
    RedoRow start =
        rows.stream().filter(r -> r.operationCode() == RedoRow.START).findFirst().orElseThrow();
    assertThat(start.sqlRedo()).isEqualTo("set transaction read write;");
    assertThat(Mining.dml(rows).get(0).scn()).isEqualTo(start.scn());
  }

  @Test
  void rowStreamWithoutCdoIsStartDmlCommitInterleavedByScn() throws Exception {
    long from = oracle.currentScn() + 1;
    SimulatedTransaction a = oracle.begin();
    a.insert(t, 1L, "a");
    SimulatedTransaction b = oracle.begin();
    b.insert(t, 2L, "b");
    a.commit();
    b.rollback();
    List<RedoRow> rows = Mining.mine(oracle, from, null);
    assertThat(rows).extracting(RedoRow::operationCode).containsExactly(6, 1, 6, 1, 7, 2, 36);
    assertThat(rows).extracting(r -> r.scn().bits()).isSorted();
    assertThat(rows.get(5).rollback()).isTrue();
    assertThat(rows.get(0).xid().toHex()).hasSize(16);
  }

  @Test
  void longTransactionCommittingAfterShortLaterOne() throws Exception {
    long from = oracle.currentScn() + 1;
    SimulatedTransaction longTx = oracle.begin();
    longTx.insert(t, 1L, "old");
    SimulatedTransaction shortTx = oracle.begin();
    shortTx.insert(t, 2L, "new");
    shortTx.commit();
    longTx.commit();
    List<RedoRow> cdo =
        Mining.mine(
            oracle, from, null, dev.redoline.logminer.internal.MiningOption.COMMITTED_DATA_ONLY);
    List<RedoRow> dml = Mining.dml(cdo);
    assertThat(dml).extracting(RedoRow::sqlRedo).first().asString().contains("'new'");
    assertThat(dml.get(1).startScn()).isEqualTo(Scn.of(longTx.startScn()));
    assertThat(dml.get(1).commitScn()).isEqualTo(Scn.of(longTx.endScn()));
    assertThat(cdo).extracting(RedoRow::operationCode).containsExactly(6, 1, 7, 6, 1, 7);
  }

  @Test
  void sameSeedGivesSameRows() throws Exception {
    List<RedoRow> first = Mining.mine(runDemo(), 1_000_002, null);
    List<RedoRow> second = Mining.mine(runDemo(), 1_000_002, null);
    assertThat(first).isNotEmpty().isEqualTo(second);
  }

  private static SimulatedOracle runDemo() {
    SimulatedOracle demo = SimulatedOracle.forUrl("jdbc:redoline:sim:demo?seed=3");
    demo.advance(java.time.Duration.ofSeconds(5));
    return demo;
  }
}
