package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.CaptureMetrics;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureEngineTest {

  static final TableId ORDERS = TableId.of("SHOP", "ORDERS");

  @TempDir Path spill;

  static TableLayout orders() {
    return TableLayout.builder(ORDERS, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
        .primaryKey("ID")
        .build();
  }

  /** Runs scripted actions, one per workload tick, in order. */
  static final class Script {
    final Deque<Consumer<SimulatedOracle>> actions = new ArrayDeque<>();

    Script then(Consumer<SimulatedOracle> action) {
      actions.add(action);
      return this;
    }

    void attach(SimulatedOracle oracle) {
      oracle.workload(
          (o, step) -> {
            Consumer<SimulatedOracle> next = actions.poll();
            if (next != null) {
              next.accept(o);
            }
          });
    }
  }

  @Test
  void open_deliversCommittedTransactionsInCommitOrder() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(1).build();
    oracle.createTable(orders());
    Scn start = Scn.of(oracle.currentScn());
    String[] rowId = new String[1];
    new Script()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              rowId[0] = tx.insert(ORDERS, 1L, "NEW");
              tx.insert(ORDERS, 2L, "NEW");
              tx.commit();
            })
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.update(ORDERS, rowId[0], Map.of("STATUS", "PAID"));
              tx.commit();
            })
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 3L, "LOST");
              tx.rollback();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitEvents(ScenarioHarness.changeCount(3));
      List<StreamEvent.ChangeEvent> changes = h.changeEvents();
      assertThat(changes)
          .extracting(c -> c.change().operation())
          .containsExactly(Operation.INSERT, Operation.INSERT, Operation.UPDATE);
      assertThat(changes.get(0).change().after()).isEqualTo(Row.of(1L, "NEW"));
      assertThat(changes.get(2).change().before().get(1)).isEqualTo("NEW");
      assertThat(changes.get(2).change().after()).isEqualTo(Row.of(1L, "PAID"));
      assertThat(changes.get(0).commit()).isEqualTo(changes.get(1).commit());
      assertThat(changes.get(0).index()).isZero();
      assertThat(changes.get(1).last()).isTrue();
      assertThat(changes.get(2).commit().scn()).isGreaterThan(changes.get(0).commit().scn());
      assertThat(h.events.get(0)).isInstanceOf(StreamEvent.SchemaEvent.class);
    }
  }

  /** Order 1 committed before the capture opens, order 2 at the workload's first tick. */
  private static SimulatedOracle oldOrderThenANewOne() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(2).build();
    oracle.createTable(orders());
    SimulatedTransaction before = oracle.begin();
    before.insert(ORDERS, 1L, "OLD");
    before.commit();
    new Script()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 2L, "NEW");
              tx.commit();
            })
        .attach(oracle);
    return oracle;
  }

  @Test
  void open_withoutPositionStartsAtCurrentScn() throws Exception {
    SimulatedOracle oracle = oldOrderThenANewOne();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "no_data");
      h.open(null);
      h.awaitEvents(ScenarioHarness.changeCount(1));
      assertThat(h.changeEvents()).extracting(c -> c.change().after().get(0)).containsExactly(2L);
    }
  }

  @Test
  void initialOnly_endsTheCaptureOnceTheSnapshotIsDelivered() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(4).build();
    oracle.createTable(orders());
    SimulatedTransaction before = oracle.begin();
    for (long id = 1; id <= 5; id++) {
      before.insert(ORDERS, id, "OLD");
    }
    before.commit();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.snapshot.mode", "initial_only").set("cdc.snapshot.chunk.rows", "2");
      CaptureStream stream = h.open(null);
      h.awaitEvents(ScenarioHarness.changeCount(5));
      assertThat(h.changeEvents())
          .extracting(c -> c.change().after().get(0))
          .containsExactly(1L, 2L, 3L, 4L, 5L);
      assertThat(h.changeEvents())
          .extracting(c -> c.commit().size())
          .containsExactly(2L, 2L, 2L, 2L, 1L);
      for (int i = 0; i < 200 && stream.running(); i++) {
        stream.poll(Duration.ofMillis(50));
      }
      assertThat(stream.running()).as("the capture ended after the snapshot").isFalse();
    }
  }

  @Test
  void open_withoutPosition_snapshotsTheExistingRowsThenStreams() throws Exception {
    SimulatedOracle oracle = oldOrderThenANewOne();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(null);
      h.awaitEvents(ScenarioHarness.changeCount(2));
      assertThat(h.changeEvents())
          .extracting(c -> c.change().operation() + " " + c.change().after().get(0))
          .containsExactly("READ 1", "INSERT 2");
      StreamEvent.ChangeEvent read = h.changeEvents().get(0);
      assertThat(read.snapshot().place()).isEqualTo(dev.redoline.core.SnapshotMark.Place.LAST);
      assertThat(PositionState.of(read.position()).snapshot().done(ORDERS)).isTrue();
      assertThat(Position.fromMap(read.position().toMap())).isEqualTo(read.position());
    }
  }

  @Test
  void metrics_arePublishedOverJmxWhileOpen() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(3).build();
    oracle.createTable(orders());
    new Script()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 7L, "NEW");
              tx.commit();
            })
        .attach(oracle);
    javax.management.MBeanServer server =
        java.lang.management.ManagementFactory.getPlatformMBeanServer();
    javax.management.ObjectName name =
        new javax.management.ObjectName("dev.redoline:type=CaptureEngine,name=\"jmx-test\"");
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.topic.prefix", "jmx-test");
      h.open(null);
      h.awaitEvents(ScenarioHarness.changeCount(1));
      assertThat(server.isRegistered(name)).isTrue();
      assertThat((Long) server.getAttribute(name, "Steps")).isPositive();
      assertThat((Long) server.getAttribute(name, "RowsMined")).isGreaterThanOrEqualTo(3);
      CaptureMetrics metrics = h.stream.metrics();
      assertThat(metrics.steps()).isPositive();
      assertThat(metrics.buffer()).isNotNull();
      assertThat(metrics.minedScn()).isGreaterThan(Scn.ZERO);
    }
    assertThat(server.isRegistered(name)).isFalse();
  }
}
