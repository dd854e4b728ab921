package dev.redoline.connect;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates the connector's own topics when they are absent, with settings that fit what each holds.
 * Existing topics are left as they are (an operator's settings win).
 *
 * <pre>{@code
 * List<String> created = KafkaTopics.ensure(clientProps, KafkaTopics.plan(topics));
 * }</pre>
 *
 * <table>
 *   <caption>Topic settings</caption>
 *   <tr><td>schema, journal</td><td>1 partition, {@code cleanup.policy=compact}: every key's latest
 *       value must stay readable forever (layout versions; journal appends until removed)</td></tr>
 *   <tr><td>heartbeat</td><td>1 partition, {@code retention.ms} one day: only the latest matters</td></tr>
 *   <tr><td>ops, dead letters</td><td>1 partition, {@code retention.ms} 30 days: an operator reads
 *       them after an incident</td></tr>
 * </table>
 *
 * <p>The replication factor is the brokers' {@code default.replication.factor}. Change topics are
 * created by Connect itself ({@code topic.creation.*} of the connector, or the brokers'
 * auto-creation), see {@code docs/connect.md}.
 */
final class KafkaTopics {

  private static final Logger LOG = LoggerFactory.getLogger(KafkaTopics.class);

  /** Retention of the heartbeat topic. */
  static final long HEARTBEAT_RETENTION_MS = TimeUnit.DAYS.toMillis(1);

  /** Retention of the ops and dead letter topics. */
  static final long INCIDENT_RETENTION_MS = TimeUnit.DAYS.toMillis(30);

  /** How long topic creation may take before the task gives up. */
  static final long ADMIN_TIMEOUT_MS = 30_000;

  private KafkaTopics() {}

  /** The connector's own topics and their settings. */
  static List<NewTopic> plan(TopicNames topics) {
    Map<String, String> compacted =
        Map.of(
            "cleanup.policy",
            "compact",
            "max.message.bytes",
            Integer.toString(KafkaTransactionJournal.MAX_RECORD_BYTES));
    return List.of(
        topic(topics.schema(), compacted),
        topic(topics.journal(), compacted),
        topic(
            topics.heartbeat(),
            Map.of(
                "cleanup.policy", "delete", "retention.ms", Long.toString(HEARTBEAT_RETENTION_MS))),
        topic(
            topics.ops(),
            Map.of(
                "cleanup.policy", "delete", "retention.ms", Long.toString(INCIDENT_RETENTION_MS))),
        topic(
            topics.dlq(),
            Map.of(
                "cleanup.policy", "delete", "retention.ms", Long.toString(INCIDENT_RETENTION_MS))));
  }

  private static NewTopic topic(String name, Map<String, String> configs) {
    return new NewTopic(name, java.util.Optional.of(1), java.util.Optional.empty())
        .configs(configs);
  }

  /**
   * Creates each planned topic that does not exist.
   *
   * @return the names of the topics created
   * @throws CdcException CDC-4001 when the brokers named by {@code cdc.kafka.bootstrap.servers} do
   *     not answer in time or refuse to create a topic
   */
  static List<String> ensure(Map<String, Object> clientProps, List<NewTopic> planned) {
    try (Admin admin = Admin.create(clientProps)) {
      Set<String> existing =
          admin.listTopics().names().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
      List<NewTopic> missing =
          planned.stream().filter(t -> !existing.contains(t.name())).distinct().toList();
      List<String> created = new ArrayList<>();
      for (var result : admin.createTopics(missing).values().entrySet()) {
        try {
          result.getValue().get(ADMIN_TIMEOUT_MS, TimeUnit.MILLISECONDS);
          created.add(result.getKey());
        } catch (ExecutionException e) {
          if (!(e.getCause() instanceof TopicExistsException)) { // another task won the race: fine
            throw e;
          }
        }
      }
      if (!created.isEmpty()) {
        LOG.info("Created topics {}", created);
      }
      return created;
    } catch (ExecutionException | TimeoutException e) {
      throw new CdcException(
          ErrorCode.INVALID_CONFIGURATION,
          "cdc.kafka.bootstrap.servers: cannot list or create the connector's topics "
              + names(planned)
              + ": "
              + (e.getCause() == null ? e : e.getCause()),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CdcException(ErrorCode.INTERNAL_ERROR, "interrupted while creating topics", e);
    }
  }

  private static List<String> names(List<NewTopic> topics) {
    return topics.stream().map(NewTopic::name).toList();
  }
}
