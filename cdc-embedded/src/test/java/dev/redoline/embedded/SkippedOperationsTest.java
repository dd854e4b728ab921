package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cdc.skipped.operations} on the embedded engine: skipped changes never reach the handler,
 * across a restart.
 */
class SkippedOperationsTest {

  @TempDir Path state;

  /** The ROWID of the row the last {@link #mixed} transaction kept. */
  private String kept;

  @Test
  void skippedUpdatesAndDeletes_neverArrive_andARestartResumesExactlyAfterTheLastHandledCommit()
      throws Exception {
    ShopEngine shop = new ShopEngine(31, state).set("cdc.skipped.operations", "u,d");
    Xid first = mixed(shop, 1L); // insert 1, update 1, delete 1
    Xid updatesOnly = updateOnly(shop);
    Recorder before = run(shop, 1);
    assertThat(before.xids()).containsExactly(first);
    assertThat(before.handled().get(0).changes())
        .extracting(Change::operation)
        .containsExactly(Operation.INSERT, Operation.INSERT);
    Position stored = FileOffsetStore.open(state.resolve("offsets.json")).load().orElseThrow();
    assertThat(PositionState.of(stored).lastCommit())
        .isGreaterThanOrEqualTo(before.handled().get(0).mark());

    Xid second = mixed(shop, 2L);
    Recorder after = run(shop, 1);
    assertThat(after.xids())
        .as("nothing handled again, nothing of the skipped-only transaction")
        .containsExactly(second);
    assertThat(after.handled().get(0).changes())
        .extracting(c -> c.operation() + " " + c.after().get(0))
        .containsExactly("INSERT 2", "INSERT 102");
    assertThat(updatesOnly).isNotIn(first, second);
  }

  /** One transaction: insert {@code id}, update it, then insert and delete {@code id + 100}. */
  private Xid mixed(ShopEngine shop, long id) {
    SimulatedTransaction tx = shop.oracle.begin();
    String row = tx.insert(ShopScript.ORDERS, id, "NEW");
    kept = row;
    tx.update(ShopScript.ORDERS, row, Map.of("STATUS", "PAID"));
    String gone = tx.insert(ShopScript.ORDERS, id + 100, "GONE");
    tx.delete(ShopScript.ORDERS, gone);
    tx.commit();
    return tx.xid();
  }

  private Xid updateOnly(ShopEngine shop) {
    SimulatedTransaction tx = shop.oracle.begin();
    tx.update(ShopScript.ORDERS, kept, Map.of("STATUS", "SHIPPED"));
    tx.commit();
    return tx.xid();
  }

  private static Recorder run(ShopEngine shop, int count) throws InterruptedException {
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = shop.engine(recorder).build();
    engine.start();
    recorder.awaitCount(count);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    return recorder;
  }
}
