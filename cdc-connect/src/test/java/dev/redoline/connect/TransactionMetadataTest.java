package dev.redoline.connect;

import static dev.redoline.connect.RedolineSourceTaskTest.changes;
import static dev.redoline.connect.RedolineSourceTaskTest.dataRecords;
import static dev.redoline.connect.RedolineSourceTaskTest.ids;
import static dev.redoline.connect.RedolineSourceTaskTest.pollUntil;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cdc.transaction.metadata}: BEGIN and END records around each Oracle transaction, as
 * Debezium writes them.
 */
class TransactionMetadataTest {

  private static final String TOPIC = "shop.transaction";

  @TempDir java.nio.file.Path spill;

  private final List<RedolineSourceTask> started = new ArrayList<>();

  @AfterEach
  void stopTasks() {
    started.forEach(RedolineSourceTask::stop);
  }

  private RedolineSourceTask start(
      ShopScript shop, FakeTaskContext context, Map<String, String> extra) {
    RedolineSourceTask task = new RedolineSourceTask(config -> shop.database(), Clock.systemUTC());
    task.initialize(context);
    Map<String, String> props = new HashMap<>(ShopScript.settings("jdbc:redoline:sim:test"));
    props.put("cdc.buffer.spill.dir", spill.toString());
    props.put("cdc.start.scn", Long.toString(shop.oracle.currentScn()));
    props.put("cdc.transaction.metadata", "true");
    props.putAll(extra);
    task.start(props);
    started.add(task);
    return task;
  }

  private static List<SourceRecord> markers(List<SourceRecord> records) {
    return records.stream().filter(r -> r.topic().equals(TOPIC)).toList();
  }

  /** Each record as BEGIN:xid, END:xid:count or the data record's ID, in order. */
  private static List<String> sequence(List<SourceRecord> records) {
    List<String> out = new ArrayList<>();
    for (SourceRecord r : records) {
      if (r.topic().equals(TOPIC)) {
        Struct v = (Struct) r.value();
        out.add(
            v.getString("status")
                + (v.getInt64("event_count") == null ? "" : ":" + v.getInt64("event_count")));
      } else if (r.topic().equals("shop.SHOP.ORDERS")) {
        out.add(String.valueOf(((Struct) r.key()).getInt64("ID")));
      }
    }
    return out;
  }

  @Test
  void beginAndEnd_surroundEachTransaction_withDebeziumSchemasAndPerTableCounts() throws Exception {
    ShopScript shop = ShopScript.withAmounts(41).orders(1, 2, 3);
    FakeTaskContext context = new FakeTaskContext(true);
    RedolineSourceTask task = start(shop, context, Map.of());
    List<SourceRecord> records = pollUntil(task, context, rs -> markers(rs).size() >= 4);

    assertThat(sequence(records))
        .containsExactly("BEGIN", "1", "2", "3", "END:3", "BEGIN", "4", "5", "6", "END:3");
    SourceRecord begin = markers(records).get(0);
    SourceRecord end = markers(records).get(1);
    Struct dataValue = (Struct) dataRecords(records).get(0).value();
    String xid = dataValue.getStruct("transaction").getString("id");
    assertThat(begin.keySchema().name())
        .isEqualTo("io.debezium.connector.common.TransactionMetadataKey");
    assertThat(begin.valueSchema().name())
        .isEqualTo("io.debezium.connector.common.TransactionMetadataValue");
    assertThat(((Struct) begin.key()).getString("id")).isEqualTo(xid);
    Struct beginValue = (Struct) begin.value();
    assertThat(beginValue.getString("id")).isEqualTo(xid);
    assertThat(beginValue.get("data_collections")).isNull();
    assertThat(beginValue.getInt64("ts_ms"))
        .isEqualTo(dataValue.getStruct("source").getInt64("ts_ms"));
    Struct endValue = (Struct) end.value();
    assertThat(endValue.getString("id")).isEqualTo(xid);
    List<Struct> collections = endValue.getArray("data_collections");
    assertThat(collections)
        .singleElement()
        .satisfies(
            c -> {
              assertThat(c.getString("data_collection")).isEqualTo("SHOP.ORDERS");
              assertThat(c.getInt64("event_count")).isEqualTo(3L);
            });
    assertThat(end.sourceOffset()).isEqualTo(dataRecords(records).get(2).sourceOffset());
    assertThat(context.commitRequests)
        .as("each Kafka transaction with changes ends after an END record")
        .filteredOn(r -> !r.topic().equals("shop.schema"))
        .isNotEmpty()
        .allMatch(
            r -> r.topic().equals(TOPIC) && "END".equals(((Struct) r.value()).getString("status")));
  }

