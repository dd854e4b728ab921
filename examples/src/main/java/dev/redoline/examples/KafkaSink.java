package dev.redoline.examples;

import dev.redoline.core.Change;
import dev.redoline.core.Position;
import dev.redoline.core.TableLayout;
import dev.redoline.embedded.ChangeHandler;
import dev.redoline.embedded.CommittedTransaction;
import dev.redoline.embedded.OffsetStore;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Example (b): a Kafka producer sink with one Kafka transaction per Oracle transaction. Each change
 * becomes a record on {@code <prefix>.<OWNER>.<TABLE>} (key: the primary key as JSON; value: the
 * change as JSON), and the capture position goes to {@code <prefix>.offsets} in the same Kafka
 * transaction, so a {@code read_committed} consumer sees whole Oracle transactions, exactly once.
 *
 * <pre>{@code
 * try (KafkaSink sink = KafkaSink.open("localhost:9092", "redoline", "redoline-shop")) {
 *   EmbeddedEngine engine = EmbeddedEngine.builder().config(config)
 *       .handler(sink).offsetStore(sink.offsets()).build();
 *   engine.start();
 *   ...
 * }
 * }</pre>
 *
 * <p>A failure before the commit aborts the Kafka transaction, so neither the records nor the
 * position are visible, and the engine delivers the Oracle transaction again. The offsets topic
 * should be single-partition and may be compacted (every record has the key {@code position}).
 */
public final class KafkaSink implements ChangeHandler, AutoCloseable {

  private final KafkaProducer<String, String> producer;
  private final String bootstrap;
  private final String prefix;

  private KafkaSink(KafkaProducer<String, String> producer, String bootstrap, String prefix) {
    this.producer = producer;
    this.bootstrap = bootstrap;
    this.prefix = prefix;
  }

  /**
   * A sink with a transactional producer.
   *
   * @param bootstrap the brokers
   * @param prefix the topic prefix
   * @param transactionalId unique per capture: a new producer with the same id fences the old one
   */
  public static KafkaSink open(String bootstrap, String prefix, String transactionalId) {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
    KafkaProducer<String, String> producer =
        new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    producer.initTransactions();
    return new KafkaSink(producer, bootstrap, prefix);
  }

  /** The topic of a table's change records. */
  public String topic(dev.redoline.core.TableId table) {
    return prefix + "." + table.owner() + "." + table.table();
  }

  /** The topic of the capture positions. */
  public String offsetsTopic() {
    return prefix + ".offsets";
  }

  @Override
  public void handle(CommittedTransaction tx) {
    producer.beginTransaction();
    try {
      for (Change change : tx.changes()) {
        TableLayout layout = tx.layout(change);
        producer.send(
            new ProducerRecord<>(
                topic(change.table()),
                ChangeJson.key(change, layout),
                ChangeJson.change(change, layout)));
      }
      producer.send(
          new ProducerRecord<>(offsetsTopic(), 0, "position", PositionText.write(tx.position())));
      producer.commitTransaction();
    } catch (KafkaException | IllegalStateException e) {
      producer.abortTransaction();
      throw e;
    }
  }

  /**
   * Reads the last committed position from the offsets topic; storing happens in {@link #handle}.
   */
  public OffsetStore offsets() {
    return new OffsetStore() {
      @Override
      public Optional<Position> load() {
        Map<String, Object> config = new HashMap<>();
        config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        try (KafkaConsumer<String, String> consumer =
            new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
          TopicPartition partition = new TopicPartition(offsetsTopic(), 0);
          consumer.assign(List.of(partition));
          consumer.seekToBeginning(List.of(partition));
          long end = consumer.endOffsets(List.of(partition)).get(partition);
          String last = null;
          while (consumer.position(partition) < end) {
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
              last = r.value();
            }
          }
          return Optional.ofNullable(last).map(PositionText::read);
        }
      }

      @Override
      public void store(Position position) {
        // Written by handle(), inside the Kafka transaction of the records it belongs to.
      }
    };
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
