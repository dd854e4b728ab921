package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An archived backlog mined with {@code cdc.mining.sessions=2}: the streaming metrics show the
 * sessions in use, each one's rows a second, the backlog in logs and bytes and an estimate of the
 * time to catch up; ops events say when parallel mining starts and, once the capture mines the
 * online logs again, stops.
 */
class CatchUpMetricsScenarioTest {

  private static final String PREFIX = "catchup-metrics";
  private static final int MAX_EMPTY_POLLS = 600;

  @TempDir Path spill;

  private static Object attribute(String attribute) throws Exception {
    return ManagementFactory.getPlatformMBeanServer()
        .getAttribute(
            new ObjectName(
                "debezium.oracle:type=connector-metrics,context=streaming,server=" + PREFIX),
            attribute);
  }

  private static int sessionsInUse() {
    try {
      return (Integer) attribute("MiningSessions");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void parallelMining_isSeenInTheMetricsAndOpsEvents() throws Exception {
    // LogMiner's pace on: steps take database time, so the pace of mining archived redo is known
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(5)
            .logBytes(16L << 10)
            .logMinerPace(LogMinerPace.PUBLIC_FIGURES)
            .build();
    oracle.createTable(CaptureEngineTest.orders());
    Scn start = Scn.of(oracle.currentScn());
    int transactions = 400;
    for (int i = 0; i < transactions; i++) {
      SimulatedTransaction tx = oracle.begin();
      tx.insert(CaptureEngineTest.ORDERS, (long) i, "NEW");
      tx.commit();
    }
    for (int i = 0; i < 5; i++) { // past every online group: the logs are archived only
      oracle.switchAllLogfiles();
      oracle.advance(Duration.ofMillis(200));
    }
    oracle.advance(Duration.ofSeconds(1));
    int maxSessions = 0;
    long maxBacklogLogs = 0;
    long maxBacklogBytes = 0;
    long estimate = -1;
    int rates = 0;
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.mining.sessions", "2")
          .set("cdc.topic.prefix", PREFIX)
          .set("cdc.queue.max.records", "16")
          .set("cdc.mining.target.latency.ms", "3600000");
      CaptureStream stream = h.open(Position.start(start));
      int seen = 0;
      int empty = 0;
      while (seen < transactions) {
        List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
        int sessions = (Integer) attribute("MiningSessions");
        maxSessions = Math.max(maxSessions, sessions);
        maxBacklogLogs = Math.max(maxBacklogLogs, (Long) attribute("ArchivedBacklogLogs"));
        maxBacklogBytes = Math.max(maxBacklogBytes, (Long) attribute("ArchivedBacklogBytes"));
        estimate = Math.max(estimate, (Long) attribute("EstimatedCatchUpMilliseconds"));
        long[] perSession = (long[]) attribute("MiningSessionRowsPerSecond");
        if (perSession.length == 2) {
          rates++;
        }
        if (batch.isEmpty()) {
          assertThat(++empty)
              .as("no progress after %s changes; ops %s", seen, h.ops)
              .isLessThan(MAX_EMPTY_POLLS);
          continue;
        }
        empty = 0;
        seen += (int) batch.stream().filter(e -> e instanceof StreamEvent.ChangeEvent).count();
        stream.acknowledge(batch.get(batch.size() - 1).position());
      }
      // the backlog is mined: the next steps read the online logs with one session
      SimulatedTransaction last = oracle.begin();
      last.insert(CaptureEngineTest.ORDERS, 100_000L, "LAST");
      last.commit();
      // the ops event of the step that went back to one session is told after that step's
      // changes are queued, and the step's metrics are set after the event: wait for all three
      h.awaitEvents(
          events ->
              ScenarioHarness.changeWhere(c -> c.after().get(1).equals("LAST")).test(events)
                  && h.ops.stream()
                      .anyMatch(
                          e ->
                              e.type() == OpsEvent.Type.PARALLEL_MINING
                                  && e.message().startsWith("parallel mining stopped"))
                  && sessionsInUse() == 1);
      List<String> parallel =
          h.ops.stream()
              .filter(e -> e.type() == OpsEvent.Type.PARALLEL_MINING)
              .map(OpsEvent::message)
              .toList();
      assertThat(parallel).as("ops %s", h.ops).hasSizeGreaterThanOrEqualTo(2);
      assertThat(parallel.get(0)).startsWith("parallel mining started: 2 LogMiner sessions");
      assertThat(parallel.get(parallel.size() - 1)).startsWith("parallel mining stopped");
      assertThat((Integer) attribute("MiningSessions")).isEqualTo(1);
    }
    assertThat(maxSessions).isEqualTo(2);
    assertThat(rates).as("samples with two sessions' rates").isPositive();
    assertThat(maxBacklogLogs).isGreaterThan(1);
    assertThat(maxBacklogBytes).isGreaterThanOrEqualTo(maxBacklogLogs * 512);
    assertThat(estimate)
        .as("an estimate once a step mined archived logs")
        .isGreaterThanOrEqualTo(0);
  }
}
