package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.buffer.JournalEntry;
import dev.redoline.buffer.TransactionInfo;
import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

class JournalCodecTest {

  static final Row EVERY_TYPE = Row.of(null, Absent.NOT_LOGGED, Long.MIN_VALUE, new BigDecimal("-12345678901234567890.000123"),
      1.5f, Double.NaN, "héllo", "broken \uD800 surrogate", LocalDateTime.of(1, 1, 1, 0, 0, 0, 1),
      OffsetDateTime.of(2026, 2, 3, 4, 5, 6, 7, ZoneOffset.ofHoursMinutes(-9, -30)),
      ZonedDateTime.of(2026, 3, 29, 2, 30, 0, 0, ZoneId.of("Europe/Paris")), Instant.ofEpochSecond(-5, 999),
      Period.of(-1, 11, 0), Duration.ofSeconds(86_400 * 3, 123_456_789), Bytes.of(new byte[] {0, -1, 127}),
      Marker.EMPTY_CLOB, Marker.EMPTY_BLOB, new BigDecimal("1E+130"), Boolean.TRUE, Boolean.FALSE,
      dev.redoline.core.VectorValue.ofFloat32(1.5f, -2f), dev.redoline.core.VectorValue.ofInt8((byte) 3, (byte) -4));

  @Test
  void write_everyValueTypeReadsBackEqual() {
    Change update = new Change(Operation.UPDATE, TableId.of("HR", "T$1"), 7, EVERY_TYPE, EVERY_TYPE,
        Scn.MAX, JournalFixtures.at(3), 2, null, Instant.EPOCH);
    TransactionInfo sparse = new TransactionInfo(JournalFixtures.xid(1, 2), Scn.ZERO, null, null, null);
    JournalCodec.Slice slice = new JournalCodec.Slice(sparse, JournalFixtures.at(4),
        List.of(update, JournalFixtures.insert(1, 2)), List.of(new JournalEntry.Removal(JournalFixtures.at(2), 5)));

    JournalCodec.Slice back = JournalCodec.read(JournalCodec.write(slice));

    assertThat(back).isEqualTo(slice);
    assertThat(back.changes().get(0).after().get(7)).isEqualTo("broken \uD800 surrogate");
  }

  @Test
  void read_otherVersion_isRejected() {
    byte[] bytes = JournalCodec.write(new JournalCodec.Slice(JournalFixtures.info(JournalFixtures.xid(1, 1)),
        JournalFixtures.at(1), List.of(), List.of()));
    bytes[0] = 9;
    assertThatThrownBy(() -> JournalCodec.read(bytes)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown journal record format version 9");
  }

  @Test
  void read_truncatedRecord_isRejected() {
    byte[] bytes = JournalCodec.write(new JournalCodec.Slice(JournalFixtures.info(JournalFixtures.xid(1, 1)),
        JournalFixtures.at(1), List.of(JournalFixtures.insert(1, 1)), List.of()));
    assertThatThrownBy(() -> JournalCodec.read(java.util.Arrays.copyOf(bytes, bytes.length - 9)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("unreadable journal record: ");
  }
}
