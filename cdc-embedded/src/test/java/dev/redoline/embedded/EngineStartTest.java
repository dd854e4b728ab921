package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link EmbeddedEngine#start()} does when the capture cannot start: an error no retry fixes
 * is thrown at once and leaves an engine that closes cleanly; a transient one is retried visibly.
 */
class EngineStartTest {

  @TempDir Path state;

  /** Starts an engine whose first connection meets {@code fault}; the error start() threw. */
  private CdcException startFails(GatewayCall call, Fault fault, List<CdcException> heard) {
    ShopEngine shop = new ShopEngine(21, state);
    shop.oracle.faults().atCall(call, 1, fault);
    EmbeddedEngine engine = shop.engine(tx -> {}).failureListener(heard::add).build();
    Throwable thrown = catchThrowable(engine::start);
    assertThat(thrown).isInstanceOf(CdcException.class);
    assertThat(engine.state()).isEqualTo(EngineState.FAILED);
    assertThat(engine.failure()).isSameAs(thrown);
    engine.close(); // nothing to close, and no error
    assertThat(engine.state()).isEqualTo(EngineState.FAILED);
    return (CdcException) thrown;
  }

  @Test
  void start_wrongCredentials_throwCdc4010AtOnce() {
    List<CdcException> heard = new CopyOnWriteArrayList<>();
    CdcException e = startFails(GatewayCall.CONNECT, Fault.error(1017), heard);
    assertThat(e.errorCode()).isEqualTo(ErrorCode.LOGON_DENIED);
    assertThat(heard).as("a start failure is thrown, not heard").isEmpty();
  }

  @Test
  void health_afterAFailedStart_isDownWithTheCodeAndAction() {
    ShopEngine shop = new ShopEngine(24, state);
    shop.oracle.faults().atCall(GatewayCall.CONNECT, 1, Fault.error(1017));
    EmbeddedEngine engine = shop.engine(tx -> {}).build();
    assertThat(engine.health().state()).isEqualTo(EngineState.NEW);
    assertThat(engine.health().lastError()).isNull();
    assertThat(catchThrowable(engine::start)).as("the start fails").isNotNull();

    EngineHealth health = engine.health();
    assertThat(health.up()).isFalse();
    assertThat(health.state()).isEqualTo(EngineState.FAILED);
    assertThat(health.lastErrorCode()).contains(ErrorCode.LOGON_DENIED);
    assertThat(health.operatorAction()).contains(ErrorCode.LOGON_DENIED.action());
    engine.close();
  }

  @Test
  void start_unknownService_throwsCdc4013AtOnce() {
    CdcException e = startFails(GatewayCall.CONNECT, Fault.error(12514), new ArrayList<>());
    assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_SERVICE);
  }

  @Test
  void start_missingPrivilege_throwsCdc4003AtOnce() {
    CdcException e = startFails(GatewayCall.DATABASE, Fault.error(1031), new ArrayList<>());
    assertThat(e.errorCode()).isEqualTo(ErrorCode.MISSING_PRIVILEGE);
  }

  @Test
  void close_afterAStartThatFailedOnTheStoredPosition_isSafe() throws Exception {
    ShopEngine shop = new ShopEngine(22, state);
    Files.writeString(state.resolve("offsets.json"), "{\"format\":1,\"position\":{\"v\":\"x\"}}");
    EmbeddedEngine engine = shop.engine(tx -> {}).build();
    Throwable thrown = catchThrowable(engine::start);
    assertThat(thrown).isInstanceOf(CdcException.class);

    engine.close();
    assertThat(engine.state()).isEqualTo(EngineState.FAILED);
    assertThat(engine.failure()).isSameAs(thrown);
  }

  @Test
  void start_noListenerBeforeTheEngineEverRan_throwsCdc4013AtOnce() {
    CdcException e = startFails(GatewayCall.CONNECT, Fault.error(12541), new ArrayList<>());
    assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_SERVICE);
    assertThat(e.detail()).contains("ORA-12541").contains("cdc.database.url connects to ");
  }

  /** Once the engine has run (a stored position), a listener down is an outage: retried. */
  @Test
  void start_listenerDown_retriesVisiblyThenRuns() throws Exception {
    ShopEngine shop = new ShopEngine(23, state);
    shop.script.commit(1);
    Recorder first = new Recorder();
    EmbeddedEngine earlier = shop.engine(first).build();
    earlier.start();
    first.awaitCount(1);
    earlier.close();
    shop.script.commit(2);
    shop.oracle
        .faults()
        .atCall(GatewayCall.CONNECT, 1, Fault.error(12541))
        .atCall(GatewayCall.CONNECT, 2, Fault.error(12541));
    List<CdcException> heard = new CopyOnWriteArrayList<>();
    List<EngineState> statesWhenHeard = new CopyOnWriteArrayList<>();
    Recorder recorder = new Recorder();
    AtomicReference<EmbeddedEngine> started = new AtomicReference<>();
    EmbeddedEngine engine =
        shop.engine(recorder)
            .failureListener(
                e -> {
                  heard.add(e);
                  statesWhenHeard.add(started.get().state());
                  Recorder.signal();
                })
            .build();
    started.set(engine);
    engine.start(); // the first attempt failed: no exception, the capture thread retries

    recorder.awaitCount(1);
    Recorder.await(() -> engine.state() == EngineState.RUNNING, "running again");
    assertThat(engine.health().up()).isTrue();
    assertThat(engine.health().lag().isNegative()).isFalse();
    engine.close();
    assertThat(heard)
        .hasSize(2)
        .allSatisfy(
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.TRANSIENT_DATABASE_ERROR);
              assertThat(e.detail()).contains("ORA-12541: TNS:no listener");
            });
    assertThat(statesWhenHeard).containsOnly(EngineState.RETRYING);
    assertThat(engine.state()).isEqualTo(EngineState.STOPPED);
    // recovered, the health still names the error last retried past
    assertThat(engine.health().lastErrorCode()).contains(ErrorCode.TRANSIENT_DATABASE_ERROR);
    assertThat(engine.health().lastError().detail()).contains("ORA-12541");
  }
}
