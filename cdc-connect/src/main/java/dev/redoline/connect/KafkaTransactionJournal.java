package dev.redoline.connect;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Xid;
import dev.redoline.logminer.seam.JournalStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The capture's {@link JournalStore} in a compacted Kafka topic ({@code cdc.topic.journal}), so a
 * Connect task journals long transactions where its offsets live, on any worker. The engine writes
 * the records (a slice of a transaction's changes each) and reads them back; this class keeps them.
 *
 * <pre>{@code
 * KafkaTransactionJournal journal = KafkaTransactionJournal.open(clientProps, "shop.journal", "shop");
 * CaptureEngine.builder().config(config).database(db).journal(journal).build();
 * ...
 * journal.close();
 * }</pre>
 *
 * <h2>Records</h2>
 *
 * The records of an append (the engine's slices of at most 500 changes each) are keyed {@code
 * <xid>/<append>/<slice>}, their values as the engine wrote them. Every key is distinct, so
 * compaction keeps every live append; {@link #remove} writes a tombstone for each key of the
 * transaction, so compaction eventually deletes it.
 *
 * <h2>Atomicity and durability</h2>
 *
 * The producer is transactional ({@code transactional.id = redoline-journal-<prefix>}): the records
 * of one append, or the tombstones of one removal, are committed together, and {@link #append}
 * returns once the commit is acknowledged by the in-sync replicas. {@link #load} reads with {@code
 * read_committed}, so an append cut short by a crash (an aborted or never committed Kafka
 * transaction) is invisible. Opening the journal calls {@code initTransactions}, which fences a
 * previous task of the same capture (a zombie) before anything is read.
 *
 * <p>Memory: {@link #load} reads the whole topic, so a restart needs heap for every journaled
 * change at once; afterwards only the record keys are kept.
 *
 * <p>Threads: the engine calls one method at a time, as {@link JournalStore} says (the capture
 * thread, and the task's {@code commit()} thread for the removals an acknowledgement allows); the
 * journal itself is not thread-safe.
 */
final class KafkaTransactionJournal implements JournalStore, AutoCloseable {

  /** The largest record the journal producer sends; a single change with large LOBs may need it. */
  static final int MAX_RECORD_BYTES = 16 * 1024 * 1024;

  /** How long a read of the topic may wait for one batch before it checks again. */
  private static final Duration POLL = Duration.ofMillis(200);

  /** Bound on empty polls while reading to the end of the topic (each up to {@link #POLL}). */
  private static final int MAX_EMPTY_POLLS = 300;

  private final Map<String, Object> clientProps;
  private final String topic;
  private final KafkaProducer<String, byte[]> producer;

  /** The keys each journaled transaction holds in the topic, and its next append number. */
  private final Map<Xid, Keys> keys = new HashMap<>();

  private boolean loaded;

  private KafkaTransactionJournal(
      Map<String, Object> clientProps, String topic, KafkaProducer<String, byte[]> producer) {
    this.clientProps = clientProps;
    this.topic = topic;
    this.producer = producer;
  }

  /**
   * Opens the journal: starts its transactional producer and fences older ones of the capture.
   *
   * @param clientProps Kafka client settings ({@code bootstrap.servers} at least)
   * @param topic the journal topic, which must exist (see {@link KafkaTopics})
   * @param capture the capture's name ({@code cdc.topic.prefix}), which makes the transactional id
   * @throws CdcException CDC-2102 when the brokers cannot be reached
   */
  static KafkaTransactionJournal open(
      Map<String, Object> clientProps, String topic, String capture) {
    Objects.requireNonNull(clientProps, "clientProps == null");
    Objects.requireNonNull(topic, "topic == null");
    Objects.requireNonNull(capture, "capture == null");
    Map<String, Object> props = new HashMap<>(clientProps);
    props.put("transactional.id", "redoline-journal-" + capture);
    props.put("enable.idempotence", true);
    props.put("acks", "all");
    props.put("max.request.size", MAX_RECORD_BYTES);
    props.put("client.id", "redoline-journal-" + capture);
    KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer());
    try {
      producer.initTransactions();
    } catch (KafkaException e) {
      producer.close(Duration.ZERO);
      throw failure("cannot start the journal producer", e);
    }
    return new KafkaTransactionJournal(Map.copyOf(clientProps), topic, producer);
  }

  @Override
  public void append(Xid xid, List<byte[]> records) {
    Objects.requireNonNull(xid, "xid == null");
    ensureLoaded();
    Keys known = keys.computeIfAbsent(xid, x -> new Keys());
    int append = known.nextAppend++;
    List<ProducerRecord<String, byte[]>> sent = new ArrayList<>();
    for (byte[] value : records) {
      sent.add(new ProducerRecord<>(topic, 0, key(xid, append, sent.size()), value));
    }
    send(sent);
    sent.forEach(r -> known.keys.add(r.key()));
  }

  static String key(Xid xid, int append, int slice) {
    return xid.toHex() + "/" + append + "/" + slice;
  }

  @Override
  public List<JournalStore.Record> load() {
    List<JournalStore.Record> result = new ArrayList<>();
    for (Map.Entry<Xid, NavigableMap<Long, JournalStore.Record>> tx : readTopic().entrySet()) {
      result.addAll(tx.getValue().values());
    }
    loaded = true;
    return result;
  }

  @Override
  public void remove(Xid xid) {
    Objects.requireNonNull(xid, "xid == null");
    ensureLoaded();
    Keys known = keys.remove(xid);
    if (known == null || known.keys.isEmpty()) {
      return;
    }
    List<ProducerRecord<String, byte[]>> tombstones = new ArrayList<>();
    for (String k : known.keys) {
      tombstones.add(new ProducerRecord<>(topic, 0, k, null));
    }
    send(tombstones);
  }

  private void send(List<ProducerRecord<String, byte[]>> records) {
    try {
      producer.beginTransaction();
      for (ProducerRecord<String, byte[]> r : records) {
        // a failed send surfaces at commitTransaction, which aborts the whole batch
        Future<RecordMetadata> unused = producer.send(r);
      }
      producer.commitTransaction(); // flushes, and returns once the brokers have the records
    } catch (KafkaException
        | IllegalStateException e) { // IllegalStateException: closed by the task's stop
      try {
        producer.abortTransaction();
      } catch (KafkaException | IllegalStateException ignored) {
        // fenced or fatal: the producer is unusable either way; the capture stops on the failure
        // below
      }
      throw failure("cannot write to journal topic " + topic, e);
    }
  }

  private void ensureLoaded() {
    if (!loaded) {
      load();
    }
  }

  // Reads the whole topic with read_committed; later values of a key replace earlier ones and a
  // tombstone deletes the key. Also rebuilds the key index used by remove and append.
  private Map<Xid, NavigableMap<Long, JournalStore.Record>> readTopic() {
    Map<String, byte[]> latest = new LinkedHashMap<>();
    Map<String, Object> props = new HashMap<>(clientProps);
    props.put("isolation.level", "read_committed");
    props.put("enable.auto.commit", false);
    props.put("client.id", "redoline-journal-reader");
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<String, byte[]> consumer =
        new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      long end = consumer.endOffsets(List.of(partition)).get(partition);
      int empty = 0;
      while (consumer.position(partition) < end) {
        var batch = consumer.poll(POLL);
        empty = batch.isEmpty() ? empty + 1 : 0;
        if (empty > MAX_EMPTY_POLLS) {
          throw failure(
              "journal topic "
                  + topic
                  + " stops at offset "
                  + consumer.position(partition)
                  + " before its end "
                  + end,
              null);
        }
        for (ConsumerRecord<String, byte[]> r : batch) {
          latest.put(r.key(), r.value());
        }
      }
    } catch (KafkaException e) {
      throw failure("cannot read journal topic " + topic, e);
    }
    return index(latest);
  }

  private Map<Xid, NavigableMap<Long, JournalStore.Record>> index(Map<String, byte[]> latest) {
    keys.clear();
    Map<Xid, NavigableMap<Long, JournalStore.Record>> live = new LinkedHashMap<>();
    for (Map.Entry<String, byte[]> e : latest.entrySet()) {
      if (e.getValue() == null) {
        continue;
      }
      String[] parts = e.getKey() == null ? new String[0] : e.getKey().split("/");
      Xid xid;
      int append;
      try {
        if (parts.length != 3) {
          throw new IllegalArgumentException("key is not <xid>/<append>/<slice>");
        }
        xid = Xid.parseHex(parts[0]);
        append = Integer.parseInt(parts[1]);
        int index = Integer.parseInt(parts[2]);
        JournalStore.Record slice =
            new JournalStore.Record(
                xid, "journal topic " + topic + ", key " + e.getKey(), e.getValue());
        live.computeIfAbsent(xid, x -> new TreeMap<>()).put(((long) append << 32) | index, slice);
      } catch (RuntimeException ex) {
        throw failure(
            "journal topic " + topic + ", key " + e.getKey() + ": " + ex.getMessage(), ex);
      }
      Keys known = keys.computeIfAbsent(xid, x -> new Keys());
      known.keys.add(e.getKey());
      known.nextAppend = Math.max(known.nextAppend, append + 1);
    }
    return live;
  }

  private static CdcException failure(String what, Throwable cause) {
    return new CdcException(
        ErrorCode.JOURNAL_CORRUPT, what + (cause == null ? "" : ": " + cause.getMessage()), cause);
  }

  /** Closes the producer; an unfinished append is aborted by the brokers. */
  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }

  /** The keys one transaction holds in the topic. */
  private static final class Keys {
    final List<String> keys = new ArrayList<>();
    int nextAppend;
  }
}
