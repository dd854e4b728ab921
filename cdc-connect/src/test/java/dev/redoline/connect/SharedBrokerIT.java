package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.simulator.SimulatedOracle;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.junit.jupiter.api.Test;

/**
 * What the ITs sharing {@link TestConnect}'s broker rely on from it, beside a running broker.
 *
 * <p>A change record's Kafka timestamp is its Oracle commit time and the simulated databases commit
 * from {@link SimulatedOracle#DEFAULT_START} on, years ago: a topic that counted its retention from
 * those timestamps lost its older segments at the broker's next retention check, and a test reading
 * the topic from its start then missed records the connector had written.
 */
class SharedBrokerIT {

  /** How many describes, 100 ms apart, a topic just created gets to reach the broker. */
  private static final int MAX_DESCRIBES = 100;

  @Test
  void topicWithTheBrokersDefaults_keepsRecordsCommittedAtTheSimulatorsDefaultStart()
      throws Exception {
    String topic = TestBroker.unique("defaults");
    try (Admin admin = Admin.create(TestBroker.clients())) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      long retentionMs = Long.parseLong(describe(admin, resource).get("retention.ms").value());
      long ageMs = Duration.between(SimulatedOracle.DEFAULT_START, Instant.now()).toMillis();
      assertThat(retentionMs < 0 || retentionMs > ageMs)
          .as(
              "retention.ms=%s of a topic created with the broker's defaults keeps a record %s ms old",
              retentionMs, ageMs)
          .isTrue();
    }
  }

  /** The topic's configuration, once the broker has the topic the controller just created. */
  private static Config describe(Admin admin, ConfigResource topic) throws Exception {
    for (int attempt = 1; ; attempt++) {
      try {
        return admin.describeConfigs(List.of(topic)).all().get().get(topic);
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof UnknownTopicOrPartitionException)
            || attempt == MAX_DESCRIBES) {
          throw e;
        }
        Thread.sleep(100); // bounded: MAX_DESCRIBES attempts
      }
    }
  }
}
