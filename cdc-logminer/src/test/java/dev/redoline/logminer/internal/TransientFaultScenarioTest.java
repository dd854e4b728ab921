package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.Faults;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * docs/logminer.md#errors: every transient error is recovered by reconnecting with backoff
 * (CDC-1001) and mining the failed step again, with nothing lost or repeated; past {@code
 * cdc.retry.max.time.ms} the capture stops with CDC-1001; an ORA code the engine does not know
 * stops it with CDC-5001.
 */
class TransientFaultScenarioTest {

  @TempDir Path spill;

  private static void commitOne(SimulatedOracle o, long id, String status) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  /**
   * Each fault plan, put in place right after the transaction the failing step reads: errors that
   * come while rows are fetched, and errors of the reconnection itself after a dropped connection.
   */
  static Stream<Arguments> transientFaults() {
    return Stream.of(
        fault(
            "ORA-17002 connection reset",
            f -> f.atRow(2, Fault.connectionReset()),
            "IO Error: Connection reset"),
        fault(
            "ORA-03113",
            f -> f.atRow(2, Fault.error(3113)),
            "ORA-03113: end-of-file on communication channel"),
        fault(
            "ORA-03114", f -> f.atRow(2, Fault.error(3114)), "ORA-03114: not connected to ORACLE"),
        fault(
            "ORA-03135", f -> f.atRow(2, Fault.error(3135)), "ORA-03135: connection lost contact"),
        fault(
            "ORA-00028",
            f -> f.atRow(2, Fault.error(28)),
            "ORA-00028: your session has been killed"),
        fault(
            "ORA-01089",
            f -> f.atRow(2, Fault.error(1089)),
            "ORA-01089: immediate shutdown or close in progress"),
        fault(
            "ORA-01033 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(1033)),
            "ORA-01033: ORACLE initialization or shutdown"),
        fault(
            "ORA-01034 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(1034)),
            "ORA-01034: ORACLE not available"),
        fault(
            "ORA-01109 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(1109)),
            "ORA-01109: database not open"),
        fault(
            "ORA-12514 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(12514)),
            "ORA-12514: TNS:listener does not currently know"),
        fault(
            "ORA-04036 PGA limit",
            f -> f.atRow(2, Fault.error(4036)),
            "ORA-04036: PGA memory used by the instance exceeds PGA_AGGREGATE_LIMIT"),
        fault(
            "ORA-04030 out of process memory",
            f ->
                f.atRow(
                    2,
                    Fault.errorMessage(
                        603,
                        "ORA-00603: ORACLE server session terminated by fatal error\nORA-27102: out of memory\n"
                            + "ORA-04030: out of process memory when trying to allocate 8392728 bytes (kxs-heap-w,kghsseg_1 : kokeibib)")),
            "ORA-00603: ORACLE server session terminated by fatal error / ORA-27102: out of memory"),
        fault(
            "ORA-02396 idle time",
            f -> f.atRow(2, Fault.error(2396)),
            "ORA-02396: exceeded maximum idle time"),
        fault(
            "ORA-12541 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(12541)),
            "ORA-12541"),
        fault(
            "ORA-04031 shared pool",
            f -> f.atRow(2, Fault.error(4031, 4096, "krvxgr")),
            "ORA-04031: unable to allocate 4096 bytes of shared memory"),
        fault(
            "ORA-01001 on a start",
            f -> f.atCall(GatewayCall.START_LOGMNR, 1, Fault.error(1001)),
            "ORA-01001"));
  }

