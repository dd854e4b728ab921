package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.SnapshotMark;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snapshot chunks reach the ChangeHandler as batches marked as snapshots, in commit order. */
class SnapshotDeliveryTest {

  /** A bound on waits (each 50 ms), so a missing batch fails instead of hanging. */
  private static final int MAX_WAITS = 400;

  @TempDir Path state;

  private record Seen(boolean snapshot, String changes) {}

  @Test
  void existingRowsArriveAsSnapshotBatchesBeforeTheChanges() throws Exception {
    ShopEngine shop = new ShopEngine(41, state);
    shop.script.commitMany(1, 5); // rows 1..5, before the first start
    shop.set("cdc.start.scn", "current").set("cdc.snapshot.chunk.rows", "2");
    List<Seen> seen = new CopyOnWriteArrayList<>();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  List<String> changes = new ArrayList<>();
                  for (Change change : tx.changes()) {
                    SnapshotMark mark = tx.snapshotMark(change);
                    changes.add(
                        change.operation()
                            + " "
                            + change.after().get(0)
                            + (mark == null ? "" : " " + mark.place()));
                  }
                  seen.add(new Seen(tx.snapshot(), String.join(", ", changes)));
                })
            .build();
    assertThatThrownBy(() -> engine.snapshot("SHOP.ORDERS"))
        .isInstanceOf(IllegalStateException.class);
    engine.start();
    try {
      for (int i = 0; i < MAX_WAITS && seen.size() < 3; i++) {
        Thread.sleep(50);
      }
      assertThat(seen)
          .containsExactly(
              new Seen(true, "READ 1 FIRST, READ 2 MIDDLE"),
              new Seen(true, "READ 3 MIDDLE, READ 4 MIDDLE"),
              new Seen(true, "READ 5 LAST"));
      engine.snapshot("SHOP.ORDERS"); // again, while streaming
      for (int i = 0; i < MAX_WAITS && seen.size() < 6; i++) {
        Thread.sleep(50);
      }
      assertThat(seen.subList(3, 6)).allSatisfy(s -> assertThat(s.snapshot()).isTrue());
      assertThat(seen.get(5).changes()).isEqualTo("READ 5 LAST");
    } finally {
      engine.stop();
      engine.awaitTermination(Duration.ofSeconds(30));
    }
    assertThat(Operation.READ.code()).isEqualTo('r');
  }
}
