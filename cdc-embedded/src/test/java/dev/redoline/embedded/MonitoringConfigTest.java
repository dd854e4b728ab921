package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.ProjectRoot;
import dev.redoline.core.internal.Json;
import io.prometheus.jmx.JmxCollector;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/monitoring: the Prometheus JMX exporter's rules, applied by the exporter's own collector to
 * this JVM's MBeans while a capture runs, give every series the Grafana dashboard queries, with the
 * values the MBeans hold.
 */
class MonitoringConfigTest {

  private static final Pattern SERIES =
      Pattern.compile("\\b((?:debezium_metrics|redoline_capture|redoline_thread)_" + "[A-Za-z]+)");

  @TempDir Path state;

  @Test
  void exporterRules_giveEverySeriesTheDashboardQueries() throws Exception {
    Path monitoring = ProjectRoot.path().resolve("docs/monitoring");
    ShopEngine shop = new ShopEngine(63, state).set("cdc.topic.prefix", "embedded-prom");
    shop.script.commitMany(3, 2);
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = shop.engine(recorder).build();
    engine.start();
    recorder.awaitCount(3);

    Map<String, MetricSnapshot> scraped = new HashMap<>();
    PrometheusRegistry registry = new PrometheusRegistry();
    new JmxCollector(monitoring.resolve("jmx-exporter.yml").toFile()).register(registry);
    for (MetricSnapshot snapshot : registry.scrape()) {
      scraped.put(snapshot.getMetadata().getPrometheusName(), snapshot);
    }
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();

    assertThat(
            value(
                scraped, "debezium_metrics_NumberOfCommittedTransactions", "name", "embedded-prom"))
        .isEqualTo(3);
    assertThat(value(scraped, "debezium_metrics_Connected", "name", "embedded-prom")).isEqualTo(1);
    assertThat(value(scraped, "redoline_thread_Sequence", "server", "embedded-prom")).isPositive();
    Set<String> queried = new TreeSet<>();
    Map<String, Object> dashboard =
        Json.parseObject(
            Files.readString(monitoring.resolve("grafana-dashboard.json"), StandardCharsets.UTF_8));
    for (Object panel : (List<?>) dashboard.get("panels")) {
      for (Object target : (List<?>) ((Map<?, ?>) panel).get("targets")) {
        Matcher m = SERIES.matcher((String) ((Map<?, ?>) target).get("expr"));
        while (m.find()) {
          queried.add(m.group(1));
        }
      }
    }
    assertThat(queried).hasSizeGreaterThan(10);
    assertThat(scraped.keySet()).containsAll(queried);
  }

  /** The value of the series' point whose {@code label} is {@code value}. */
  private static double value(
      Map<String, MetricSnapshot> scraped, String series, String label, String value) {
    assertThat(scraped).containsKey(series);
    GaugeSnapshot gauge = (GaugeSnapshot) scraped.get(series);
    return gauge.getDataPoints().stream()
        .filter(p -> value.equals(p.getLabels().get(label)))
        .findFirst()
        .orElseThrow(() -> new AssertionError(series + " has no point with " + label + "=" + value))
        .getValue();
  }
}
