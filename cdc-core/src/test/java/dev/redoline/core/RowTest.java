package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Date;
import org.junit.jupiter.api.Test;

class RowTest {

  @Test
  void of_acceptsEveryValueType() {
    Row row =
        Row.of(
            null,
            1L,
            BigDecimal.ONE,
            1f,
            1d,
            "x",
            LocalDateTime.of(0, 1, 2, 3, 4),
            OffsetDateTime.of(2024, 2, 14, 10, 58, 2, 0, ZoneOffset.ofHours(1)),
            ZonedDateTime.of(2024, 2, 14, 10, 58, 2, 0, ZoneId.of("Europe/Paris")),
            Instant.EPOCH,
            Period.of(-3, -6, 0),
            Duration.ofSeconds(5),
            Bytes.fromHex("0e"),
            Marker.EMPTY_CLOB,
            Boolean.TRUE,
            VectorValue.ofFloat32(1f),
            Absent.EXCLUDED);
    assertThat(row.size()).isEqualTo(17);
    assertThat(row.isPresent(0)).isTrue();
    assertThat(row.get(0)).isNull();
    assertThat(row.isPresent(16)).isFalse();
    assertThat(row.absence(16)).isEqualTo(Absent.EXCLUDED);
    assertThat(row.absence(1)).isNull();
  }

  @Test
  @SuppressWarnings("JavaUtilDate") // the point: a java.util.Date is refused
  void of_rejectsOtherTypesNamingSlot() {
    assertThatThrownBy(() -> Row.of("a", new Date(0)))
        .hasMessage(
            "Slot 1 holds a java.util.Date, which is not a Row value type (see the Row javadoc)");
    assertThatThrownBy(() -> Row.of(1)).hasMessageContaining("java.lang.Integer");
  }

  @Test
  void builder_startsNotLoggedAndOverlays() {
    Row before = Row.builder(3).set(0, 1L).set(1, "old").build();
    assertThat(before.absence(2)).isEqualTo(Absent.NOT_LOGGED);
    Row after = before.toBuilder().set(1, "new").build();
    assertThat(after).isEqualTo(Row.of(1L, "new", Absent.NOT_LOGGED));
    assertThat(before.get(1)).isEqualTo("old");
  }

  @Test
  void of_copiesInput() {
    Object[] values = {"a"};
    Row row = Row.of(values);
    values[0] = "b";
    assertThat(row.get(0)).isEqualTo("a");
  }

  @Test
  void bytes_areImmutableAndHidden() {
    byte[] raw = {1, 2};
    Bytes b = Bytes.of(raw);
    raw[0] = 9;
    assertThat(b.toHex()).isEqualTo("0102");
    b.toByteArray()[0] = 9;
    assertThat(b.byteAt(0)).isEqualTo((byte) 1);
    assertThat(b.toString()).isEqualTo("Bytes[2]");
    assertThatThrownBy(() -> Bytes.fromHex("0g"))
        .hasMessage("Not a hex digit at position 1 of '0g'");
    assertThatThrownBy(() -> Bytes.fromHex("abc")).hasMessage("Odd number of hex digits: 'abc'");
  }
}
