package dev.redoline.connect;

import static dev.redoline.connect.ChangeRecordsTest.COMMIT;
import static dev.redoline.connect.ChangeRecordsTest.CUSTOMERS;
import static dev.redoline.connect.ChangeRecordsTest.NOW;
import static dev.redoline.connect.ChangeRecordsTest.customers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.logminer.seam.KeyColumns;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import dev.redoline.logminer.seam.StreamEvent.SchemaEvent;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.List;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;

/**
 * A {@link StreamedLob} in a Connect record: read whole up to {@code cdc.lob.max.bytes}, the
 * placeholder past it.
 */
class WholeLobsTest {

  @SuppressWarnings("ArrayRecordComponent") // a test source, never compared
  private record HeapSource(byte[] content, boolean character) implements StreamedLob.Source {
    @Override
    public long storedBytes() {
      return content.length;
    }

    @Override
    public InputStream open() {
      return new ByteArrayInputStream(content);
    }

    @Override
    public String describe() {
      return "heap";
    }
  }

  private static StreamedLob clob(String text) {
    byte[] b = new byte[2 * text.length()];
    for (int i = 0; i < text.length(); i++) {
      b[2 * i] = (byte) (text.charAt(i) >> 8);
      b[2 * i + 1] = (byte) text.charAt(i);
    }
    return StreamedLob.of(new HeapSource(b, true));
  }

  private static Struct after(long lobMaxBytes, Object notes) {
    TopicNames topics =
        TopicNames.of(CdcConfig.from(ShopScript.settings("jdbc:redoline:sim:demo")));
    ChangeRecords records =
        new ChangeRecords(
            topics,
            ExcludedColumns.parse(List.of()),
            KeyColumns.parse(""),
            Clock.fixed(NOW, ZoneOffset.UTC),
            "9.9",
            ColumnTypes.Modes.DEFAULT,
            "?",
            lobMaxBytes);
    records.layout(new SchemaEvent(customers(), Scn.of(80), null, Position.start(Scn.of(80))));
    Change insert =
        new Change(
            Operation.INSERT,
            CUSTOMERS,
            3,
            null,
            Row.of(7L, "Ann", null, notes, null),
            Scn.of(95),
            new RedoAddress(1, 7, 480, 20),
            0,
            "AAAR1cAAEAAAACHAAA",
            NOW);
    return ((Struct)
            records
                .change(new ChangeEvent(COMMIT, insert, 0, OffsetCodecTest.midTransaction()))
                .value())
        .getStruct("after");
  }

  @Test
  void streamedClob_isReadWholeIntoTheStringField() {
    String text = "note \uD83D\uDE00 " + "z".repeat(20_000);
    assertThat(after(0, clob(text)).get("NOTES")).isEqualTo(text);
    assertThat(after(2L * text.length(), clob(text)).get("NOTES")).isEqualTo(text);
  }

  @Test
  void streamedClob_pastTheBound_carriesThePlaceholder() {
    assertThat(after(100, clob("x".repeat(51))).get("NOTES")).isEqualTo("?");
  }

  @Test
  void streamedBlob_isReadWholeIntoBytes_orOverLimit() {
    StreamedLob blob = StreamedLob.of(new HeapSource(new byte[] {1, 2, 3}, false));
    assertThat(WholeLobs.read(blob, 3)).isEqualTo(Bytes.of(new byte[] {1, 2, 3}));
    assertThat(WholeLobs.read(blob, 2)).isEqualTo(Marker.LOB_OVER_LIMIT);
  }
}
