package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first connection of a capture is made by {@link CaptureEngine#open} on the caller's thread:
 * an error no retry can fix fails the open at once with its code, a transient one is retried by the
 * capture thread, visibly (RECONNECT, then RECONNECTED).
 */
class FirstConnectionScenarioTest {

  @TempDir Path spill;

  private static SimulatedOracle shop() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(61).build();
    oracle.createTable(ScenarioHarness.orders());
    return oracle;
  }

  private static void commitOne(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, "NEW");
    tx.commit();
  }

  private CdcException openFails(SimulatedOracle oracle, GatewayCall call, Fault fault) {
    oracle.faults().atCall(call, 1, fault);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      Throwable thrown = catchThrowable(() -> h.open(Position.start(Scn.of(oracle.currentScn()))));
      assertThat(thrown).isInstanceOf(CdcException.class);
      assertThat(h.ops(OpsEvent.Type.RECONNECT)).isEmpty();
      return (CdcException) thrown;
    }
  }

  @Test
  void wrongCredentials_failTheOpenAtOnceWithCdc4010() {
    CdcException e = openFails(shop(), GatewayCall.CONNECT, Fault.error(1017));
    assertThat(e.errorCode()).isEqualTo(ErrorCode.LOGON_DENIED);
    assertThat(e.detail()).isEqualTo("ORA-01017: invalid username/password; logon denied");
  }

  @Test
  void unknownService_failsTheOpenAtOnceWithCdc4013() {
    CdcException e = openFails(shop(), GatewayCall.CONNECT, Fault.error(12514));
    assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_SERVICE);
    assertThat(e.detail()).startsWith("ORA-12514: TNS:listener does not currently know of service");
  }

  @Test
  void missingPrivilege_failsTheOpenAtOnceWithCdc4003() {
    CdcException e = openFails(shop(), GatewayCall.DATABASE, Fault.error(942));
    assertThat(e.errorCode()).isEqualTo(ErrorCode.MISSING_PRIVILEGE);
    assertThat(e.detail()).startsWith("ORA-00942: table or view does not exist");
  }

  /**
   * A capture that has never run (no stored position) and finds no listener has a wrong host or
   * port, not an outage: it fails at once, naming where it tried. Before, it was retried for {@code
   * cdc.retry.max.time.ms} and then stopped with CDC-1001.
   */
  @Test
  void noListenerBeforeTheCaptureEverRan_failsTheOpenAtOnceWithCdc4013NamingTheAddress() {
    SimulatedOracle oracle = shop();
    oracle.faults().atCall(GatewayCall.CONNECT, 1, Fault.error(12541));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      Throwable thrown = catchThrowable(() -> h.open(null));
      assertThat(thrown).isInstanceOf(CdcException.class);
      CdcException e = (CdcException) thrown;
      assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_SERVICE);
      assertThat(e.detail())
          .startsWith("ORA-12541: TNS:no listener")
          .endsWith("(cdc.database.url connects to test)");
      assertThat(h.ops(OpsEvent.Type.RECONNECT)).isEmpty();
    }
  }

  /** Once the capture has run (a stored position), a listener down is an outage: retried. */
  @Test
  void listenerDown_isRetriedByTheCaptureThreadVisibly() throws Exception {
    SimulatedOracle oracle = shop();
    Scn start = Scn.of(oracle.currentScn());
    commitOne(oracle, 1);
    oracle
        .faults()
        .atCall(GatewayCall.CONNECT, 1, Fault.error(12541))
        .atCall(GatewayCall.CONNECT, 2, Fault.error(12541));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      CaptureStream stream =
          h.open(Position.start(start)); // the first attempt failed: no exception

      h.awaitChange("INSERT SHOP.ORDERS [1, NEW]");
      assertThat(stream.connected()).isTrue();
      assertThat(h.ops(OpsEvent.Type.RECONNECT))
          .hasSize(2)
          .allSatisfy(e -> assertThat(e.message()).contains("ORA-12541: TNS:no listener"));
      assertThat(h.ops(OpsEvent.Type.RECONNECTED))
          .singleElement()
          .satisfies(
              e -> assertThat(e.message()).startsWith("connected to the database again after "));
    }
  }

  @Test
  void wrongCredentialsOnAReconnect_stopWithCdc4010InsteadOfRetrying() throws Exception {
    SimulatedOracle oracle = shop();
    Scn start = Scn.of(oracle.currentScn());
    commitOne(oracle, 1);
    oracle.faults().atRow(1, Fault.error(3113)).atCall(GatewayCall.CONNECT, 2, Fault.error(1017));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOGON_DENIED);
      assertThat(h.ops(OpsEvent.Type.RECONNECT)).hasSize(1);
    }
  }

  @Test
  void listenerDownForGood_isRetriedWithinTheRetryTimeThenStopsWithCdc1001() throws Exception {
    SimulatedOracle oracle = shop();
    Scn start = Scn.of(oracle.currentScn());
    oracle.faults().withProbability(GatewayCall.CONNECT, 1.0, Fault.error(12541));
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      CaptureStream stream = h.set("cdc.retry.max.time.ms", "10000").open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.TRANSIENT_DATABASE_ERROR);
      assertThat(stream.connected()).isFalse();
      assertThat(h.ops(OpsEvent.Type.RECONNECT))
          .isNotEmpty()
          .allSatisfy(e -> assertThat(e.message()).contains("ORA-12541"));
      assertThat(h.ops(OpsEvent.Type.RECONNECTED)).isEmpty();
    }
  }
}
