package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.TableId;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link EmbeddedEngine#dropTransaction}: an open transaction leaves the buffer with an ops event
 * naming it and its size; its later rows and its commit are not delivered, also by an engine
 * restarted from a position stored after the drop while the transaction was still open.
 */
class DropTransactionTest {

  private static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  @TempDir Path state;

  private static void insert(SimulatedTransaction tx, long id) {
    tx.insert(ORDERS, BigDecimal.valueOf(id), "STUCK");
  }

  @Test
  void dropped_isNeverDelivered_notEvenAfterARestart() throws Exception {
    ShopEngine shop = new ShopEngine(64, state);
    AtomicReference<SimulatedTransaction> stuck = new AtomicReference<>();
    shop.script
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              insert(tx, 900);
              insert(tx, 901);
              stuck.set(tx);
            })
        .orders(100, 1, 1);
    List<OpsEvent> ops = new CopyOnWriteArrayList<>();
    Recorder recorder = new Recorder();
    EmbeddedEngine engine =
        shop.engine(recorder)
            .ops(
                e -> {
                  ops.add(e);
                  Recorder.signal();
                })
            .build();
    engine.start();
    recorder.awaitCount(1);
    Recorder.await(
        () ->
            engine.metrics().capture().buffer() != null
                && engine.metrics().capture().buffer().openTransactions() == 1,
        "the stuck transaction buffered");
    String xid = stuck.get().xid().toHex();

    engine.dropTransaction(xid);

    Recorder.await(
        () -> ops.stream().anyMatch(e -> e.type() == OpsEvent.Type.TRANSACTION_DROPPED), "dropped");
    assertThat(ops)
        .filteredOn(e -> e.type() == OpsEvent.Type.TRANSACTION_DROPPED)
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.message())
                    .contains("transaction " + xid + " dropped on request: 2 changes"));
    Recorder.await(
        () -> engine.metrics().capture().buffer().openTransactions() == 0, "the buffer empty");
    shop.script
        .then(o -> insert(stuck.get(), 902))
        .orders(200, 1, 1); // a position stored after the drop
    recorder.awaitCount(2);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();

    shop.script.then(o -> stuck.get().commit()).orders(300, 1, 1);
    Recorder again = new Recorder();
    EmbeddedEngine restarted = shop.engine(again).build();
    restarted.start();
    again.awaitCount(1);
    restarted.stop();
    assertThat(restarted.awaitTermination(Recorder.PATIENCE)).isTrue();

    assertThat(recorder.xids()).doesNotContain(stuck.get().xid()).hasSize(2);
    assertThat(again.xids()).doesNotContain(stuck.get().xid()).hasSize(1);
    assertThat(again.handled().get(0).changes())
        .singleElement()
        .satisfies(c -> assertThat(c.after().toString()).contains("300"));
  }

  @Test
  void notOpen_isASkippedSignal_andNotRunningIsRefused() {
    ShopEngine shop = new ShopEngine(65, state);
    EmbeddedEngine engine = shop.engine(new Recorder()).build();
    assertThatThrownBy(() -> engine.dropTransaction("0a000b0057030000"))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> engine.dropTransaction("nope"))
        .isInstanceOf(IllegalArgumentException.class);

    List<OpsEvent> ops = new CopyOnWriteArrayList<>();
    EmbeddedEngine running =
        shop.engine(new Recorder())
            .ops(
                e -> {
                  ops.add(e);
                  Recorder.signal();
                })
            .build();
    running.start();
    running.dropTransaction("0a000b0057030000");
    Recorder.await(
        () -> ops.stream().anyMatch(e -> e.type() == OpsEvent.Type.SIGNAL_SKIPPED), "skipped");
    assertThat(ops)
        .filteredOn(e -> e.type() == OpsEvent.Type.SIGNAL_SKIPPED)
        .singleElement()
        .satisfies(e -> assertThat(e.message()).contains("0a000b0057030000 is not open"));
    running.close();
  }
}
