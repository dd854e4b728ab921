package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.junit.jupiter.api.Test;

/** When a change record is past its topic's retention, and how often a topic warns and is read. */
class TopicRetentionTest {

  private static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
  private static final long DAY_MS = Duration.ofDays(1).toMillis();

  private final ManualClock clock = new ManualClock(NOW);
  private final Map<String, OptionalLong> retentions = new HashMap<>();
  private final List<String> reads = new ArrayList<>();
  private final TopicRetention retention =
      new TopicRetention(
          topic -> {
            reads.add(topic);
            return retentions.getOrDefault(topic, OptionalLong.empty());
          },
          clock);

  @Test
  void recordsOlderThanTheRetention_warnOncePerTopicPerEpisode() {
    retentions.put("orders", OptionalLong.of(DAY_MS));
    retentions.put("items", OptionalLong.of(DAY_MS));
    Instant twoDaysAgo = NOW.minus(Duration.ofDays(2));
    assertThat(retention.check("orders", twoDaysAgo))
        .get()
        .asString()
        .contains(
            "topic orders",
            "commit time " + twoDaysAgo,
            "retention.ms " + DAY_MS,
            "Raise the topic's retention.ms");
    assertThat(retention.check("orders", twoDaysAgo.plusSeconds(1)))
        .as("once per episode")
        .isEmpty();
    assertThat(retention.check("items", twoDaysAgo)).as("each topic its own").isPresent();
    assertThat(retention.check("orders", NOW.minusSeconds(60)))
        .as("inside: the episode ends")
        .isEmpty();
    assertThat(retention.check("orders", twoDaysAgo)).as("a new episode").isPresent();
    assertThat(reads).containsExactly("orders", "items");
  }

  @Test
  void noRetention_neverWarns_andTheRetentionIsReadAgainAfterTheRefresh() {
    Instant old = NOW.minus(Duration.ofDays(400));
    assertThat(retention.check("kept", old)).isEmpty();
    retentions.put("kept", OptionalLong.of(DAY_MS));
    clock.set(NOW.plus(TopicRetention.REFRESH).minusSeconds(1));
    assertThat(retention.check("kept", old)).as("cached").isEmpty();
    clock.set(NOW.plus(TopicRetention.REFRESH));
    assertThat(retention.check("kept", old)).as("read again").isPresent();
    assertThat(reads).containsExactly("kept", "kept");
  }

  @Test
  void retention_isEmptyForCompactedOrUnlimitedTopics() {
    assertThat(
            TopicRetention.retention(
                new ConfigEntry("cleanup.policy", "delete"),
                new ConfigEntry("retention.ms", "604800000")))
        .hasValue(604_800_000L);
    assertThat(
            TopicRetention.retention(
                new ConfigEntry("cleanup.policy", "compact,delete"),
                new ConfigEntry("retention.ms", "1000")))
        .hasValue(1000L);
    assertThat(
            TopicRetention.retention(
                new ConfigEntry("cleanup.policy", "compact"),
                new ConfigEntry("retention.ms", "1000")))
        .isEmpty();
    assertThat(
            TopicRetention.retention(
                new ConfigEntry("cleanup.policy", "delete"), new ConfigEntry("retention.ms", "-1")))
        .isEmpty();
  }
}
