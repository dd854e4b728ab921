package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.buffer.internal.JournalContract;
import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.logminer.internal.StoredJournal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The journal contract on a real broker (the Kafka store under the engine's {@link StoredJournal}),
 * plus what only a topic can get wrong.
 */
class KafkaTransactionJournalIT extends JournalContract {

  private final List<KafkaTransactionJournal> opened = new ArrayList<>();
  private String capture;
  private String topic;

  @AfterEach
  void closeJournals() {
    opened.forEach(KafkaTransactionJournal::close);
  }

  @Override
  protected TransactionJournal journal() {
    capture = TestBroker.unique("journal");
    TopicNames names =
        new TopicNames(
            capture,
            "${prefix}.${schema}.${table}",
            capture + ".heartbeat",
            capture + ".schema",
            capture + ".journal",
            capture + ".dlq",
            capture + ".ops");
    KafkaTopics.ensure(TestBroker.clients(), KafkaTopics.plan(names));
    topic = names.journal();
    return reopen();
  }

  /** The journal the engine makes of the Kafka store, as the task's capture has it. */
  @Override
  protected TransactionJournal reopen() {
    KafkaTransactionJournal store =
        KafkaTransactionJournal.open(TestBroker.clients(), topic, capture);
    opened.add(store);
    return new StoredJournal(store);
  }

  @Test
  void load_appendOfAnAbortedKafkaTransaction_isInvisible() {
    TransactionJournal journal = journal();
    journal.append(entry(INFO, 2, List.of(insert(1, 2))));
    try (KafkaProducer<String, byte[]> crashed = producer("crashed-" + capture)) {
      crashed.initTransactions();
      crashed.beginTransaction();
      crashed.send(
          new ProducerRecord<>(
              topic,
              0,
              KafkaTransactionJournal.key(XID, 1, 0),
              dev.redoline.buffer.internal.JournalCodec.write(
                  new dev.redoline.buffer.internal.JournalEntry(
                      INFO,
                      at(9),
                      dev.redoline.core.internal.ChangeSequence.of(List.of(insert(2, 9))),
                      List.of()))));
      crashed.flush();
      crashed.abortTransaction();
    }
    var loaded = reopen().load();
    assertThat(changes(loaded.get(0))).containsExactly(insert(1, 2));
    assertThat(loaded.get(0).upTo()).isEqualTo(at(2));
  }

  @Test
  void append_afterAnotherTaskOpenedTheJournal_failsFenced() {
    TransactionJournal zombie = journal();
    reopen();
    assertThatThrownBy(() -> zombie.append(entry(INFO, 2, List.of(insert(1, 2)))))
        .isInstanceOf(CdcException.class)
        .satisfies(
            e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.JOURNAL_CORRUPT))
        .hasMessageContaining("cannot write to journal topic " + topic);
  }

  @Test
  void load_unreadableRecord_failsWithJournalCorrupt() {
    journal();
    try (KafkaProducer<String, byte[]> other = producer(null)) {
      other.send(new ProducerRecord<>(topic, 0, "not-a-journal-key", new byte[] {1, 2, 3}));
    }
    assertThatThrownBy(() -> reopen().load())
        .isInstanceOf(CdcException.class)
        .hasMessageStartingWith("CDC-2102 ")
        .hasMessageContaining(
            "journal topic "
                + topic
                + ", key not-a-journal-key: key is not <xid>/<append>/<slice>");
  }

  @Test
  void load_aRecordOfAnEarlierReleaseFormat_isRefusedNamingTheVersion() {
    journal();
    byte[] record =
        dev.redoline.buffer.internal.JournalCodec.write(
            new dev.redoline.buffer.internal.JournalEntry(
                INFO,
                at(9),
                dev.redoline.core.internal.ChangeSequence.of(List.of(insert(2, 9))),
                List.of()));
    record[0] = 1; // the version byte of the records earlier releases wrote
    try (KafkaProducer<String, byte[]> other = producer(null)) {
      other.send(new ProducerRecord<>(topic, 0, KafkaTransactionJournal.key(XID, 0, 0), record));
    }
    assertThatThrownBy(() -> reopen().load())
        .isInstanceOf(CdcException.class)
        .hasMessageStartingWith("CDC-2102 ")
        .hasMessageContaining(
            "key " + KafkaTransactionJournal.key(XID, 0, 0) + ": a record of format version 1");
  }

  @Test
  void ensure_createsCompactedJournalAndSchemaTopicsOnce() throws Exception {
    journal();
    TopicNames names =
        new TopicNames(
            capture,
            "${prefix}.${table}",
            capture + ".heartbeat",
            capture + ".schema",
            capture + ".journal",
            capture + ".dlq",
            capture + ".ops");
    assertThat(KafkaTopics.ensure(TestBroker.clients(), KafkaTopics.plan(names))).isEmpty();
    try (Admin admin = Admin.create(TestBroker.clients())) {
      Map<String, String> policy = new HashMap<>();
      for (String t :
          List.of(names.journal(), names.schema(), names.heartbeat(), names.ops(), names.dlq())) {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, t);
        ConfigEntry entry =
            admin
                .describeConfigs(List.of(resource))
                .all()
                .get()
                .get(resource)
                .get("cleanup.policy");
        policy.put(t, entry.value());
      }
      assertThat(policy)
          .containsEntry(names.journal(), "compact")
          .containsEntry(names.schema(), "compact")
          .containsEntry(names.heartbeat(), "delete")
          .containsEntry(names.dlq(), "delete");
    }
    var retention = TopicRetention.reader(TestBroker.clients());
    assertThat(retention.apply(names.heartbeat())).hasValue(KafkaTopics.HEARTBEAT_RETENTION_MS);
    assertThat(retention.apply(names.journal())).as("compacted: nothing deleted by age").isEmpty();
  }

  private static KafkaProducer<String, byte[]> producer(String transactionalId) {
    Map<String, Object> props = new HashMap<>(TestBroker.clients());
    if (transactionalId != null) {
      props.put("transactional.id", transactionalId);
    }
    return new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer());
  }
}
