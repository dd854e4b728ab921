package dev.redoline.connect;

import dev.redoline.buffer.internal.JournalCodec;
import dev.redoline.buffer.internal.JournalEntry;
import dev.redoline.buffer.internal.JournaledTransaction;
import dev.redoline.buffer.internal.TransactionInfo;
import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
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
 * The capture's {@link TransactionJournal} in a compacted Kafka topic ({@code cdc.topic.journal}),
 * so a Connect task journals long transactions where its offsets live, on any worker.
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
 * Each append becomes one or more records (a slice of at most {@link #SLICE_CHANGES} changes each)
 * keyed {@code <xid>/<append>/<slice>}, with {@link JournalCodec} values. Every key is distinct, so
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
 * <p>Memory: {@link #load} reads the whole topic and returns the journaled changes from the heap
 * (the file journal streams them from disk instead), so a restart needs heap for every journaled
 * change at once; afterwards only the record keys are kept.
 *
 * <p>Threads: the buffer calls one method at a time, as {@link TransactionJournal} says (the
 * capture thread, and the task's {@code commit()} thread for the removals an acknowledgement
 * allows); the journal itself is not thread-safe.
 */
final class KafkaTransactionJournal implements TransactionJournal, AutoCloseable {

  /**
   * Changes per record; keeps records far below Kafka's default 1 MiB message size for usual rows.
   */
  static final int SLICE_CHANGES = 500;

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
  public void append(JournalEntry entry) {
    Objects.requireNonNull(entry, "entry == null");
    ensureLoaded();
    Xid xid = entry.transaction().xid();
    Keys known = keys.computeIfAbsent(xid, x -> new Keys());
    int append = known.nextAppend++;
    List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
    List<Change> slice = new ArrayList<>();
    for (Change change : entry.changes()) { // read now: the sequence may stream from a spill file
      slice.add(change);
      if (slice.size() == SLICE_CHANGES) {
        records.add(record(entry, xid, append, records.size(), slice, List.of()));
        slice = new ArrayList<>();
      }
    }
    records.add(record(entry, xid, append, records.size(), slice, entry.removed()));
    send(records);
    records.forEach(r -> known.keys.add(r.key()));
  }

  private ProducerRecord<String, byte[]> record(
      JournalEntry entry,
      Xid xid,
      int append,
      int index,
      List<Change> changes,
      List<JournalEntry.Removal> removed) {
    byte[] value =
        JournalCodec.write(
            new JournalEntry(
                entry.transaction(), entry.upTo(), ChangeSequence.of(changes), removed));
    return new ProducerRecord<>(topic, 0, key(xid, append, index), value);
  }

  static String key(Xid xid, int append, int slice) {
    return xid.toHex() + "/" + append + "/" + slice;
  }

  @Override
  public List<JournaledTransaction> load() {
    Map<Xid, NavigableMap<Long, JournalEntry>> live = readTopic();
    List<JournaledTransaction> result = new ArrayList<>();
    for (Map.Entry<Xid, NavigableMap<Long, JournalEntry>> tx : live.entrySet()) {
      result.add(assemble(tx.getValue()));
    }
    loaded = true;
    return result;
  }

  /**
   * The changes of every slice in append order, without the removed ones; the last slice's mark.
   */
  private static JournaledTransaction assemble(NavigableMap<Long, JournalEntry> slices) {
    Set<JournalEntry.Removal> removed = new HashSet<>();
    slices.values().forEach(s -> removed.addAll(s.removed()));
    List<Change> changes = new ArrayList<>();
    for (JournalEntry s : slices.values()) {
      for (Change c : s.changes()) {
        if (!JournalEntry.Removal.removes(removed, c)) {
          changes.add(c);
        }
      }
    }
    JournalEntry last = slices.lastEntry().getValue();
    TransactionInfo info = slices.firstEntry().getValue().transaction();
    RedoAddress upTo = last.upTo();
    return new JournaledTransaction(info, upTo, ChangeSequence.of(changes));
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
  private Map<Xid, NavigableMap<Long, JournalEntry>> readTopic() {
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

  private Map<Xid, NavigableMap<Long, JournalEntry>> index(Map<String, byte[]> latest) {
    keys.clear();
    Map<Xid, NavigableMap<Long, JournalEntry>> live = new HashMap<>();
    for (Map.Entry<String, byte[]> e : latest.entrySet()) {
      if (e.getValue() == null) {
        continue;
      }
      String[] parts = e.getKey() == null ? new String[0] : e.getKey().split("/");
      JournalEntry slice;
      Xid xid;
      int append;
      try {
        if (parts.length != 3) {
          throw new IllegalArgumentException("key is not <xid>/<append>/<slice>");
        }
        xid = Xid.parseHex(parts[0]);
        append = Integer.parseInt(parts[1]);
        int index = Integer.parseInt(parts[2]);
        slice = JournalCodec.read(e.getValue());
        live.computeIfAbsent(xid, x -> new TreeMap<>()).put(((long) append << 32) | index, slice);
      } catch (CdcException ex) {
        throw failure("journal topic " + topic + ", key " + e.getKey() + ": " + ex.detail(), null);
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
