package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;

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
 * (no checksum or conversion difference elsewhere); a repair re-delivers them whole, and the copy
 * is equal. Verified at every twentieth commit, every other table is equal.
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

      VerifyReport running =
          capture.held(
              () -> {
                VerifyReport r = verifier.verify(); // the capture goes on mining meanwhile
                capture.stopTraffic(); // then no document is amended again
                return r;
              });
      TableReport docs = running.tables().get(0);
      assertThat(running.scnSource()).isEqualTo("target");
      assertThat(docs.sourceRows()).isEqualTo(docs.targetRows()).isPositive();
      assertThat(docs.missing()).isEmpty();
      assertThat(docs.extra()).isEmpty();
      assertThat(docs.differing()).as(running.toText()).isNotEmpty();
      assertThat(docs.differing())
          .as("only the amended BODY, whose latest change carried no content")
          .allSatisfy(
              d -> {
                assertThat(d.columns()).containsExactly("BODY");
                assertThat(d.unavailable()).containsExactly("BODY");
                assertThat(d.onlyUnavailable()).isTrue();
              });
      assertThat(running.undeclaredDifferences()).isZero();
      assertThat(running.toText()).contains("not carried by the key's latest change");
      assertThat(running.toJson()).contains("\"unavailable\":[\"BODY\"]");

      long readsBefore = capture.held(store::snapshotReads);
      assertThat(verifier.repair(running, (t, filter) -> engine.snapshot(List.of(t), filter)))
          .isEqualTo(docs.differing().size());
      capture.await(
          () -> store.snapshotReads() >= readsBefore + docs.differing().size(),
          "the differing documents read again");
      // The differing documents were read again; their rows reach the store with the stream.
      // One verification right after the reads failed now and then on a clean clone (the same two
      // keys still differing, cause not settled): wait, bounded, for a verification finding the
      // copy equal; a repair that never converges still fails here.
      capture.await(
          () -> equalNow(verifier), "a verification after the repair finding no difference");
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(HeldCapture.PATIENCE)).isTrue();
    }
  }

  private static boolean equalNow(Verifier verifier) {
    try {
      return verifier.verify().equal();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
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
