package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.nio.file.Path;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded engine publishes the streaming metrics under Debezium's MBean name, as the connector
 * does.
 */
class DebeziumMetricsTest {

  @TempDir Path state;

  @Test
  void streamingMetrics_underDebeziumsName_countTheHandledTransactions() throws Exception {
    ShopEngine shop = new ShopEngine(61, state).set("cdc.topic.prefix", "embedded-dbz");
    shop.script.commitMany(3, 2);
    ObjectName name =
        new ObjectName(
            "debezium.oracle:type=connector-metrics,context=streaming,server=embedded-dbz");
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = shop.engine(recorder).build();
    engine.start();
    recorder.awaitCount(3);
    assertThat(server.getAttribute(name, "TotalNumberOfEventsSeen")).isEqualTo(6L);
    assertThat(server.getAttribute(name, "NumberOfCommittedTransactions")).isEqualTo(3L);
    assertThat(server.getAttribute(name, "Connected")).isEqualTo(true);
    assertThat((BigInteger) server.getAttribute(name, "CommittedScn"))
        .isEqualTo(new BigInteger(recorder.handled().get(2).mark().scn().toString()));
    assertThat((Long) server.getAttribute(name, "TotalProcessedRows")).isGreaterThanOrEqualTo(9L);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    assertThat(server.isRegistered(name)).isFalse();
  }
}
