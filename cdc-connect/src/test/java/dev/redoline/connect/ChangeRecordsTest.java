package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.logminer.seam.KeyColumns;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.logminer.seam.StreamEvent.SchemaEvent;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

class ChangeRecordsTest {

  static final TableId CUSTOMERS = new TableId("PDB1", "SHOP", "CUSTOMERS");
  static final Instant NOW = Instant.parse("2024-02-14T10:00:00Z");
  static final Commit COMMIT =
      new Commit(
          new Xid(10, 11, 855),
          Scn.of(90),
          Scn.of(100),
          new RedoAddress(1, 7, 500, 16),
          Instant.parse("2024-02-14T09:59:59Z"),
          "APP",
          2);

  static TableLayout customers() {
    return TableLayout.builder(CUSTOMERS, 3)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 50), true)
        .column("CARD_NO", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
        .column("NOTES", OracleType.of(OracleType.Kind.CLOB), true)
        .column("BALANCE", OracleType.number(12, 2), true)
        .primaryKey("ID")
        .build();
  }

  static ChangeRecords records(String... excluded) {
    TopicNames topics =
        TopicNames.of(CdcConfig.from(ShopScript.settings("jdbc:redoline:sim:demo")));
    ChangeRecords r =
        new ChangeRecords(
            topics,
            ExcludedColumns.parse(List.of(excluded)),
            KeyColumns.parse(""),
            Clock.fixed(NOW, ZoneOffset.UTC),
            "9.9");
    r.layout(new SchemaEvent(customers(), Scn.of(80), null, Position.start(Scn.of(80))));
    return r;
  }

  static ChangeEvent update() {
    Row before = Row.of(7L, "Ann", Absent.EXCLUDED, Absent.NOT_LOGGED, new BigDecimal("1.5"));
    Row after = Row.of(7L, "Anne", Absent.EXCLUDED, Marker.EMPTY_CLOB, new BigDecimal("1.5"));
    Change change =
        new Change(
            Operation.UPDATE,
            CUSTOMERS,
            3,
            before,
            after,
            Scn.of(95),
            new RedoAddress(1, 7, 480, 20),
            0,
            "AAAR1cAAEAAAACHAAA",
            Instant.parse("2024-02-14T09:59:58Z"));
    return new ChangeEvent(COMMIT, change, 0, OffsetCodecTest.midTransaction());
  }

  @Test
  void change_envelopeInDebeziumShape() {
    SourceRecord r = records("SHOP.CUSTOMERS.CARD_NO").change(update());
    assertThat(r.topic()).isEqualTo("shop.PDB1.SHOP.CUSTOMERS");
    assertThat(r.valueSchema().name()).isEqualTo("shop.PDB1.SHOP.CUSTOMERS.Envelope");
    Struct value = (Struct) r.value();
    assertThat(value.getString("op")).isEqualTo("u");
    assertThat(value.getInt64("ts_ms")).isEqualTo(NOW.toEpochMilli());
    assertThat(value.getStruct("before").getString("NAME")).isEqualTo("Ann");
    assertThat(value.getStruct("after").getString("NAME")).isEqualTo("Anne");
    assertThat(value.getStruct("after").get("BALANCE")).isEqualTo(new BigDecimal("1.50"));
    assertThat(value.getStruct("after").getInt64("ID")).isEqualTo(7L);
  }

  @Test
  void change_sourceBlockCarriesRedoCoordinates() {
    Struct source = ((Struct) records().change(update()).value()).getStruct("source");
    assertThat(source.getString("connector")).isEqualTo("redoline");
    assertThat(source.getString("name")).isEqualTo("shop");
    assertThat(source.getString("db")).isEqualTo("PDB1");
    assertThat(source.getString("schema")).isEqualTo("SHOP");
    assertThat(source.getString("table")).isEqualTo("CUSTOMERS");
    assertThat(source.getString("scn")).isEqualTo("95");
    assertThat(source.getString("commit_scn")).isEqualTo("100");
    assertThat(source.getString("start_scn")).isEqualTo("90");
    assertThat(source.getString("rs_id")).isEqualTo("0x000007.000001e0.0014");
    assertThat(source.getString("commit_rs_id")).isEqualTo("0x000007.000001f4.0010");
    assertThat(source.getInt32("redo_thread")).isEqualTo(1);
    assertThat(source.getString("txId")).isEqualTo("0a000b0057030000");
    assertThat(source.getInt64("txSeq")).isEqualTo(1L);
    assertThat(source.getInt64("tx_size")).isEqualTo(2L);
    assertThat(source.getString("user_name")).isEqualTo("APP");
    assertThat(source.getString("row_id")).isEqualTo("AAAR1cAAEAAAACHAAA");
    assertThat(source.getInt64("ts_ms"))
        .isEqualTo(Instant.parse("2024-02-14T09:59:58Z").toEpochMilli());
    assertThat(source.getInt64("commit_ts_ms"))
        .isEqualTo(Instant.parse("2024-02-14T09:59:59Z").toEpochMilli());
    assertThat(source.getInt32("layout_version")).isEqualTo(3);
    assertThat(source.getString("snapshot")).isEqualTo("false");
  }

  @Test
  void change_keyIsThePrimaryKey() {
    SourceRecord r = records().change(update());
    assertThat(r.keySchema().name()).isEqualTo("shop.PDB1.SHOP.CUSTOMERS.Key");
    assertThat(((Struct) r.key()).getInt64("ID")).isEqualTo(7L);
    assertThat(r.keySchema().fields()).hasSize(1);
  }

  @Test
  void change_offsetIsTheEventPosition() {
    SourceRecord r = records().change(update());
    assertThat(r.sourcePartition()).isEqualTo(Map.of("server", "shop"));
    assertThat(OffsetCodec.fromOffset(castOffset(r))).isEqualTo(OffsetCodecTest.midTransaction());
    assertThat(r.timestamp()).isEqualTo(COMMIT.time().toEpochMilli());
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> castOffset(SourceRecord r) {
    return (Map<String, Object>) r.sourceOffset();
  }

  @Test
  void change_excludedColumnIsInNoSchemaAndNoHeader() {
    SourceRecord r = records("SHOP.CUSTOMERS.CARD_NO").change(update());
    assertThat(((Struct) r.value()).getStruct("after").schema().field("CARD_NO")).isNull();
    assertThat(r.headers().lastWithName(ChangeRecords.UNAVAILABLE_HEADER).value())
        .isEqualTo("before.NOTES=NOT_LOGGED,after.NOTES=EMPTY_CLOB");
  }

  @Test
  void change_unavailableValuesAreNullNotMissing() {
    Struct value = (Struct) records("SHOP.CUSTOMERS.CARD_NO").change(update()).value();
    assertThat(value.getStruct("after").get("NOTES"))
        .isNull(); // a marker: LOB rows were not assembled
  }

  @Test
  void change_unknownLobContent_carriesTheUnavailablePlaceholder() {
    Struct value = (Struct) records("SHOP.CUSTOMERS.CARD_NO").change(update()).value();
    assertThat(value.getStruct("before").get("NOTES")).isEqualTo("__debezium_unavailable_value");
    TopicNames topics =
        TopicNames.of(CdcConfig.from(ShopScript.settings("jdbc:redoline:sim:demo")));
    ChangeRecords custom =
        new ChangeRecords(
            topics,
            ExcludedColumns.parse(List.of()),
            KeyColumns.parse(""),
            Clock.fixed(NOW, ZoneOffset.UTC),
            "9.9",
            ColumnTypes.Modes.DEFAULT,
            "?",
            Long.parseLong(dev.redoline.core.CdcConfig.LOB_MAX_BYTES.defaultText()));
    custom.layout(new SchemaEvent(customers(), Scn.of(80), null, Position.start(Scn.of(80))));
    Row before = Row.of(7L, "Ann", null, Absent.NOT_LOGGED, null);
    Row after = Row.of(7L, "Ann", null, Marker.LOB_OVER_LIMIT, null);
    Change change =
        new Change(
            Operation.UPDATE,
            CUSTOMERS,
            3,
            before,
            after,
            Scn.of(95),
            new RedoAddress(1, 7, 480, 20),
            0,
            "AAAR1cAAEAAAACHAAA",
            NOW);
    Struct v =
        (Struct)
            custom
                .change(new ChangeEvent(COMMIT, change, 0, OffsetCodecTest.midTransaction()))
                .value();
    assertThat(v.getStruct("before").get("NOTES")).isEqualTo("?");
    assertThat(v.getStruct("after").get("NOTES")).isEqualTo("?");
  }

  @Test
  void layout_recordHoldsNamesAndTypesOnly() {
    ChangeRecords r = records();
    SourceRecord layout =
        r.layout(
            new SchemaEvent(
                customers(), Scn.of(80), "CREATE TABLE ...", Position.start(Scn.of(80))));
    assertThat(layout.topic()).isEqualTo("shop.schema");
    assertThat(layout.key()).isEqualTo("PDB1.SHOP.CUSTOMERS");
    Struct v = (Struct) layout.value();
    assertThat(v.getInt32("version")).isEqualTo(3);
    assertThat(v.getArray("primary_key")).containsExactly("ID");
    List<Struct> columns = v.getArray("columns");
    assertThat(columns)
        .extracting(c -> c.getString("name") + " " + c.getString("type"))
        .containsExactly(
            "ID NUMBER(10,0)",
            "NAME VARCHAR2(50)",
            "CARD_NO VARCHAR2(20)",
            "NOTES CLOB",
            "BALANCE NUMBER(12,2)");
  }

  @Test
  void change_truncateHasNoImagesAndNoKey() {
    Change truncate =
        new Change(
            Operation.TRUNCATE,
            CUSTOMERS,
            3,
            null,
            null,
            Scn.of(95),
            new RedoAddress(1, 7, 480, 20),
            0,
            null,
            NOW);
    Commit one = new Commit(COMMIT.xid(), Scn.ZERO, Scn.of(100), COMMIT.address(), NOW, null, 1);
    SourceRecord r = records().change(new ChangeEvent(one, truncate, 0, Position.start(Scn.of(1))));
    Struct v = (Struct) r.value();
    assertThat(v.getString("op")).isEqualTo("t");
    assertThat(v.get("before")).isNull();
    assertThat(v.get("after")).isNull();
    assertThat(r.key()).isNull();
    assertThat(v.getStruct("source").get("start_scn")).isNull();
  }

  static ChangeEvent delete(boolean last) {
    Row before = Row.of(7L, "Ann", Absent.EXCLUDED, Absent.NOT_LOGGED, new BigDecimal("1.5"));
    Change change =
        new Change(
            Operation.DELETE,
            CUSTOMERS,
            3,
            before,
            null,
            Scn.of(96),
            new RedoAddress(1, 7, 490, 20),
            0,
            "AAAR1cAAEAAAACHAAA",
            Instant.parse("2024-02-14T09:59:58Z"));
    return new ChangeEvent(COMMIT, change, last ? 1 : 0, OffsetCodecTest.midTransaction());
  }

  @Test
  void tombstone_followsADeleteWithItsKeyAndOffsetAndNoValue() {
    SourceRecord delete = records().change(delete(true));
    SourceRecord tombstone = ChangeRecords.tombstone(delete);
    assertThat(((Struct) delete.value()).getString("op")).isEqualTo("d");
    assertThat(tombstone.topic()).isEqualTo(delete.topic());
    assertThat(tombstone.key()).isEqualTo(delete.key());
    assertThat(((Struct) tombstone.key()).getInt64("ID")).isEqualTo(7L);
    assertThat(tombstone.keySchema()).isEqualTo(delete.keySchema());
    assertThat(tombstone.value()).isNull();
    assertThat(tombstone.valueSchema()).isNull();
    assertThat(tombstone.sourceOffset()).isEqualTo(delete.sourceOffset());
    assertThat(tombstone.sourcePartition()).isEqualTo(delete.sourcePartition());
    assertThat(tombstone.headers()).isEmpty();
  }

  @Test
  void tombstone_noneForARecordWithoutKey() {
    SourceRecord keyless =
        new SourceRecord(
            Map.of("server", "shop"), Map.of("v", 1), "t", null, null, null, null, null);
    assertThat(ChangeRecords.tombstone(keyless)).isNull();
  }
}
