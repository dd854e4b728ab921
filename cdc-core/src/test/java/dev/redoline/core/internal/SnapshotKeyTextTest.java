package dev.redoline.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The text form of snapshot keys in stored positions: each value type keeps its tag, since
 * positions written by an earlier release must still read.
 */
class SnapshotKeyTextTest {

  @Test
  void everyKeyType_isWrittenUnderItsTagAndReadBack() {
    List<Object> key =
        Arrays.asList(
            null,
            42L,
            new BigDecimal("2.50"),
            "a:b",
            LocalDateTime.parse("2024-03-01T09:00"),
            OffsetDateTime.parse("2024-03-01T09:00+02:00"),
            Instant.parse("2024-03-01T09:00:00Z"),
            Bytes.fromHex("0aff"),
            1.5d,
            2.5f,
            true);
    String text = SnapshotProgress.encode(key);
    assertThat(text)
        .isEqualTo(
            "N0:L2:42D4:2.50S3:a:bT16:2024-03-01T09:00O22:2024-03-01T09:00+02:00"
                + "I20:2024-03-01T09:00:00ZB4:0affF3:1.5f3:2.5Z4:true");
    assertThat(SnapshotProgress.decode(text)).isEqualTo(key);
  }

  @Test
  void unknownTypes_failNamingThem() {
    assertThatThrownBy(() -> SnapshotProgress.encode(List.of(new Object())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("of type Object");
    assertThatThrownBy(() -> SnapshotProgress.decode("L2:42X1:a"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown type 'X' at 5");
  }
}
