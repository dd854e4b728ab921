package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.logminer.StreamingMetricsMXBean;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capture's metrics read through Micrometer, bound before the engine starts. */
class RedolineMeterBinderTest {

  @TempDir Path state;

  private static double gauge(SimpleMeterRegistry registry, String name) {
    Gauge gauge = registry.find(name).tag("server", "embedded-mm").gauge();
    assertThat(gauge).as(name).isNotNull();
    return gauge.value();
  }

  @Test
  void gauges_readTheRunningCapture_andNaNWithoutOne() throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    new RedolineMeterBinder("embedded-mm").bindTo(registry);
    assertThat(gauge(registry, "redoline.streaming.total.number.of.events.seen")).isNaN();

    ShopEngine shop = new ShopEngine(62, state).set("cdc.topic.prefix", "embedded-mm");
    shop.script.commitMany(3, 2);
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = shop.engine(recorder).build();
    engine.start();
    recorder.awaitCount(3);

    assertThat(gauge(registry, "redoline.streaming.total.number.of.events.seen")).isEqualTo(6);
    assertThat(gauge(registry, "redoline.streaming.number.of.committed.transactions")).isEqualTo(3);
    assertThat(gauge(registry, "redoline.streaming.connected")).isEqualTo(1);
    assertThat(gauge(registry, "redoline.streaming.committed.scn"))
        .isEqualTo(Double.parseDouble(recorder.handled().get(2).mark().scn().toString()));
    assertThat(gauge(registry, "redoline.capture.steps")).isPositive();
    assertThat(gauge(registry, "redoline.capture.bytes.behind")).isGreaterThanOrEqualTo(0);
    // each redo thread's figures, tagged with its number: the thread's MBean was registered after
    // binding, so its meters came with it
    assertThat(threadGauge(registry, "sequence").value()).isPositive();
    assertThat(threadGauge(registry, "block").value()).isPositive();
    assertThat(threadGauge(registry, "logs.behind").value()).isGreaterThanOrEqualTo(0);
    assertThat(threadGauge(registry, "bytes.behind").value()).isGreaterThanOrEqualTo(0);
    assertThat(registry.find("redoline.thread.sequence").gauges())
        .as("one per redo thread")
        .hasSize(1);
    // every number of the Debezium interface is a meter, so one added there is here too
    long numeric =
        Arrays.stream(StreamingMetricsMXBean.class.getMethods())
            .filter(m -> RedolineMeterBinder.attribute(m) != null)
            .count();
    assertThat(
            registry.getMeters().stream()
                .filter(m -> m.getId().getName().startsWith("redoline.streaming.")))
        .hasSize((int) numeric);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    assertThat(gauge(registry, "redoline.streaming.total.number.of.events.seen")).isNaN();
    assertThat(threadGauge(registry, "sequence").value()).isNaN();
  }

  private static Gauge threadGauge(SimpleMeterRegistry registry, String name) {
    Gauge gauge =
        registry
            .find("redoline.thread." + name)
            .tags("server", "embedded-mm", "thread", "1")
            .gauge();
    assertThat(gauge).as(name).isNotNull();
    return gauge;
  }

  @Test
  void dotted_splitsTheAttributeAtItsWords() throws NoSuchMethodException {
    assertThat(RedolineMeterBinder.dotted("MilliSecondsBehindSource"))
        .isEqualTo("milli.seconds.behind.source");
    assertThat(RedolineMeterBinder.dotted("OffsetScn")).isEqualTo("offset.scn");
    Method connected = StreamingMetricsMXBean.class.getMethod("isConnected");
    assertThat(RedolineMeterBinder.attribute(connected)).isEqualTo("Connected");
    assertThat(
            RedolineMeterBinder.attribute(
                StreamingMetricsMXBean.class.getMethod("getCurrentLogFileNames")))
        .isNull();
  }
}
