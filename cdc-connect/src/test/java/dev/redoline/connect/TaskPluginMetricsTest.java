package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Scn;
import dev.redoline.logminer.CaptureMetrics;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.metrics.Gauge;
import org.apache.kafka.common.metrics.MetricConfig;
import org.apache.kafka.common.metrics.MetricValueProvider;
import org.apache.kafka.common.metrics.PluginMetrics;
import org.apache.kafka.common.metrics.Sensor;
import org.junit.jupiter.api.Test;

class TaskPluginMetricsTest {

  /**
   * One worker registry shared by task instances, each with its own plugin metrics, as Connect
   * does.
   */
  static final class Registry {
    final Map<MetricName, MetricValueProvider<?>> metrics = new HashMap<>();
  }

  static final class TaskMetrics implements PluginMetrics {
    final Registry registry;
    final java.util.Set<MetricName> mine = new java.util.HashSet<>();

    TaskMetrics(Registry registry) {
      this.registry = registry;
    }

    @Override
    public MetricName metricName(
        String name, String description, LinkedHashMap<String, String> tags) {
      return new MetricName(name, "plugins", description, Map.of("connector", "shop", "task", "0"));
    }

    @Override
    public void addMetric(MetricName name, MetricValueProvider<?> provider) {
      if (registry.metrics.putIfAbsent(name, provider) != null) {
        throw new IllegalArgumentException("exists: " + name);
      }
      mine.add(name);
    }

    @Override
    public void removeMetric(MetricName name) {
      if (!mine.remove(name)) {
        throw new IllegalArgumentException("Unknown metric " + name);
      }
      registry.metrics.remove(name);
    }

    @Override
    public Sensor addSensor(String name) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void removeSensor(String name) {
      throw new UnsupportedOperationException();
    }
  }

  static CaptureMetrics snapshot(long steps) {
    return new CaptureMetrics(
        steps,
        10,
        900,
        0,
        0,
        Duration.ofMillis(7),
        Duration.ofMillis(2),
        2,
        Duration.ofSeconds(3),
        0,
        Scn.of(520),
        Scn.of(500),
        Scn.of(400),
        Duration.ofMillis(1500),
        5,
        null);
  }

  static Object value(Registry r, String name) {
    MetricName key =
        r.metrics.keySet().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
    return ((Gauge<?>) r.metrics.get(key)).value(new MetricConfig(), 0);
  }

  @Test
  void register_publishesEveryGaugeFromAFreshSnapshot() {
    Registry registry = new Registry();
    TaskPluginMetrics metrics =
        TaskPluginMetrics.register(new TaskMetrics(registry), () -> snapshot(42));
    assertThat(registry.metrics).hasSize(TaskPluginMetrics.GAUGES.size());
    assertThat(value(registry, "steps-total")).isEqualTo(42L);
    assertThat(value(registry, "delivered-scn")).isEqualTo(400L);
    assertThat(value(registry, "last-step-ms")).isEqualTo(7L);
    assertThat(value(registry, "scn-lag")).isEqualTo(20L);
    assertThat(value(registry, "behind-ms")).isEqualTo(1500L);
    assertThat(value(registry, "open-transactions")).isEqualTo(0);
    metrics.close();
    assertThat(registry.metrics).isEmpty();
  }

  @Test
  void register_whileAStuckTaskHoldsTheNames_takesThemOverAndTheOlderCloseLeavesThem() {
    Registry registry = new Registry();
    TaskPluginMetrics stuck =
        TaskPluginMetrics.register(new TaskMetrics(registry), () -> snapshot(1));
    TaskPluginMetrics replacement =
        TaskPluginMetrics.register(new TaskMetrics(registry), () -> snapshot(2));
    assertThat(value(registry, "steps-total")).isEqualTo(2L);
    stuck.close();
    assertThat(value(registry, "steps-total")).isEqualTo(2L);
    replacement.close();
    assertThat(registry.metrics).isEmpty();
  }
}
