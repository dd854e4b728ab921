package dev.redoline.simulator.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Replies cross the wire unchanged: every value of a batch with its Java type, scale and bytes. */
class WireTest {

  private static List<Wire.Reply> roundTrip(List<Wire.Reply> replies) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      for (Wire.Reply reply : replies) {
        Wire.writeReply(out, reply);
        out.reset();
      }
    }
    List<Wire.Reply> read = new ArrayList<>();
    try (ObjectInputStream in = Wire.input(new ByteArrayInputStream(bytes.toByteArray()))) {
      for (int i = 0; i < replies.size(); i++) {
        read.add(Wire.readReply(in));
      }
    }
    return read;
  }

  @Test
  void batchValues_keepTheirTypeAndValue() throws Exception {
    Object[] values = {
      null,
      "",
      "SCN 1",
      "x".repeat(30_000), // longer than the modified UTF-8 form takes
      "\ud800 lone surrogate, NUL \u0000 and é",
      BigDecimal.valueOf(5),
      new BigDecimal("-999999999999999999"),
      new BigDecimal("1000000000000000000"), // 19 digits: not written as a long
      new BigDecimal(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)), // NEXT_CHANGE# open
      new BigDecimal("1.50"),
      new BigDecimal("1E+3"),
      Long.MIN_VALUE,
      42,
      LocalDateTime.of(2024, 3, 1, 9, 0, 1, 123_456_789),
      LocalDateTime.MIN,
      LocalDateTime.MAX,
      new byte[] {0, 1, (byte) 0xFF},
      new byte[0],
      OffsetDateTime.of(2024, 3, 1, 9, 0, 0, 0, ZoneOffset.ofHours(2)),
      Boolean.TRUE
    };
    List<Object[]> rows = List.of(values, new Object[0], values.clone());
    Wire.Reply got =
        roundTrip(List.of(new Wire.Reply(new ServerCursor.Batch(rows, true), null))).get(0);

    ServerCursor.Batch batch = (ServerCursor.Batch) got.value();
    assertThat(got.failure()).isNull();
    assertThat(batch.done()).isTrue();
    assertThat(batch.rows()).hasSize(3);
    assertThat(batch.rows().get(1)).isEmpty();
    for (Object[] row : List.of(batch.rows().get(0), batch.rows().get(2))) {
      assertThat(row).hasSize(values.length);
      for (int i = 0; i < values.length; i++) {
        Object sent = values[i];
        Object came = row[i];
        if (sent == null) {
          assertThat(came).isNull();
          continue;
        }
        assertThat(came).as("value %d", i).isInstanceOf(sent.getClass());
        if (sent instanceof byte[] b) {
          assertThat(Arrays.equals((byte[]) came, b)).isTrue();
        } else if (sent instanceof BigDecimal d) {
          assertThat(((BigDecimal) came).scale()).as("scale of %s", d).isEqualTo(d.scale());
          assertThat(came).isEqualTo(d);
        } else {
          assertThat(came).as("value %d", i).isEqualTo(sent);
        }
      }
    }
  }

  @Test
  void otherReplies_andEmptyBatches_crossAsBefore() throws Exception {
    Wire.Reply executed =
        new Wire.Reply(
            new Backend.Executed(3, List.of("SCN", "SQL_REDO"), List.of(2, 12), true), null);
    Wire.Reply failure =
        new Wire.Reply(null, Wire.Failure.of(new SQLException("ORA-01291", "99999", 1291)));
    Wire.Reply empty = new Wire.Reply(new ServerCursor.Batch(List.of(), false), null);
    Wire.Reply none = new Wire.Reply(null, null);

    List<Wire.Reply> got = roundTrip(List.of(executed, failure, empty, none));

    assertThat(got.get(0)).isEqualTo(executed);
    assertThat(got.get(1)).isEqualTo(failure);
    ServerCursor.Batch batch = (ServerCursor.Batch) got.get(2).value();
    assertThat(batch.rows()).isEmpty();
    assertThat(batch.done()).isFalse();
    assertThat(got.get(3)).isEqualTo(none);
  }
}
