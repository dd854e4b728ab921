package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.DecodeResult;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;
import org.junit.jupiter.api.Test;

class JsonColumnsTest {

  private static final TableLayout LAYOUT =
      TableLayout.builder(TableId.of("S", "J"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("DOC", OracleType.of(OracleType.Kind.JSON), true)
          .column("RAWV", OracleType.sized(OracleType.Kind.RAW, 10), true)
          .primaryKey("ID")
          .build();

  private static Bytes oson() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OracleJsonGenerator g = new OracleJsonFactory().createJsonBinaryGenerator(out)) {
      g.writeStartObject()
          .write("id", 7)
          .write("tag", "a\"b")
          .writeStartArray("l")
          .write(1.5)
          .writeNull()
          .writeEnd()
          .writeEnd();
    }
    return Bytes.of(out.toByteArray());
  }

  private static Change update(Row before, Row after) {
    return new Change(
        Operation.UPDATE,
        LAYOUT.table(),
        1,
        before,
        after,
        Scn.of(5),
        new RedoAddress(1, 1, 2, 16),
        0,
        "AAA",
        Instant.EPOCH);
  }

  @Test
  void asText_turnsJsonBytesOfBothImagesIntoText_andLeavesRawAlone() {
    Bytes raw = Bytes.fromHex("0e0f");
    DecodeResult r =
        JsonColumns.asText(
            new DecodeResult(update(Row.of(1L, oson(), raw), Row.of(1L, oson(), raw)), null),
            LAYOUT);
    String text = "{\"id\":7,\"tag\":\"a\\\"b\",\"l\":[1.5,null]}";
    assertThat(r.change().before()).isEqualTo(Row.of(1L, text, raw));
    assertThat(r.change().after()).isEqualTo(Row.of(1L, text, raw));
  }

  @Test
  void asText_bytesThatAreNotOson_areCdc3002NamingTheColumnNotTheBytes() {
    DecodeResult r =
        JsonColumns.asText(
            new DecodeResult(
                update(Row.of(1L, null, null), Row.of(1L, Bytes.fromHex("ff4a5a01ab"), null)),
                null),
            LAYOUT);
    assertThat(r.isChange()).isFalse();
    assertThat(r.error().errorCode()).isEqualTo(ErrorCode.VALUE_NOT_CONVERTIBLE);
    assertThat(r.error().column()).isEqualTo("DOC");
    assertThat(r.error().getMessage()).doesNotContainIgnoringCase("ff4a5a01ab");
    assertThatThrownBy(() -> JsonColumns.asText(Bytes.of(new byte[] {1, 2}), LAYOUT, 1))
        .isInstanceOf(DecodeException.class);
  }
}
