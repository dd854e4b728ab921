package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.logminer.seam.KeyColumns;
import dev.redoline.logminer.seam.StreamEvent.SchemaEvent;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

/** The schema topic read back through the connector's converter, on a real broker. */
class LayoutHistoryIT {

  static final TableId OTHER = new TableId("PDB1", "HR", "EMP$X");

  static TableLayout orders(int version, boolean withNote) {
    TableLayout.Builder b =
        TableLayout.builder(ShopScript.ORDERS, version)
            .column("ID", OracleType.number(10, 0), false)
            .column("AMOUNT", OracleType.number(12, 2), true);
    if (withNote) {
      b.column("NOTE", OracleType.sized(OracleType.Kind.NVARCHAR2, 40), true);
    }
    return b.primaryKey("ID").build();
  }

  static TableLayout other() {
    return TableLayout.builder(OTHER, 3)
        .column("TS", OracleType.parse("TIMESTAMP(6) WITH TIME ZONE"), true)
        .build();
  }

  /** Writes the layouts as the task would, through a JSON converter with the given setting. */
  static String publish(boolean schemas, TableLayout... layouts) throws Exception {
    String topic = TestBroker.unique("layouts");
    try (Admin admin = Admin.create(TestBroker.clients())) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
    }
    TopicNames names =
        new TopicNames("t", "${prefix}.${schema}.${table}", "h", topic, "j", "d", "o");
    ChangeRecords records =
        new ChangeRecords(
            names,
            ExcludedColumns.parse(List.of()),
            KeyColumns.parse(""),
            Clock.systemUTC(),
            "test");
    JsonConverter json = new JsonConverter();
    json.configure(Map.of("schemas.enable", Boolean.toString(schemas)), false);
    try (KafkaProducer<byte[], byte[]> producer =
        new KafkaProducer<>(
            new HashMap<>(TestBroker.clients()),
            new ByteArraySerializer(),
            new ByteArraySerializer())) {
      for (TableLayout layout : layouts) {
        SourceRecord r =
            records.layout(new SchemaEvent(layout, Scn.of(100), null, Position.start(Scn.of(1))));
        // one record batch each, as the task's sends a step apart are
        producer
            .send(
                new ProducerRecord<>(
                    topic, json.fromConnectData(topic, r.valueSchema(), r.value())))
            .get();
      }
    }
    return topic;
  }

  @Test
  void read_withoutAConfiguredConverter_givesTheLatestVersionOfEachTable() throws Exception {
    String topic = publish(true, orders(1, false), other(), orders(2, true));
    List<TableLayout> read =
        LayoutHistory.read(TestBroker.clients(), topic, LayoutHistory.converters(Map.of()));
    assertThat(read).containsExactlyInAnyOrder(orders(2, true), other());
  }

  @Test
  void read_schemalessJson_readsBackEqual() throws Exception {
    String topic = publish(false, orders(1, false), orders(2, true));
    List<TableLayout> read =
        LayoutHistory.read(
            TestBroker.clients(),
            topic,
            LayoutHistory.converters(
                Map.of(
                    "value.converter",
                    JsonConverter.class.getName(),
                    "value.converter.schemas.enable",
                    "false")));
    assertThat(read).containsExactly(orders(2, true));
  }

  /**
   * A broker that holds every fetch longer than the read waits: it answers a fetch only once {@code
   * fetch.min.bytes} lie ahead of the position, which never happens here, or after {@code
   * fetch.max.wait.ms}. The topic's end offset is not reached, and going on with the layouts read
   * so far (none) would number the next versions again: the start fails with CDC-4001, after
   * exactly the empty polls it allows.
   */
  @Test
  void readAll_aBrokerThatAnswersNoFetch_failsTheStartWithCdc4001() throws Exception {
    String topic = publish(true, orders(1, false), orders(2, true), orders(3, false));
    assertThat(
            LayoutHistory.readAll(TestBroker.clients(), topic, LayoutHistory.converters(Map.of())))
        .hasSize(3);
    Map<String, Object> stalling = new HashMap<>(TestBroker.clients());
    stalling.put("fetch.min.bytes", 64 * 1024 * 1024);
    stalling.put("fetch.max.wait.ms", 120_000);
    stalling.put("request.timeout.ms", 5_000);

    assertThatThrownBy(
            () -> LayoutHistory.readAll(stalling, topic, LayoutHistory.converters(Map.of()), 5))
        .isInstanceOfSatisfying(
            CdcException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_CONFIGURATION);
              assertThat(e.detail())
                  .isEqualTo(
                      "cdc.kafka.bootstrap.servers: schema topic "
                          + topic
                          + " read to offset 0 of 3, then nothing came for 5 polls of 200 ms");
            });
  }

  @Test
  void read_absentTopic_isEmpty() {
    assertThat(
            LayoutHistory.read(
                TestBroker.clients(),
                TestBroker.unique("absent"),
                LayoutHistory.converters(Map.of())))
        .isEmpty();
  }
}
