package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Position;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedTransaction;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedolineSourceTaskTest {

  /** A bound on polls while waiting (each returns within the poll timeout), not a timing. */
  static final int MAX_POLLS = 400;

  @TempDir java.nio.file.Path spill;

  final List<RedolineSourceTask> started = new ArrayList<>();

  @AfterEach
  void stopTasks() {
    started.forEach(RedolineSourceTask::stop);
  }

  RedolineSourceTask start(ShopScript shop, FakeTaskContext context, Map<String, String> extra) {
    RedolineSourceTask task = new RedolineSourceTask(config -> shop.database(), Clock.systemUTC());
    task.initialize(context);
    Map<String, String> props = new HashMap<>(ShopScript.settings("jdbc:redoline:sim:test"));
    props.put("cdc.buffer.spill.dir", spill.toString());
    props.put("cdc.start.scn", Long.toString(shop.oracle.currentScn()));
    props.putAll(extra);
    task.start(props);
    started.add(task);
    return task;
  }

  /** Polls until {@code done} holds; every record is "written to Kafka" (its offset stored). */
  static List<SourceRecord> pollUntil(
      RedolineSourceTask task, FakeTaskContext context, Predicate<List<SourceRecord>> done)
      throws InterruptedException {
    List<SourceRecord> all = new ArrayList<>();
    for (int i = 0; i < MAX_POLLS && !done.test(all); i++) {
      List<SourceRecord> batch = task.poll();
      if (batch != null) {
        batch.forEach(context::store);
        all.addAll(batch);
      }
    }
    assertThat(done.test(all)).as("records so far: %s", all.size()).isTrue();
    return all;
  }

  static Predicate<List<SourceRecord>> changes(int n) {
    return rs -> dataRecords(rs).size() >= n;
  }

  static List<SourceRecord> dataRecords(List<SourceRecord> records) {
    return records.stream().filter(r -> r.topic().equals("shop.SHOP.ORDERS")).toList();
  }

  static List<Long> ids(List<SourceRecord> records) {
    return dataRecords(records).stream().map(r -> ((Struct) r.key()).getInt64("ID")).toList();
  }

  @Test
  void poll_recordsInCommitOrderWithSchemaFirst() throws Exception {
    ShopScript shop = ShopScript.withAmounts(1).orders(1, 3, 2);
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    List<SourceRecord> records = pollUntil(task, context, changes(6));
    assertThat(records.get(0).topic()).isEqualTo("shop.schema");
    assertThat(ids(records)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    Struct first = (Struct) dataRecords(records).get(0).value();
    assertThat(first.getString("op")).isEqualTo("c");
    assertThat(first.getStruct("after").getString("STATUS")).isEqualTo("NEW");
  }

  @Test
  void poll_asksForKafkaCommitsOnlyAtOracleCommits() throws Exception {
    ShopScript shop = ShopScript.withAmounts(2).orders(1, 4, 3);
    FakeTaskContext context = new FakeTaskContext(true);
    RedolineSourceTask task = start(shop, context, Map.of());
    pollUntil(task, context, changes(12));
    assertThat(context.commitRequests).isNotEmpty();
    for (SourceRecord r : context.commitRequests) {
      if (r.topic().equals("shop.SHOP.ORDERS")) {
        Struct source = ((Struct) r.value()).getStruct("source");
        assertThat(source.getInt64("txSeq")).isEqualTo(source.getInt64("tx_size"));
      }
    }
    SourceRecord last = context.commitRequests.get(context.commitRequests.size() - 1);
    assertThat(((Struct) last.key()).getInt64("ID")).isEqualTo(12L);
  }

  @Test
  void poll_transactionLargerThanTheQueueAndAPoll_comesOverSeveralPollsFromItsSpillFile()
      throws Exception {
    int size = 2 * RedolineSourceTask.MAX_CHANGES_PER_POLL + 10;
    ShopScript shop = ShopScript.of(14);
    FakeTaskContext context = new FakeTaskContext(true);
    // A 1 KiB budget: the transaction goes to a spill file; the queue holds 16 changes.
    RedolineSourceTask task =
        start(
            shop,
            context,
            Map.of("cdc.queue.max.records", "16", "cdc.buffer.memory.max.bytes", "1024"));
    shop.commit(size);
    List<Integer> perPoll = new ArrayList<>();
    List<SourceRecord> all = new ArrayList<>();
    for (int i = 0; i < MAX_POLLS && dataRecords(all).size() < size; i++) {
      List<SourceRecord> batch = task.poll();
      if (batch != null) {
        batch.forEach(context::store);
        all.addAll(batch);
        perPoll.add(dataRecords(batch).size());
      }
    }
    List<SourceRecord> data = dataRecords(all);
    assertThat(ids(all)).hasSize(size).isSorted().doesNotHaveDuplicates();
    // Never made into records whole: each poll takes at most its share of the changes.
    assertThat(perPoll)
        .allSatisfy(
            n -> assertThat(n).isLessThanOrEqualTo(RedolineSourceTask.MAX_CHANGES_PER_POLL));
    assertThat(perPoll.stream().filter(n -> n > 0).count()).isGreaterThanOrEqualTo(3);
    // One offset per record, from the transaction's position: the index within it, whole on the
    // last.
    for (int i = 0; i < size; i++) {
      Position offset = OffsetCodec.fromOffset(data.get(i).sourceOffset());
      assertThat(PositionState.of(offset).lastIndex())
          .isEqualTo(i == size - 1 ? PositionState.WHOLE : i);
    }
    // One Kafka transaction for the whole Oracle one, committed after its last record only.
    assertThat(dataRecords(context.commitRequests)).containsExactly(data.get(size - 1));
  }

  @Test
  void start_resumesAfterTheStoredOffsetMidTransaction() throws Exception {
    ShopScript shop = ShopScript.withAmounts(3).orders(1, 2, 3);
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    List<SourceRecord> records = pollUntil(task, context, changes(6));
    task.stop();
    // Kafka kept the records up to ID 4: the first change of the second transaction.
    SourceRecord kept = dataRecords(records).get(3);
    context.offsets.clear();
    context.store(kept);
    shop.orders(7, 1, 2);
    RedolineSourceTask again = start(shop, context, Map.of("cdc.start.scn", "0"));
    List<SourceRecord> after = pollUntil(again, context, changes(4));
    assertThat(ids(after)).containsExactly(5L, 6L, 7L, 8L);
  }

  @Test
  void commit_acknowledgesWhatKafkaStored() throws Exception {
    ShopScript shop = ShopScript.withAmounts(4).orders(1, 1, 2);
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    List<SourceRecord> records = pollUntil(task, context, changes(2));
    task.commit();
    SourceRecord last = records.get(records.size() - 1);
    @SuppressWarnings("unchecked")
    Position stored = OffsetCodec.fromOffset((Map<String, Object>) last.sourceOffset());
    assertThat(PositionState.of(stored).lastCommit()).isNotNull();
    assertThat(PositionState.of(stored).lastIndex()).isEqualTo(PositionState.WHOLE);
  }

  @Test
  void poll_undecodableRowGoesToDeadLetterTopicWithOpsEvent() throws Exception {
    ShopScript shop =
        ShopScript.withAmounts(5)
            .then(
                o -> {
                  SimulatedTransaction tx = o.begin();
                  tx.insert(ShopScript.ORDERS, 1L, "NEW", null);
                  tx.unsupported(ShopScript.ORDERS);
                  tx.insert(ShopScript.ORDERS, 2L, "NEW", null);
                  tx.commit();
                });
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of("cdc.on.decode.error", "dlq"));
    List<SourceRecord> records =
        pollUntil(
            task,
            context,
            rs -> changes(2).test(rs) && rs.stream().anyMatch(r -> r.topic().equals("shop.ops")));
    SourceRecord dead =
        records.stream().filter(r -> r.topic().equals("shop.dlq")).findFirst().orElseThrow();
    Struct v = (Struct) dead.value();
    assertThat(v.getString("error_code")).isEqualTo("CDC-3004");
    assertThat(v.getString("table")).isEqualTo("ORDERS");
    assertThat(v.getString("operation")).isEqualTo("UNSUPPORTED");
    assertThat(v.getBoolean("sql_redo_withheld")).isFalse();
    SourceRecord ops =
        records.stream().filter(r -> r.topic().equals("shop.ops")).findFirst().orElseThrow();
    assertThat(((Struct) ops.value()).getString("type")).isEqualTo("dead_letter");
    assertThat(ids(records)).containsExactly(1L, 2L);
  }

  /**
   * An ops event that comes while no transaction is being delivered (a reconnect on a quiet
   * database) ends a Kafka transaction in its own poll: a poll that asks for no commit leaves its
   * records in an open Kafka transaction, unread by read_committed consumers until a change comes.
   */
  @Test
  void poll_opsEventOnAQuietDatabaseIsCommittedInItsOwnPoll() throws Exception {
    ShopScript shop =
        ShopScript.withAmounts(8)
            .orders(1, 1, 1)
            .then(
                o ->
                    o.faults()
                        .atCall(
                            dev.redoline.simulator.GatewayCall.THREADS,
                            1,
                            dev.redoline.simulator.Fault.connectionReset()));
    FakeTaskContext context = new FakeTaskContext(true);
    RedolineSourceTask task = start(shop, context, Map.of());
    List<SourceRecord> records =
        pollUntil(task, context, rs -> rs.stream().anyMatch(r -> r.topic().equals("shop.ops")));
    int lastOps = -1;
    for (int i = 0; i < records.size(); i++) {
      if (records.get(i).topic().equals("shop.ops")) {
        lastOps = i;
      }
    }
    assertThat(context.commitRequests).isNotEmpty();
    assertThat(records.lastIndexOf(context.commitRequests.get(context.commitRequests.size() - 1)))
        .as("a Kafka commit asked at or after the ops record, in the poll that returned it")
        .isGreaterThanOrEqualTo(lastOps);
  }

  @Test
  void poll_undecodableRowFailsTheTaskWithItsCode() throws Exception {
    ShopScript shop =
        ShopScript.withAmounts(6)
            .then(
                o -> {
                  SimulatedTransaction tx = o.begin();
                  tx.unsupported(ShopScript.ORDERS);
                  tx.commit();
                });
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    assertThatThrownBy(
            () -> {
              for (int i = 0; i < MAX_POLLS; i++) {
                task.poll();
              }
            })
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith("CDC-3004 ");
  }

  @Test
  void poll_heartbeatCarriesThePosition() throws Exception {
    ShopScript shop = ShopScript.withAmounts(7);
    FakeTaskContext context = new FakeTaskContext(true);
    RedolineSourceTask task = start(shop, context, Map.of("cdc.heartbeat.interval.ms", "1000"));
    List<SourceRecord> records =
        pollUntil(
            task, context, rs -> rs.stream().anyMatch(r -> r.topic().equals("shop.heartbeat")));
    SourceRecord hb =
        records.stream().filter(r -> r.topic().equals("shop.heartbeat")).findFirst().orElseThrow();
    @SuppressWarnings("unchecked")
    Position p = OffsetCodec.fromOffset((Map<String, Object>) hb.sourceOffset());
    assertThat(((Struct) hb.value()).getString("resume_scn"))
        .isEqualTo(PositionState.of(p).resumeScn().toString());
    // several heartbeats may come in one poll: the Kafka commit is asked after the batch's last one
    assertThat(context.commitRequests)
        .last()
        .extracting(SourceRecord::topic)
        .isEqualTo("shop.heartbeat");
  }

  @Test
  void start_rejectsAMalformedStoredOffset() {
    ShopScript shop = ShopScript.withAmounts(8);
    FakeTaskContext context = new FakeTaskContext(false);
    context.offsets.put(Map.of("server", "shop"), Map.of("v", 1));
    assertThatThrownBy(() -> start(shop, context, Map.of()))
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith("CDC-4007 ")
        .hasMessageContaining("key 'resume_scn' is missing");
  }

  /** Two inserts, then a transaction that deletes the first row. */
  static ShopScript insertThenDelete(long seed) {
    ShopScript shop = ShopScript.withAmounts(seed);
    String[] rowId = new String[1];
    shop.then(
        o -> {
          dev.redoline.simulator.SimulatedTransaction tx = o.begin();
          rowId[0] = tx.insert(ShopScript.ORDERS, 1L, "NEW", null);
          tx.insert(ShopScript.ORDERS, 2L, "NEW", null);
          tx.commit();
        });
    shop.then(
        o -> {
          dev.redoline.simulator.SimulatedTransaction tx = o.begin();
          tx.delete(ShopScript.ORDERS, rowId[0]);
          tx.commit();
        });
    return shop;
  }

  @Test
  void poll_deleteIsFollowedByATombstoneInTheSameKafkaTransaction() throws Exception {
    FakeTaskContext context = new FakeTaskContext(true);
    RedolineSourceTask task = start(insertThenDelete(9), context, Map.of());
    List<SourceRecord> records = dataRecords(pollUntil(task, context, changes(4)));
    assertThat(records).hasSize(4);
    assertThat(((Struct) records.get(2).value()).getString("op")).isEqualTo("d");
    SourceRecord tombstone = records.get(3);
    assertThat(tombstone.value()).isNull();
    assertThat(((Struct) tombstone.key()).getInt64("ID")).isEqualTo(1L);
    assertThat(tombstone.sourceOffset()).isEqualTo(records.get(2).sourceOffset());
    assertThat(context.commitRequests)
        .as("the commit after the delete is asked on its tombstone")
        .contains(tombstone)
        .doesNotContain(records.get(2));
  }

  @Test
  void poll_withoutTombstones_theDeleteIsTheLastRecord() throws Exception {
    FakeTaskContext context = new FakeTaskContext(true);
    RedolineSourceTask task =
        start(insertThenDelete(10), context, Map.of("cdc.tombstones.on.delete", "false"));
    List<SourceRecord> records = dataRecords(pollUntil(task, context, changes(3)));
    assertThat(records).hasSize(3).allMatch(r -> r.value() != null);
    assertThat(context.commitRequests).contains(records.get(2));
  }

  @Test
  void stop_duringAPollOnlySignalsAndThePollingThreadCloses() throws Exception {
    ShopScript shop = ShopScript.withAmounts(31).orders(1, 1, 2);
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    pollUntil(task, context, changes(2));

    task.access.acquire(); // as a poll running on the task thread holds it
    Thread herder = new Thread(task::stop, "herder");
    herder.start();
    herder.join();
    assertThat(task.closedBy()).as("stop() from another thread closed nothing").isNull();
    task.access.release();

    assertThat(task.poll()).isNull(); // the task thread's next poll sees the signal and closes
    assertThat(task.closedBy()).isSameAs(Thread.currentThread());
  }

  @Test
  void stop_withNoPollRunningClosesOnTheCallingThread() throws Exception {
    ShopScript shop = ShopScript.withAmounts(32).orders(1, 1, 2);
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    pollUntil(task, context, changes(2));
    task.stop();
    assertThat(task.closedBy()).isSameAs(Thread.currentThread());
    assertThat(task.poll()).isNull();
  }
}