  private static Arguments fault(String name, Consumer<Faults> plan, String reported) {
    return Arguments.of(name, plan, reported);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("transientFaults")
  void transientFault_isRecoveredByReconnectingWithNothingLostOrRepeated(
      String name, Consumer<Faults> plan, String reported) throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(51).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 2L, "DURING");
              tx.insert(ORDERS, 3L, "DURING");
              tx.commit();
              plan.accept(o.faults());
            })
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, BEFORE]",
              "INSERT SHOP.ORDERS [2, DURING]",
              "INSERT SHOP.ORDERS [3, DURING]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(oracle.faults().fired()).isNotEmpty();
      assertThat(h.ops(OpsEvent.Type.RECONNECT))
          .isNotEmpty()
          .anySatisfy(e -> assertThat(e.message()).contains(reported));
      assertThat(h.stream.metrics().reconnects()).isEqualTo(h.ops(OpsEvent.Type.RECONNECT).size());
    }
  }

  @Test
  void transientFault_backoffDoublesWithinTheRetryTimeThenStopsWithCdc1001() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(52).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              commitOne(o, 2, "NEVER");
              o.faults()
                  .atRow(1, Fault.error(3113))
                  .withProbability(GatewayCall.CONNECT, 1.0, Fault.error(12514));
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.retry.max.time.ms", "10000")
          .set("cdc.retry.backoff.initial.ms", "500")
          .set("cdc.retry.backoff.max.ms", "30000")
          .open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.TRANSIENT_DATABASE_ERROR);
      assertThat(stop.detail())
          .startsWith(
              "still failing after 10000 ms (cdc.retry.max.time.ms=10000): "
                  + "ORA-12514: TNS:listener does not currently know of service requested");
      assertThat(h.ops(OpsEvent.Type.RECONNECT))
          .extracting(e -> e.message().substring(0, e.message().indexOf(':')))
          .containsExactly(
              "reconnecting in 500 ms",
              "reconnecting in 1000 ms",
              "reconnecting in 2000 ms",
              "reconnecting in 4000 ms",
              "reconnecting in 2500 ms");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, BEFORE]");
    }
  }

  @Test
  void transientFault_anOutageShorterThanTheRetryTimeIsRidenOut() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(53).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              o.shutdownInstance(1, false); // SHUTDOWN IMMEDIATE: the engine's connection is gone
            })
        .idle(50)
        .then(o -> o.startupInstance(1, 1))
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.retry.max.time.ms", "60000").open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly("INSERT SHOP.ORDERS [1, BEFORE]", "INSERT SHOP.ORDERS [99, END]");
      assertThat(h.ops(OpsEvent.Type.RECONNECT))
          .hasSizeGreaterThanOrEqualTo(2)
          .anySatisfy(e -> assertThat(e.message()).contains("ORA-01034"));
    }
  }

  /**
   * Issue 16 item 10: the whole chain is classified ("ORA-00604 ... ORA-04031" is the shared-pool
   * error it wraps), and the connection, listener and limit errors Debezium and Oracle's catalogue
   * call transient are recovered by reconnecting, whether they come on a fetch or on the
   * reconnection.
   */
  static Stream<Arguments> errorChainFaults() {
    return Stream.of(
        fault(
            "ORA-00604 wrapping ORA-04031",
            f ->
                f.atRow(
                    2,
                    Fault.errorMessage(
                        604,
                        "ORA-00604: error occurred at recursive SQL level 1\nORA-04031: unable to allocate 4160 bytes of "
                            + "shared memory (\"shared pool\",\"unknown object\",\"sga heap(1,0)\",\"kglsim object batch\")")),
            "ORA-04031: unable to allocate 4160 bytes"),
        fault("ORA-01092 instance terminated", f -> f.atRow(2, Fault.error(1092)), "ORA-01092"),
        fault("ORA-12537 connection closed", f -> f.atRow(2, Fault.error(12537)), "ORA-12537"),
        fault("ORA-25408 cannot replay", f -> f.atRow(2, Fault.error(25408)), "ORA-25408"),
        fault(
            "ORA-12528 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(12528)),
            "ORA-12528"),
        fault(
            "ORA-12516 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(12516)),
            "ORA-12516"),
        fault(
            "ORA-12519 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(12519)),
            "ORA-12519"),
        fault(
            "ORA-12520 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(12520)),
            "ORA-12520"),
        fault(
            "ORA-12170 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(12170)),
            "ORA-12170"),
        fault(
            "ORA-00018 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(18)),
            "ORA-00018"),
        fault(
            "ORA-00020 on reconnect",
            f -> f.atRow(2, Fault.error(3113)).atCall(GatewayCall.CONNECT, 1, Fault.error(20, 300)),
            "ORA-00020: maximum number of processes (300)"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("errorChainFaults")
  void errorChains_areClassifiedWholeAndTransientCodesReconnect(
      String name, Consumer<Faults> plan, String reported) throws Exception {
    transientFault_isRecoveredByReconnectingWithNothingLostOrRepeated(name, plan, reported);
  }

  /**
   * Review 2, item b8: ORA-00235 (a control file view read during a concurrent update, as at a log
   * switch) is retried, as Oracle's action for it says; it stopped the capture as CDC-5001.
   */
  @Test
  void b8_ora00235OnTheLogViews_isReadAgainWithNothingLost() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(55).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              commitOne(o, 2, "DURING");
              o.faults()
                  .atCall(
                      GatewayCall.THREADS,
                      1,
                      Fault.errorMessage(
                          604,
                          "ORA-00604: error occurred at "
                              + "recursive SQL level 1\nORA-00235: control file fixed table inconsistent due to concurrent update"));
            })
        .then(o -> commitOne(o, 99, "END"))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, BEFORE]",
              "INSERT SHOP.ORDERS [2, DURING]",
              "INSERT SHOP.ORDERS [99, END]");
      assertThat(oracle.faults().fired()).isNotEmpty();
      assertThat(h.ops(OpsEvent.Type.REMINE))
          .anySatisfy(e -> assertThat(e.message()).contains("ORA-00235"));
    }
  }

  static Stream<Arguments> unknownErrors() {
    return Stream.of(
        Arguments.of(Fault.error(1555, 12, "_SYSSMU12$"), "ORA-01555"),
        Arguments.of(Fault.internalError("[kdli_iread]"), "ORA-00600"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("unknownErrors")
  void unknownOraCode_stopsWithCdc5001AndTheCodeInTheMessage(Fault fault, String ora)
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(54).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitOne(o, 1, "BEFORE"))
        .then(
            o -> {
              commitOne(o, 2, "NEVER");
              o.faults().atRow(1, fault);
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.UNCLASSIFIED_ORACLE_ERROR);
      assertThat(stop.getMessage()).startsWith("CDC-5001 ").contains(ora + ": ");
      assertThat(h.changes()).containsExactly("INSERT SHOP.ORDERS [1, BEFORE]");
      assertThat(h.ops(OpsEvent.Type.RECONNECT)).isEmpty();
      assertThat(h.ops(OpsEvent.Type.REMINE)).isEmpty();
    }
  }
}
