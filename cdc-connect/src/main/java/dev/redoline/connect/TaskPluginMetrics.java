package dev.redoline.connect;

import dev.redoline.logminer.CaptureMetrics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Gauge;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capture engine's metrics as task plugin metrics, which the worker publishes over JMX as
 * {@code kafka.connect:type=plugins,connector=<name>,task=<n>} (and to its metrics reporters).
 *
 * <pre>{@code
 * TaskPluginMetrics metrics = TaskPluginMetrics.register(context.pluginMetrics(), stream::metrics);
 * ...
 * metrics.close();   // on stop
 * }</pre>
 *
 * <p>Every gauge reads a fresh {@link CaptureMetrics} snapshot; SCNs are reported as numbers
 * (doubles lose precision above 2^53, far beyond real SCNs).
 */
final class TaskPluginMetrics implements AutoCloseable {

  /** The gauges: name, description, value from a snapshot. */
  static final List<EngineGauge> GAUGES =
      List.of(
          new EngineGauge("steps-total", "Mining steps applied", m -> m.steps()),
          new EngineGauge("redo-rows-total", "Redo rows read in applied steps", m -> m.rows()),
          new EngineGauge(
              "remines-total",
              "Steps mined again after a LogMiner error or a timeout",
              m -> m.remines()),
          new EngineGauge(
              "reconnects-total",
              "Reconnections after a transient database error",
              m -> m.reconnects()),
          new EngineGauge(
              "last-step-ms",
              "Duration of the last mining step",
              m -> m.lastStepDuration().toMillis()),
          new EngineGauge(
              "window-logs", "Logs per redo thread the next step may read", m -> m.windowLogs()),
          new EngineGauge(
              "session-age-ms", "Age of the LogMiner session", m -> m.sessionAge().toMillis()),
          new EngineGauge("mined-scn", "End SCN of the last mining step", m -> m.minedScn().bits()),
          new EngineGauge(
              "delivered-scn",
              "SCN up to which committed transactions are published",
              m -> m.deliveredScn().bits()),
          new EngineGauge(
              "queued-changes", "Changes waiting for the task to poll them", m -> m.queued()),
          new EngineGauge(
              "behind-ms",
              "How far the last applied redo row is behind the engine's clock",
              m -> m.behind().toMillis()),
          new EngineGauge(
              "scn-lag",
              "SCNs between the database's current SCN and the end of the last step",
              m -> m.scnLag()),
          new EngineGauge(
              "open-transactions",
              "Transactions buffered until their commit or rollback",
              m -> m.buffer() == null ? 0 : m.buffer().openTransactions()));

  /** One gauge's declaration. */
  record EngineGauge(String name, String description, Function<CaptureMetrics, Number> value) {}

  private static final Logger LOG = LoggerFactory.getLogger(TaskPluginMetrics.class);

  /**
   * Which task instance of this JVM owns each metric name (the worker's names are per connector and
   * task).
   */
  private static final Map<MetricName, TaskPluginMetrics> OWNERS = new HashMap<>();

  private final PluginMetrics metrics;
  private final List<MetricName> names;

  private TaskPluginMetrics(PluginMetrics metrics, List<MetricName> names) {
    this.metrics = metrics;
    this.names = names;
  }

  /**
   * Registers the gauges; with no plugin metrics (an older worker, a test) registers nothing.
   *
   * <p>A task the worker gave up stopping (stuck in a transform, say) still holds the names when
   * its replacement starts: the newer task takes them over, and the older one's {@link #close}
   * leaves them alone. Metrics never stop a task: a failure to register is logged.
   */
  static TaskPluginMetrics register(PluginMetrics metrics, Supplier<CaptureMetrics> snapshot) {
    TaskPluginMetrics registered = new TaskPluginMetrics(metrics, new ArrayList<>());
    if (metrics == null) {
      return registered;
    }
    try {
      for (EngineGauge g : GAUGES) {
        MetricName name = metrics.metricName(g.name(), g.description(), new LinkedHashMap<>());
        Gauge<Number> gauge = (config, now) -> g.value().apply(snapshot.get());
        synchronized (OWNERS) {
          TaskPluginMetrics older = OWNERS.get(name);
          if (older != null) {
            older.metrics.removeMetric(
                name); // only the plugin metrics that added a name may remove it
          }
          metrics.addMetric(name, gauge);
          OWNERS.put(name, registered);
        }
        registered.names.add(name);
      }
    } catch (RuntimeException e) {
      LOG.warn("Engine metrics not registered: {}", e.toString());
    }
    return registered;
  }

  /** Removes the gauges this instance still owns. */
  @Override
  public void close() {
    synchronized (OWNERS) {
      for (MetricName name : names) {
        if (OWNERS.remove(name, this)) {
          metrics.removeMetric(name);
        }
      }
    }
  }
}
