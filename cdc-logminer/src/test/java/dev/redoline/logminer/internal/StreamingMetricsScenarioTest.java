package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The metrics under Debezium's names, read over JMX from a running capture, move as {@link
 * dev.redoline.logminer.StreamingMetricsMXBean} documents them.
 */
class StreamingMetricsScenarioTest {

  private static final int CAPACITY = 16;

  /**
   * Bounded polls of the MBean while the capture thread works: a bound on progress, not a timing.
   */
  private static final int MAX_POLLS = 600;

  @TempDir Path spill;

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(33).build();

  private static ObjectName name(String prefix) throws Exception {
    return new ObjectName(
        "debezium.oracle:type=connector-metrics,context=streaming,server=" + prefix);
  }

  private static Object attribute(String prefix, String attribute) {
    try {
      return ManagementFactory.getPlatformMBeanServer().getAttribute(name(prefix), attribute);
    } catch (Exception e) {
      throw new AssertionError("reading " + attribute, e);
    }
  }

  private static long number(String prefix, String attribute) {
    return ((Number) attribute(prefix, attribute)).longValue();
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    for (int i = 0; i < MAX_POLLS && !condition.getAsBoolean(); i++) {
      Thread.sleep(50);
    }
    assertThat(condition.getAsBoolean()).as(what).isTrue();
  }

