package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedEngineTest {

  @TempDir Path state;

  private static void stop(EmbeddedEngine engine) throws InterruptedException {
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).as("stopped in time").isTrue();
  }

  @Test
  void start_deliversEachTransactionOnceInCommitOrder() throws Exception {
    ShopEngine shop = new ShopEngine(1, state);
    List<Xid> committed = shop.script.commitMany(5, 2);
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = shop.engine(recorder).build();
    engine.start();
    recorder.awaitCount(5);
    stop(engine);
    assertThat(recorder.xids()).containsExactlyElementsOf(committed);
    assertThat(recorder.handled())
        .allSatisfy(
            h ->
                assertThat(h.changes())
                    .hasSize(2)
                    .extracting(Change::operation)
                    .containsOnly(Operation.INSERT));
    assertThat(recorder.handled().get(0).changes().get(0).after()).isEqualTo(Row.of(1L, "NEW"));
    assertThat(engine.state()).isEqualTo(EngineState.STOPPED);
    assertThat(engine.metrics().transactions()).isEqualTo(5);
    assertThat(engine.metrics().changes()).isEqualTo(10);
  }

  @Test
  void stopThenStart_resumesExactly() throws Exception {
    ShopEngine shop = new ShopEngine(2, state);
    List<Xid> first = shop.script.commitMany(3, 1);
    Recorder before = new Recorder();
    EmbeddedEngine engine = shop.engine(before).build();
    engine.start();
    before.awaitCount(3);
    stop(engine);
    Position stored = FileOffsetStore.open(state.resolve("offsets.json")).load().orElseThrow();
    assertThat(PositionState.of(stored).lastCommit()).isEqualTo(before.handled().get(2).mark());

    List<Xid> second = shop.script.commitMany(2, 1);
    Recorder after = new Recorder();
    EmbeddedEngine again = shop.engine(after).build();
    again.start();
    after.awaitCount(2);
    stop(again);
    assertThat(before.xids()).containsExactlyElementsOf(first);
    assertThat(after.xids()).containsExactlyElementsOf(second);
  }

  @Test
  void handlerException_stopsAndRedeliversTheTransactionAfterRestart() throws Exception {
    ShopEngine shop = new ShopEngine(3, state);
    List<Xid> committed = shop.script.commitMany(3, 2);
    List<CdcException> failures = new CopyOnWriteArrayList<>();
    Recorder ok = new Recorder();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  if (tx.xid().equals(committed.get(1))) {
                    tx.changes().iterator().next(); // reads part of it, then refuses it
                    throw new IllegalStateException("sink down");
                  }
                  ok.handle(tx);
                })
            .failureListener(failures::add)
            .build();
    engine.start();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    assertThat(engine.state()).isEqualTo(EngineState.FAILED);
    assertThat(ok.xids()).containsExactly(committed.get(0));
    assertThat(failures).singleElement().isInstanceOf(HandlerException.class);
    HandlerException failure = (HandlerException) failures.get(0);
    assertThat(failure.xid()).isEqualTo(committed.get(1));
    assertThat(failure.getCause()).hasMessage("sink down");
    assertThat(failure.detail())
        .isEqualTo(
            "the ChangeHandler threw java.lang.IllegalStateException on transaction "
                + committed.get(1)
                + " committed at "
                + failure.commit()
                + "; its position is not stored, so it is "
                + "delivered again");
    assertThat(engine.failure()).isSameAs(failure);

    Recorder after = new Recorder();
    EmbeddedEngine again = shop.engine(after).build();
    again.start();
    after.awaitCount(2);
    stop(again);
    assertThat(after.xids()).containsExactly(committed.get(1), committed.get(2));
    assertThat(after.handled().get(0).changes()).hasSize(2);
  }

  @Test
  void handlerRetries_deliverTheRefusedTransactionAgainWithoutRestart() throws Exception {
    ShopEngine shop = new ShopEngine(4, state);
    List<Xid> committed = shop.script.commitMany(3, 3);
    AtomicInteger refusals = new AtomicInteger();
    List<CdcException> failures = new CopyOnWriteArrayList<>();
    Recorder recorder = new Recorder();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  if (tx.xid().equals(committed.get(1)) && refusals.getAndIncrement() < 2) {
                    throw new IllegalStateException("flaky");
                  }
                  recorder.handle(tx);
                })
            .failureListener(failures::add)
            .handlerRetries(2, Duration.ZERO)
            .build();
    engine.start();
    recorder.awaitCount(3);
    stop(engine);
    assertThat(recorder.xids()).containsExactlyElementsOf(committed);
    assertThat(recorder.handled().get(1).changes()).hasSize(3);
    assertThat(failures)
        .hasSize(2)
        .allSatisfy(f -> assertThat(f).isInstanceOf(HandlerException.class));
    assertThat(engine.state()).isEqualTo(EngineState.STOPPED);
  }

  @Test
  void handlerRetries_stopOnceExhausted() throws Exception {
    ShopEngine shop = new ShopEngine(5, state);
    List<Xid> committed = shop.script.commitMany(2, 1);
    List<CdcException> failures = new CopyOnWriteArrayList<>();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  throw new IllegalStateException("always");
                })
            .failureListener(failures::add)
            .handlerRetries(1, Duration.ZERO)
            .build();
    engine.start();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    assertThat(engine.state()).isEqualTo(EngineState.FAILED);
    assertThat(failures).hasSize(2);

    Recorder after = new Recorder();
    EmbeddedEngine again = shop.engine(after).build();
    again.start();
    after.awaitCount(2);
    stop(again);
    assertThat(after.xids()).containsExactlyElementsOf(committed);
  }

  @Test
  void crash_perTransactionFlush_redeliversOnlyTheUnacknowledgedTransaction() throws Exception {
    ShopEngine shop = new ShopEngine(6, state).set("cdc.offset.flush.interval.ms", "0");
    List<Xid> committed = shop.script.commitMany(5, 2);
    CountDownLatch inThird = new CountDownLatch(1);
    Recorder before = new Recorder();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  if (tx.xid().equals(committed.get(2))) {
                    tx.changes().iterator().next();
                    inThird.countDown();
                    new CountDownLatch(1).await(); // hangs until the crash interrupts it
                  }
                  before.handle(tx);
                })
            .build();
    engine.start();
    Recorder.await(() -> inThird.getCount() == 0, "the handler inside the third transaction");
    engine.abandon(); // the process dies: no stop, nothing more stored

    Recorder after = new Recorder();
    EmbeddedEngine again = shop.engine(after).build();
    again.start();
    after.awaitCount(3);
    stop(again);
    assertThat(before.xids()).containsExactly(committed.get(0), committed.get(1));
    assertThat(after.xids()).containsExactly(committed.get(2), committed.get(3), committed.get(4));
    assertThat(after.handled().get(0).changes()).hasSize(2);
  }

  /**
   * Grouped offset writes (a write after every 2 transactions here): a crash re-delivers the
   * transactions handled since the last write, whole and in order, and nothing before it.
   */
  @Test
  void crash_groupedFlush_redeliversTheTransactionsSinceTheLastWrite() throws Exception {
    ShopEngine shop =
        new ShopEngine(16, state)
            .set("cdc.offset.flush.interval.ms", "3600000")
            .set("cdc.offset.flush.max.transactions", "2");
    List<Xid> committed = shop.script.commitMany(5, 2);
    CountDownLatch inFourth = new CountDownLatch(1);
    Recorder before = new Recorder();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  if (tx.xid().equals(committed.get(3))) {
                    inFourth.countDown();
                    new CountDownLatch(1).await();
                  }
                  before.handle(tx);
                })
            .build();
    engine.start();
    Recorder.await(() -> inFourth.getCount() == 0, "the handler inside the fourth transaction");
    engine.abandon();

    Recorder after = new Recorder();
    EmbeddedEngine again = shop.engine(after).build();
    again.start();
    after.awaitCount(3);
    stop(again);
    assertThat(before.xids()).containsExactly(committed.get(0), committed.get(1), committed.get(2));
    assertThat(after.xids())
        .as("the third was handled after the last write: delivered again")
        .containsExactly(committed.get(2), committed.get(3), committed.get(4));
  }

  /**
   * A first start at the current SCN killed before its grouped offset write: the restart finds no
   * stored position, and had it started again at the then current SCN, a delete committed in
   * between of a row the handler got in the first run would reach no one (the handler would keep
   * the row for ever). The first start stores its position before anything reaches the handler, so
   * the restart resumes there: the insert again, then the delete. Before, the restart delivered
   * only the marker committed after it.
   */
  @Test
  void crash_beforeTheFirstGroupedWrite_restartsWhereTheFirstStartBegan() throws Exception {
    ShopEngine shop =
        new ShopEngine(26, state)
            .set("cdc.start.scn", "current")
            .set("cdc.snapshot.mode", "no_data")
            .set("cdc.offset.flush.interval.ms", "3600000")
            .set("cdc.offset.flush.max.transactions", "1000");
    java.util.concurrent.atomic.AtomicReference<String> rowId =
        new java.util.concurrent.atomic.AtomicReference<>();
    shop.script.then(
        o -> {
          dev.redoline.simulator.SimulatedTransaction tx = o.begin();
          rowId.set(tx.insert(ShopOrders.TABLE, 100L, "HELD"));
          tx.commit();
        });
    Recorder before = new Recorder();
    EmbeddedEngine engine = shop.engine(before).build();
    engine.start();
    before.awaitCount(1);
    engine.abandon(); // the process dies before any grouped write

    dev.redoline.simulator.SimulatedTransaction delete = shop.oracle.begin();
    delete.delete(ShopOrders.TABLE, rowId.get());
    delete.commit();
    shop.script.then(
        o -> {
          dev.redoline.simulator.SimulatedTransaction marker = o.begin();
          marker.insert(ShopOrders.TABLE, 101L, "MARK");
          marker.commit();
        });
    Recorder after = new Recorder();
    EmbeddedEngine again = shop.engine(after).build();
    again.start();
    Recorder.await(
        () ->
            after.handled().stream()
                .flatMap(h -> h.changes().stream())
                .anyMatch(c -> c.after() != null && c.after().equals(Row.of(101L, "MARK"))),
        "the marker committed after the restart");
    stop(again);
    assertThat(after.handled().stream().flatMap(h -> h.changes().stream()))
        .extracting(Change::operation)
        .as("the insert again, the delete, the marker")
        .containsExactly(Operation.INSERT, Operation.DELETE, Operation.INSERT);
  }

  @Test
  void stop_withGroupedFlush_storesTheLastHandledTransaction() throws Exception {
    ShopEngine shop = new ShopEngine(17, state).set("cdc.offset.flush.interval.ms", "3600000");
    shop.script.commitMany(3, 1);
    Recorder first = new Recorder();
    EmbeddedEngine engine = shop.engine(first).build();
    engine.start();
    first.awaitCount(3);
    stop(engine);
    List<Xid> later = shop.script.commitMany(2, 1);
    Recorder second = new Recorder();
    EmbeddedEngine again = shop.engine(second).build();
    again.start();
    second.awaitCount(2);
    stop(again);
    assertThat(second.xids()).containsExactlyElementsOf(later);
  }

  @Test
  void threads_areNamedAfterTheCaptureAndCarryTheStartersLoggingContext() throws Exception {
    ShopEngine shop = new ShopEngine(18, state).set("cdc.topic.prefix", "orders-sync");
    shop.script.commitMany(1, 1);
    java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    Recorder recorder = new Recorder();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  seen.add(Thread.currentThread().getName() + " " + org.slf4j.MDC.get("tenant"));
                  recorder.handle(tx);
                })
            .build();
    org.slf4j.MDC.put("tenant", "acme");
    try {
      engine.start();
    } finally {
      org.slf4j.MDC.remove("tenant");
    }
    recorder.awaitCount(1);
    java.util.Set<String> names =
        Thread.getAllStackTraces().keySet().stream()
            .map(Thread::getName)
            .collect(java.util.stream.Collectors.toSet());
    stop(engine);
    assertThat(seen).containsExactly("redoline-delivery-orders-sync acme");
    assertThat(names).contains("redoline-capture-orders-sync");
  }

  @Test
  void transactionLargerThanTheQueue_streamsThroughTheHandlerFromItsSpillFile() throws Exception {
    // A budget of 1 KiB: the 200 changes go to a spill file; the queue holds 16.
    ShopEngine shop =
        new ShopEngine(7, state)
            .set("cdc.queue.max.records", "16")
            .set("cdc.buffer.memory.max.bytes", "1024");
    Xid big = shop.script.commit(200);
    Xid small = shop.script.commit(1);
    List<String> whileReading = new CopyOnWriteArrayList<>();
    List<Long> counts = new CopyOnWriteArrayList<>();
    List<Xid> seen = new CopyOnWriteArrayList<>();
    EmbeddedEngine[] engine = new EmbeddedEngine[1];
    engine[0] =
        shop.engine(
                tx -> {
                  if (tx.xid().equals(big)) {
                    long count = 0;
                    for (Change unused : tx.changes()) {
                      if (count++ == 0) {
                        // One change read of 200: the rest is read from the spill file as the
                        // handler goes on.
                        whileReading.add(
                            "queued at most 16: "
                                + (engine[0].metrics().capture().queued() <= 16)
                                + ", spill files "
                                + spillFiles(state.resolve("spill")));
                      }
                    }
                    counts.add(count);
                  }
                  seen.add(tx.xid());
                  Recorder.signal();
                })
            .build();
    engine[0].start();
    Recorder.await(() -> seen.size() == 2, "two transactions");
    stop(engine[0]);
    assertThat(whileReading).hasSize(1);
    assertThat(whileReading.get(0))
        .startsWith("queued at most 16: true, spill files ")
        .doesNotEndWith("files 0");
    assertThat(counts).containsExactly(200L);
    assertThat(seen).containsExactly(big, small);
    assertThat(spillFiles(state.resolve("spill")))
        .as("each spill file deleted once handled")
        .isZero();
  }

  private static long spillFiles(java.nio.file.Path directory) {
    try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(directory)) {
      return files.count();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void handlerReadingNothing_stillMovesOnAndStoresThePosition() throws Exception {
    ShopEngine shop = new ShopEngine(8, state).set("cdc.queue.max.records", "16");
    List<Xid> committed = List.of(shop.script.commit(50), shop.script.commit(2));
    List<Xid> seen = new CopyOnWriteArrayList<>();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  seen.add(tx.xid());
                  Recorder.signal();
                })
            .build();
    engine.start();
    Recorder.await(() -> seen.size() == 2, "two transactions");
    stop(engine);
    assertThat(seen).containsExactlyElementsOf(committed);
    assertThat(engine.metrics().changes()).isEqualTo(52);
  }

  @Test
  void changes_secondIterationIsRefused() throws Exception {
    ShopEngine shop = new ShopEngine(9, state);
    shop.script.commit(1);
    List<Throwable> thrown = new CopyOnWriteArrayList<>();
    List<TableLayout> layouts = new CopyOnWriteArrayList<>();
    EmbeddedEngine engine =
        shop.engine(
                tx -> {
                  for (Change change : tx.changes()) {
                    layouts.add(tx.layout(change));
                  }
                  try {
                    tx.changes();
                  } catch (IllegalStateException e) {
                    thrown.add(e);
                  }
                  Recorder.signal();
                })
            .build();
    engine.start();
    Recorder.await(() -> thrown.size() == 1, "the second iteration");
    stop(engine);
    assertThat(thrown.get(0))
        .hasMessageEndingWith(
            "stream from the capture and can be iterated once; keep your "
                + "own copy to read them again");
    assertThat(layouts).containsExactly(ShopOrders.layout());
  }

  @Test
  void captureFailure_reachesTheListenerWithItsCode() throws Exception {
    ShopEngine shop = new ShopEngine(10, state);
    shop.script.commit(1);
    shop.oracle
        .faults()
        .atCall(
            dev.redoline.simulator.GatewayCall.START_LOGMNR,
            1,
            dev.redoline.simulator.Fault.error(1031));
    List<CdcException> failures = new CopyOnWriteArrayList<>();
    EmbeddedEngine engine = shop.engine(tx -> {}).failureListener(failures::add).build();
    engine.start();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    assertThat(engine.state()).isEqualTo(EngineState.FAILED);
    assertThat(failures)
        .singleElement()
        .satisfies(f -> assertThat(f.errorCode()).isEqualTo(ErrorCode.MISSING_PRIVILEGE));
    assertThat(engine.failure()).isSameAs(failures.get(0));
  }

  @Test
  void start_twiceIsRefused() throws Exception {
    ShopEngine shop = new ShopEngine(11, state);
    EmbeddedEngine engine = shop.engine(tx -> {}).build();
    engine.start();
    assertThatThrownBy(engine::start)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("An engine starts once; this one is RUNNING. Build a new one.");
    engine.close();
    assertThat(engine.state()).isEqualTo(EngineState.STOPPED);
  }

  @Test
  void builder_requiresConfigAndHandler() {
    assertThatThrownBy(() -> EmbeddedEngine.builder().handler(tx -> {}).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("config is required: call config(...)");
    assertThatThrownBy(
            () ->
                EmbeddedEngine.builder()
                    .config(
                        java.util.Map.of(
                            "cdc.database.url",
                            "jdbc:redoline:sim:demo",
                            "cdc.tables.include",
                            "SHOP.*"))
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("handler is required: call handler(...)");
    assertThatThrownBy(() -> EmbeddedEngine.builder().handler(null)).hasMessage("handler == null");
    assertThatThrownBy(() -> EmbeddedEngine.builder().handlerRetries(-1, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retries must be in [0, 1000]: -1");
    assertThatThrownBy(
            () -> EmbeddedEngine.builder().config(java.util.Map.of("cdc.tables.include", "X.*")))
        .isInstanceOf(CdcException.class)
        .satisfies(
            e ->
                assertThat(((CdcException) e).errorCode())
                    .isEqualTo(ErrorCode.INVALID_CONFIGURATION));
  }

  @Test
  void stop_beforeStartLeavesItStopped() throws Exception {
    EmbeddedEngine engine = new ShopEngine(12, state).engine(tx -> {}).build();
    engine.stop();
    assertThat(engine.state()).isEqualTo(EngineState.STOPPED);
    assertThat(engine.awaitTermination(Duration.ZERO)).isTrue();
  }
}
