package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.OffsetStore;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stress workload captured into an embedded user's store that merges changes as a sink does.
 * Its SHOP.DOCUMENTS has CLOBs amended in place by DBMS_LOB writes, trims and erases in
 * transactions that did not set the whole value: LogMiner logs only the pieces, so the capture
 * delivers such a change with the content unavailable ({@code Absent.NOT_LOGGED}, the placeholder
 * in a Connect record) and the store keeps the earlier value. A verification while the capture runs
 * finds exactly those keys, each differing only in the column the key's latest change did not carry
 * (no checksum or conversion difference elsewhere); once the traffic stopped and the store applied
 * everything committed before, a repair of the keys then differing re-delivers them whole, and the
 * copy is equal. Verified at every twentieth commit, every other table is equal.
 */
class StressDocumentsTest {

  static final TableId DOCUMENTS = TableId.of("SHOP", "DOCUMENTS");

  static final List<TableId> SHOP =
      List.of("CUSTOMERS", "PRODUCTS", "ORDERS", "ORDER_LINES", "DOCUMENTS").stream()
          .map(t -> TableId.of("SHOP", t))
          .toList();

  @TempDir Path state;

  @Test
  void verify_lobsAmendedInPlace_differOnlyWhereTheLatestChangeCarriedNoContent_thenRepaired()
      throws Exception {
    // no 5,000-row transaction during the test
    HeldCapture capture =
        new HeldCapture(SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=29&huge=3600"));
    Map<String, String> settings = capture.settings(state);
    MergingStore store = new MergingStore();
    long[] commits = {0};
    Verifier verifier =
        Verifier.builder().config(settings).tables(List.of(DOCUMENTS)).target(store).build();
    EmbeddedEngine engine =
        capture.start(
            settings,
            tx -> {
              store.apply(tx);
              commits[0]++;
            },
            OffsetStore.inMemory());
    try {
      capture.await(() -> commits[0] >= 1500, "1,500 transactions delivered");

      Scn[] beforeLast = new Scn[1];
      VerifyReport running =
          capture.held(
              () -> {
                VerifyReport r = verifier.verify(); // the capture goes on mining meanwhile
                beforeLast[0] = capture.stopTrafficWithLastCommit(); // no document amended again
                return r;
              });
      assertThat(running.scnSource()).isEqualTo("target");
      onlyBodiesNotCarried(running);

      // Transactions committed after the verified SCN and before the traffic stopped reach the
      // store after that verification, and one that amended documents in place leaves them
      // differing too: a repair of the running verification's keys alone then never converges
      // (now and then a long transaction amending two documents commits in that window). Verified
      // once the store holds every transaction committed before the traffic stopped, the report
      // holds every difference; that one is repaired.
      capture.await(
          () -> store.appliedScn().map(s -> s.isAfter(beforeLast[0])).orElse(false),
          "every transaction committed before the traffic stopped applied");
      VerifyReport quiet = capture.held(verifier::verify);
      TableReport docs = onlyBodiesNotCarried(quiet);

      long readsBefore = capture.held(store::snapshotReads);
      assertThat(verifier.repair(quiet, (t, filter) -> engine.snapshot(List.of(t), filter)))
          .isEqualTo(docs.differing().size());
      capture.await(
          () -> store.snapshotReads() >= readsBefore + docs.differing().size(),
          "the differing documents read again");
      // the store has applied the rows read again (op r, at their read's SCN) and nothing commits
      VerifyReport repaired = capture.held(verifier::verify);
      assertThat(repaired.equal()).as(repaired.toText()).isTrue();
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(HeldCapture.PATIENCE)).isTrue();
    }
  }

  /**
   * Asserts that {@code report} found the documents all there, some differing only in the BODY
   * their latest change did not carry, and returns the table's report.
   */
  private static TableReport onlyBodiesNotCarried(VerifyReport report) {
    TableReport docs = report.tables().get(0);
    assertThat(docs.sourceRows()).isEqualTo(docs.targetRows()).isPositive();
    assertThat(docs.missing()).as(report.toText()).isEmpty();
    assertThat(docs.extra()).as(report.toText()).isEmpty();
    assertThat(docs.differing()).as(report.toText()).isNotEmpty();
    assertThat(docs.differing())
        .as("only the amended BODY, whose latest change carried no content: " + report.toText())
        .allSatisfy(
            d -> {
              assertThat(d.columns()).containsExactly("BODY");
              assertThat(d.unavailable()).containsExactly("BODY");
              assertThat(d.onlyUnavailable()).isTrue();
            });
    assertThat(report.undeclaredDifferences()).isZero();
    assertThat(report.toText()).contains("not carried by the key's latest change");
    assertThat(report.toJson()).contains("\"unavailable\":[\"BODY\"]");
    return docs;
  }

  /**
   * Verified at the commit just applied, every twentieth one, the store differs from Oracle only in
   * documents whose latest change did not carry their BODY. The stress workload's long transactions
   * change SHOP.PRODUCTS rows that orders change too; when the workload let an order change a row a
   * still open transaction had changed (which Oracle's row lock forbids: the order would wait), the
   * simulator's committed versions took the open transaction's value before it committed, and about
   * two verifications in five found a product's STOCK differing.
   */
  @Test
  void verify_atEveryTwentiethCommit_findsNothingButDocumentsNotCarried() throws Exception {
    HeldCapture capture =
        new HeldCapture(SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=29&huge=3600"));
    Map<String, String> settings = capture.settings(state);
    MergingStore store = new MergingStore();
    Verifier verifier = Verifier.builder().config(settings).tables(SHOP).target(store).build();
    List<VerifyReport> reports = new ArrayList<>();
    long[] commits = {0};
    EmbeddedEngine engine =
        capture.start(
            settings,
            tx -> {
              store.apply(tx);
              commits[0]++;
              // past the initial snapshot's transactions; verified as of the commit just applied
              if (commits[0] > 100 && commits[0] % 20 == 0 && reports.size() < 40) {
                reports.add(verifier.verify());
              }
            },
            OffsetStore.inMemory());
    try {
      capture.await(() -> reports.size() >= 40, "40 verifications");
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(HeldCapture.PATIENCE)).isTrue();
    }
    for (VerifyReport r : reports) {
      assertThat(r.scnSource()).isEqualTo("target");
      assertThat(r.tables()).allSatisfy(t -> assertThat(t.compared()).isTrue());
      assertThat(r.undeclaredDifferences()).as(r.toText()).isZero();
    }
    assertThat(reports.stream().mapToInt(VerifyReport::differences).sum())
        .as("documents amended in place were among those verified")
        .isPositive();
  }
}
