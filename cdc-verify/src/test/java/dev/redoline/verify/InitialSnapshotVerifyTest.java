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
 * A verification while the initial snapshot is still being delivered (docs/verify.md, "While the
 * initial snapshot is delivered"): the stress workload's streamed orders reach the store before
 * SHOP.PRODUCTS' first chunk, whose streamed changes are left out until it comes. Verified at the
 * store's SCN then, SHOP.PRODUCTS is reported as not compared yet (its snapshot had not reached the
 * copy), not with its 20 rows missing as before, and every other table is equal; once the chunk is
 * applied, SHOP.PRODUCTS is compared and equal too.
 */
class InitialSnapshotVerifyTest {

  static final TableId PRODUCTS = TableId.of("SHOP", "PRODUCTS");

  @TempDir Path state;

  @Test
  void verify_beforeATablesFirstChunkArrives_notComparedYet_thenEqualOnceItIsIn() throws Exception {
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
      assertThat(r.differences()).as(r.toText()).isZero();
      for (TableReport t : r.tables()) {
        if (t.table().equals(PRODUCTS)) {
          assertThat(t.compared()).as(r.toText()).isFalse();
          assertThat(t.reason()).contains("initial snapshot had not reached the copy");
        } else {
          assertThat(t.compared()).as(r.toText()).isTrue();
        }
      }
    }
    for (VerifyReport r : after) {
      assertThat(r.tables()).allSatisfy(t -> assertThat(t.compared()).isTrue());
      assertThat(r.undeclaredDifferences()).as(r.toText()).isZero();
    }
  }
}