  @Test
  void aPartialTransaction_countsOnlyItsDeliveredChanges_andSaysWhy() {
    TableId orders = TableId.of("SHOP", "ORDERS");
    Commit whole =
        new Commit(
            Xid.parseHex("0a001b00c4030000"),
            Scn.of(100),
            Scn.of(190),
            new RedoAddress(1, 7, 90, 16),
            Instant.EPOCH,
            "APP",
            2);
    Commit partial = whole.asPartial(1, Commit.Partial.SNAPSHOT);
    Change insert =
        new Change(
            Operation.INSERT,
            orders,
            1,
            null,
            Row.of(1L),
            Scn.of(101),
            new RedoAddress(1, 7, 11, 16),
            0,
            null,
            Instant.EPOCH);
    ChangeEvent last =
        new ChangeEvent(partial, insert, 0, Position.start(Scn.of(180)), 1, Map.of(orders, 1L));
    TransactionRecords records =
        new TransactionRecords(
            TopicNames.of(CdcConfig.from(ShopScript.settings("jdbc:redoline:sim:demo"))));

    Struct end = (Struct) records.end(last).value();
    assertThat(end.getInt64("event_count")).isEqualTo(1L);
    assertThat(end.getString("partial")).isEqualTo("SNAPSHOT");
    Struct source = SourceBlock.of(last, "shop", "0");
    assertThat(source.getInt64("txSeq")).isEqualTo(source.getInt64("tx_size")).isEqualTo(1L);
    assertThat(source.getString("tx_partial")).isEqualTo("SNAPSHOT");
    assertThat(
            SourceBlock.of(
                    new ChangeEvent(whole, insert, 1, Position.start(Scn.of(180))), "shop", "0")
                .getString("tx_partial"))
        .as("absent on a whole transaction")
        .isNull();
  }

  @Test
  void restartInTheMiddleOfATransaction_writesNoSecondBegin_andCountsStayExact() throws Exception {
    ShopScript shop = ShopScript.withAmounts(42).orders(1, 2, 3);
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    List<SourceRecord> records = pollUntil(task, context, changes(6));
    task.stop();
    // Kafka kept the records up to ID 4, the first change of the second transaction (its BEGIN
    // too).
    context.offsets.clear();
    context.store(dataRecords(records).get(3));
    shop.orders(7, 1, 2);
    RedolineSourceTask again = start(shop, context, Map.of("cdc.start.scn", "0"));
    List<SourceRecord> after =
        pollUntil(again, context, rs -> changes(4).test(rs) && markers(rs).size() >= 3);
    assertThat(ids(after)).containsExactly(5L, 6L, 7L, 8L);
    assertThat(sequence(after)).containsExactly("5", "6", "END:3", "BEGIN", "7", "8", "END:2");
    List<Struct> counts = ((Struct) markers(after).get(0).value()).getArray("data_collections");
    assertThat(counts)
        .singleElement()
        .satisfies(c -> assertThat(c.getInt64("event_count")).isEqualTo(3L));
    assertThat(dataRecords(after))
        .extracting(r -> ((Struct) r.value()).getStruct("transaction"))
        .extracting(t -> t.getInt64("total_order") + "/" + t.getInt64("data_collection_order"))
        .as("places in the transaction and its table, exact after the restart")
        .containsExactly("2/2", "3/3", "1/1", "2/2");
  }

  @Test
  void beginsOffset_isThatOfTheRecordBefore_soARestartFromItDeliversTheFirstChange()
      throws Exception {
    ShopScript shop = ShopScript.withAmounts(43).orders(1, 2, 2);
    FakeTaskContext context = new FakeTaskContext(false);
    RedolineSourceTask task = start(shop, context, Map.of());
    List<SourceRecord> records = pollUntil(task, context, rs -> markers(rs).size() >= 4);
    SourceRecord secondBegin = markers(records).get(2);
    SourceRecord firstEnd = markers(records).get(1);
    assertThat(secondBegin.sourceOffset()).isEqualTo(firstEnd.sourceOffset());
  }

  @Test
  void withoutTheSetting_noTransactionRecords() throws Exception {
    ShopScript shop = ShopScript.withAmounts(44).orders(1, 1, 2);
    FakeTaskContext context = new FakeTaskContext(true);
    RedolineSourceTask task = start(shop, context, Map.of("cdc.transaction.metadata", "false"));
    List<SourceRecord> records = pollUntil(task, context, changes(2));
    assertThat(markers(records)).isEmpty();
  }
}
