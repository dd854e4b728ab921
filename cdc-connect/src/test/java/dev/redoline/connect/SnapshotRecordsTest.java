package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.SnapshotMark;
import dev.redoline.core.Xid;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

/** Snapshot rows as Connect records, and the signals of {@code cdc.signal.topic}. */
class SnapshotRecordsTest {

  private static ChangeEvent read(SnapshotMark.Place place) {
    Scn scn = Scn.of(500);
    Row after = Row.of(7L, "Ann", Absent.EXCLUDED, null, new BigDecimal("1.5"));
    RedoAddress none = new RedoAddress(0, 0, 0, 0);
    Instant at = Instant.parse("2024-02-14T10:00:00Z");
    Change change =
        new Change(
            Operation.READ, ChangeRecordsTest.CUSTOMERS, 3, null, after, scn, none, 0, null, at);
    Commit chunk = new Commit(new Xid(0, 0, 0), scn, scn, none, at, null, 1);
    return new ChangeEvent(
        chunk,
        change,
        0,
        Position.start(scn),
        new SnapshotMark(ChangeRecordsTest.CUSTOMERS, scn, place));
  }

  @Test
  void snapshotRow_isOpRWithDebeziumSnapshotMarksAndTheChunkScn() {
    ChangeRecords records = ChangeRecordsTest.records("SHOP.CUSTOMERS.CARD_NO");
    for (SnapshotMark.Place place : SnapshotMark.Place.values()) {
      SourceRecord r = records.change(read(place));
      Struct value = (Struct) r.value();
      assertThat(value.getString("op")).isEqualTo("r");
      assertThat(value.get("before")).isNull();
      assertThat(value.getStruct("after").getString("NAME")).isEqualTo("Ann");
      assertThat(value.get("transaction")).isNull();
      Struct source = value.getStruct("source");
      assertThat(source.getString("snapshot")).isEqualTo(place.sourceValue());
      assertThat(source.getString("scn")).isEqualTo("500");
      assertThat(source.getString("commit_scn")).isEqualTo("500");
      assertThat(source.get("txId")).isNull();
      assertThat(source.get("rs_id")).isNull();
      assertThat(((Struct) r.key()).getInt64("ID")).isEqualTo(7L);
    }
    assertThat(List.of(SnapshotMark.Place.values()))
        .extracting(SnapshotMark.Place::sourceValue)
        .containsExactly("first", "true", "last");
  }

  @Test
  void signals_readTheDocumentedShapesAndSayWhatIsWrongOtherwise() {
    Signal s =
        Signal.parse(
            "{\"type\":\"snapshot\", \"tables\":[\"SHOP.ORDERS\",\"PDB1.SHOP.\\\"My T\\\"\"],"
                + " \"filter\":\"STATUS = 'NEW'\"}");
    assertThat(s.type()).isEqualTo("snapshot");
    assertThat(s.tables()).containsExactly("SHOP.ORDERS", "PDB1.SHOP.\"My T\"");
    assertThat(s.filter()).isEqualTo("STATUS = 'NEW'");
    assertThat(Signal.parse(" {\"type\":\"PAUSE\"} ").type()).isEqualTo("pause");
    assertThat(Signal.parse("{\"type\":\"resume\"}").tables()).isEmpty();
    assertThatThrownBy(() -> Signal.parse("{\"type\":\"snapshot\"}"))
        .hasMessageContaining("needs \"tables\"");
    assertThatThrownBy(() -> Signal.parse("{\"type\":\"drop\"}"))
        .hasMessageContaining("snapshot, pause, resume or drop-transaction");
    assertThat(Signal.parse("{\"type\":\"drop-transaction\",\"xid\":\"0a000b0057030000\"}").xid())
        .isEqualTo("0a000b0057030000");
    assertThatThrownBy(() -> Signal.parse("{\"type\":\"drop-transaction\"}"))
        .hasMessageContaining("needs \"xid\"");
    assertThatThrownBy(() -> Signal.parse("{\"type\":\"drop-transaction\",\"xid\":\"12\"}"))
        .hasMessageContaining("Not an XID: '12'");
    assertThatThrownBy(() -> Signal.parse("{\"kind\":1}"))
        .hasMessageContaining("unknown field 'kind'");
    assertThatThrownBy(() -> Signal.parse("not json")).hasMessageContaining("expected '{'");
    assertThatThrownBy(() -> Signal.parse("{\"type\":\"pause\"} x"))
        .hasMessageContaining("text after");
  }
}
