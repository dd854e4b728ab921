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
import org.junit.jupiter.api.io.TempDir;

/**
 * A verification while the initial snapshot is still being delivered (docs/verify.md, "While the
 * initial snapshot is delivered"): the stress workload's streamed orders reach the store before
 * SHOP.PRODUCTS' first chunk, whose streamed changes are left out until it comes, so a verification
 * at the store's SCN then finds every product missing and every other table equal; once the chunk
 * is applied, SHOP.PRODUCTS is equal too. Nothing is lost: the copy is not yet complete at that
 * SCN.
 */
class InitialSnapshotVerifyTest {

  static final TableId PRODUCTS = TableId.of("SHOP", "PRODUCTS");

  @TempDir Path state;

  @Test
  void verify_beforeATablesFirstChunkArrives_reportsItsRowsMissing_thenEqualOnceItIsIn()
      throws Exception {
    HeldCapture capture =
        new HeldCapture(SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=29&huge=3600"));
    Map<String, String> settings = capture.settings(state);
    settings.remove("cdc.start.scn"); // the rows already there come as the initial snapshot
    MergingStore store = new MergingStore();
    List<TableId> shop = StressDocumentsTest.SHOP;
    Verifier verifier = Verifier.builder().config(settings).tables(shop).target(store).build();
    List<VerifyReport> before = new ArrayList<>();
    List<VerifyReport> after = new ArrayList<>();
    EmbeddedEngine engine =
        capture.start(
            settings,
            tx -> {
              boolean productsIn = store.rowCount(PRODUCTS) > 0;
              store.apply(tx);
              if (!tx.snapshot() && after.size() < 5) {
                (productsIn ? after : before).add(verifier.verify());
              }
            },
            OffsetStore.inMemory());
    try {
      capture.await(() -> after.size() >= 5, "5 verifications after SHOP.PRODUCTS' first chunk");
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(HeldCapture.PATIENCE)).isTrue();
    }
    assertThat(before).as("streamed transactions applied before the chunk").isNotEmpty();
    for (VerifyReport r : before) {
      for (TableReport t : r.tables()) {
        if (t.table().equals(PRODUCTS)) {
          assertThat(t.targetRows()).as(r.toText()).isZero();
          assertThat(t.missing()).as(r.toText()).hasSize((int) t.sourceRows()).isNotEmpty();
        } else {
          assertThat(t.differences()).as(r.toText()).isZero();
        }
      }
    }
    for (VerifyReport r : after) {
      assertThat(r.undeclaredDifferences()).as(r.toText()).isZero();
    }
  }
}