  @Test
  void metricsMoveWithTheCapture_queueBufferCommitsAndLogSwitches() throws Exception {
    String prefix = "dbz-metrics-a";
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    AtomicReference<SimulatedTransaction> first = new AtomicReference<>();
    AtomicReference<SimulatedTransaction> open = new AtomicReference<>();
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 1L, "NEW");
              tx.insert(ORDERS, 2L, "NEW");
              tx.commit();
              first.set(tx);
            })
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 10L, "OPEN");
              tx.insert(ORDERS, 11L, "OPEN");
              tx.insert(ORDERS, 12L, "OPEN");
              open.set(tx);
            })
        .then(o -> o.switchAllLogfiles())
        .attach(oracle);
    try (ScenarioHarness h =
        new ScenarioHarness(oracle, spill)
            .set("cdc.topic.prefix", prefix)
            .set("cdc.queue.max.records", Integer.toString(CAPACITY))) {
      CaptureStream stream = h.open(Position.start(start));
      // Nothing polled yet: the events wait in the queue.
      await(() -> number(prefix, "TotalNumberOfEventsSeen") == 2, "two change events queued");
      assertThat(number(prefix, "NumberOfCommittedTransactions")).isEqualTo(1);
      assertThat(number(prefix, "QueueRemainingCapacity"))
          .isEqualTo(CAPACITY - stream.metrics().queued());
      assertThat(number(prefix, "CurrentQueueSizeInBytes")).isPositive();
      assertThat(number(prefix, "MilliSecondsSinceLastEvent")).isGreaterThanOrEqualTo(0);
      assertThat(number(prefix, "MilliSecondsBehindSource")).isGreaterThanOrEqualTo(0);
      assertThat((Boolean) attribute(prefix, "Connected")).isTrue();
      assertThat((BigInteger) attribute(prefix, "CommittedScn"))
          .isEqualTo(BigInteger.valueOf(first.get().endScn()));
      BigInteger offset = (BigInteger) attribute(prefix, "OffsetScn");
      assertThat(offset).isPositive().isLessThanOrEqualTo(BigInteger.valueOf(first.get().endScn()));

      await(
          () ->
              number(prefix, "NumberOfActiveTransactions") == 1
                  && number(prefix, "LogSwitchCount") >= 1,
          "the open transaction buffered and the log switch seen");
      assertThat(number(prefix, "NumberOfEventsInBuffer")).isEqualTo(3);
      assertThat((BigInteger) attribute(prefix, "OldestScn"))
          .isEqualTo(BigInteger.valueOf(open.get().startScn()));
      assertThat(number(prefix, "OldestScnAgeInMilliseconds")).isGreaterThanOrEqualTo(0);
      assertThat(number(prefix, "LogSwitchCount")).as("one switch of the one thread").isEqualTo(1);
      assertThat((BigInteger) attribute(prefix, "CurrentScn"))
          .isGreaterThanOrEqualTo(BigInteger.valueOf(open.get().startScn()));
      long queries = number(prefix, "FetchQueryCount");
      assertThat(queries).isGreaterThanOrEqualTo(stream.metrics().steps());
      assertThat(number(prefix, "TotalProcessedRows"))
          .isEqualTo(stream.metrics().rows())
          .isGreaterThanOrEqualTo(7);
      assertThat(number(prefix, "LastDurationOfFetchQueryInMilliseconds"))
          .isGreaterThanOrEqualTo(0);
      assertThat(number(prefix, "LagFromSourceInMilliseconds")).isGreaterThanOrEqualTo(0);

      h.awaitChange("INSERT SHOP.ORDERS [2, NEW]"); // drains the queue
      await(
          () -> number(prefix, "CurrentQueueSizeInBytes") == 0,
          "the queue's bytes back to zero once polled");
      assertThat(number(prefix, "QueueRemainingCapacity"))
          .isEqualTo(CAPACITY - stream.metrics().queued());
    }
    assertThat(ManagementFactory.getPlatformMBeanServer().isRegistered(name(prefix)))
        .as("unregistered when the stream closes")
        .isFalse();
  }

  @Test
  void beforeAnyChange_theDebeziumDefaults() throws Exception {
    String prefix = "dbz-metrics-b";
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill).set("cdc.topic.prefix", prefix)) {
      h.open(Position.start(start));
      await(() -> (Boolean) attribute(prefix, "Connected"), "connected");
      // The CREATE TABLE's own transaction may still be open in the buffer for a step or two, and
      // before the first step there is no buffer to count (0 then says nothing): wait for a step.
      await(
          () -> h.stream.metrics().steps() > 0 && number(prefix, "NumberOfActiveTransactions") == 0,
          "a step done and no transaction open");
      assertThat(number(prefix, "MilliSecondsSinceLastEvent")).isEqualTo(-1);
      assertThat(number(prefix, "MilliSecondsBehindSource")).isEqualTo(-1);
      assertThat(number(prefix, "TotalNumberOfEventsSeen")).isZero();
      assertThat((BigInteger) attribute(prefix, "OldestScn")).isEqualTo(BigInteger.ONE.negate());
      assertThat(number(prefix, "NumberOfActiveTransactions")).isZero();
      assertThat(number(prefix, "QueueRemainingCapacity"))
          .isEqualTo(8192 - h.stream.metrics().queued());
    }
  }

  /**
   * The step figures under Debezium's names (durations with their extremes, logs per step, log
   * files, rolled-back transactions) and Redoline's per-thread cursor MBean, read over JMX.
   */
  @Test
  void stepFiguresAndPerThreadCursor() throws Exception {
    String prefix = "dbz-metrics-c";
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 1L, "NEW");
              tx.commit();
            })
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 2L, "GONE");
              tx.rollback();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill).set("cdc.topic.prefix", prefix)) {
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [1, NEW]");
      await(() -> number(prefix, "NumberOfRolledBackTransactions") == 1, "the rollback counted");
      long min = number(prefix, "MinBatchProcessingTimeInMilliseconds");
      long max = number(prefix, "MaxBatchProcessingTimeInMilliseconds");
      assertThat(max).isGreaterThanOrEqualTo(min);
      assertThat(number(prefix, "TotalBatchProcessingTimeInMilliseconds"))
          .isGreaterThanOrEqualTo(max);
      assertThat(number(prefix, "MaxDurationOfFetchQueryInMilliseconds"))
          .isGreaterThanOrEqualTo(0)
          .isLessThanOrEqualTo(number(prefix, "TotalResultSetNextTimeInMilliseconds"));
      assertThat(number(prefix, "MinimumMinedLogCount"))
          .isPositive()
          .isLessThanOrEqualTo(number(prefix, "MaximumMinedLogCount"));
      assertThat((String[]) attribute(prefix, "CurrentLogFileNames")).isNotEmpty();
      assertThat(number(prefix, "MaxLagFromSourceInMilliseconds"))
          .isGreaterThanOrEqualTo(number(prefix, "MinLagFromSourceInMilliseconds"));
      assertThat(number(prefix, "AbandonedTransactionCount")).isZero();

      ObjectName thread =
          new ObjectName("dev.redoline:type=RedoThread,name=\"" + prefix + "\",thread=1");
      await(
          () -> ManagementFactory.getPlatformMBeanServer().isRegistered(thread),
          "thread 1's MBean registered");
      assertThat(
              ((Number) ManagementFactory.getPlatformMBeanServer().getAttribute(thread, "Sequence"))
                  .longValue())
          .isPositive();
      assertThat(
              ((Number)
                      ManagementFactory.getPlatformMBeanServer()
                          .getAttribute(thread, "BytesBehind"))
                  .longValue())
          .isGreaterThanOrEqualTo(0);
      ObjectName engine = new ObjectName("dev.redoline:type=CaptureEngine,name=\"" + prefix + "\"");
      assertThat(
              (String[])
                  ManagementFactory.getPlatformMBeanServer()
                      .getAttribute(engine, "ThreadPositions"))
          .singleElement()
          .asString()
          .startsWith("1: ");
    }
    assertThat(
            ManagementFactory.getPlatformMBeanServer()
                .isRegistered(
                    new ObjectName(
                        "dev.redoline:type=RedoThread,name=\"" + prefix + "\",thread=1")))
        .as("unregistered when the stream closes")
        .isFalse();
  }
}
