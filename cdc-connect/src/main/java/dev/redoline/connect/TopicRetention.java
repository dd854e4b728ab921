package dev.redoline.connect;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a change record is older than its topic deletes: its Kafka timestamp is the Oracle commit
 * time, so a capture catching up on redo older than the topic's {@code retention.ms} writes records
 * the broker deletes at once, unseen by any consumer. Each topic's retention is read when first
 * needed and again after {@link #REFRESH}; a topic warns once per episode (the episode ends with
 * its first record inside the retention). Used on the task's poll thread only.
 */
final class TopicRetention {

  private static final Logger LOG = LoggerFactory.getLogger(TopicRetention.class);

  /** How long a topic's retention is trusted before it is read again. */
  static final Duration REFRESH = Duration.ofMinutes(10);

  private record Read(OptionalLong retentionMs, Instant at) {}

  /** A topic's retention in milliseconds; empty when the topic deletes nothing by age. */
  private final Function<String, OptionalLong> reader;

  private final Clock clock;
  private final Map<String, Read> cache = new HashMap<>();
  private final Set<String> warned = new HashSet<>();

  TopicRetention(Function<String, OptionalLong> reader, Clock clock) {
    this.reader = reader;
    this.clock = clock;
  }

  /**
   * The warning when a record committed at {@code commitTime} is past {@code topic}'s retention and
   * the topic has not warned in this episode; empty otherwise.
   */
  Optional<String> check(String topic, Instant commitTime) {
    Instant now = clock.instant();
    Read read = cache.get(topic);
    if (read == null || Duration.between(read.at(), now).compareTo(REFRESH) >= 0) {
      read = new Read(reader.apply(topic), now);
      cache.put(topic, read);
    }
    if (read.retentionMs().isEmpty()
        || !commitTime.isBefore(now.minusMillis(read.retentionMs().getAsLong()))) {
      warned.remove(topic);
      return Optional.empty();
    }
    if (!warned.add(topic)) {
      return Optional.empty();
    }
    return Optional.of(
        "records written to topic "
            + topic
            + " carry commit time "
            + commitTime
            + ", older than its retention.ms "
            + read.retentionMs().getAsLong()
            + " allows: the broker deletes them "
            + "at once, unseen by consumers. Raise the topic's retention.ms (or set it to -1) past the "
            + "capture's time behind");
  }

  /**
   * Reads a topic's {@code retention.ms} through an admin client on {@code clients}: empty when it
   * is -1 or the topic is compacted only; on a failure to read, a WARN and empty (nothing to warn
   * about).
   */
  static Function<String, OptionalLong> reader(Map<String, Object> clients) {
    return topic -> {
      ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
      try (Admin admin = Admin.create(clients)) {
        Config config =
            admin
                .describeConfigs(List.of(resource))
                .all()
                .get(KafkaTopics.ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS)
                .get(resource);
        return retention(config.get("cleanup.policy"), config.get("retention.ms"));
      } catch (ExecutionException | TimeoutException | RuntimeException e) {
        LOG.warn("cannot read retention.ms of topic {}: {}", topic, e.toString());
        return OptionalLong.empty();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return OptionalLong.empty();
      }
    };
  }

  /**
   * The retention a topic's policy and {@code retention.ms} mean: empty when nothing is deleted by
   * age.
   */
  static OptionalLong retention(ConfigEntry policy, ConfigEntry retentionMs) {
    if (policy != null && policy.value() != null && !policy.value().contains("delete")) {
      return OptionalLong.empty();
    }
    if (retentionMs == null || retentionMs.value() == null) {
      return OptionalLong.empty();
    }
    long ms = Long.parseLong(retentionMs.value().trim());
    return ms < 0 ? OptionalLong.empty() : OptionalLong.of(ms);
  }
}
