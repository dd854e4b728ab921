package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.Column;
import dev.redoline.core.DecodeException;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Dictionary Mismatch rows: column positions, exact messages, and redaction of excluded bytes. */
class MismatchDecodeTest {

  /** Layout version 5; Column.position() is the "COL n" number. */
  private static final TableLayout LAYOUT =
      new TableLayout(
          TableId.of("S", "G"),
          5,
          List.of(
              new Column("ID", 1, OracleType.number(10, 0), false),
              new Column("SECRET", 2, OracleType.sized(Kind.VARCHAR2, 20), true),
              new Column("NOTE", 3, OracleType.sized(Kind.VARCHAR2, 20), true)),
          List.of("ID"));

  private static final String SECRET_HEX =
      "53454e54494e454c2d3466326"; // odd on purpose: never converted

  private static DecodeInput mismatch(Operation op, String text) {
    return DecodeInput.of(
        op,
        text,
        LAYOUT,
        Scn.of(9),
        RedoAddress.start(1),
        0,
        null,
        Instant.EPOCH,
        2,
        "Dictionary Mismatch");
  }

  @Test
  void decode_positions_mapToTheColumnAtEachPosition() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      Change c =
          decoder.decode(
              mismatch(
                  Operation.INSERT,
                  "insert into \"UNKNOWN\".\"OBJ# 73200\"(\"COL 1\",\"COL 2\",\"COL 3\") values (HEXTORAW('c102'),"
                      + "HEXTORAW('41'),HEXTORAW('42'));"));
      assertThat(c.after()).isEqualTo(Row.of(1L, "A", "B"));
      assertThat(c.table()).isEqualTo(LAYOUT.table());
      assertThat(c.layoutVersion()).isEqualTo(5);
    }
  }

  @Test
  void decode_positionBeyondLayout_isCdc3003NamingIt() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class,
              () ->
                  decoder.decode(
                      mismatch(
                          Operation.INSERT,
                          "insert into \"UNKNOWN\".\"OBJ# 73200\"(\"COL 1\",\"COL 4\") values (HEXTORAW('c102'),HEXTORAW('41'));")));
      assertThat(e.code()).isEqualTo("CDC-3003");
      assertThat(e.column()).isEqualTo("COL 4");
      assertThat(e.getMessage())
          .contains(
              "Column \"COL 4\" is position 4, but S.G layout version 5 has no column there (3 columns)");
    }
  }

  @Test
  void decode_malformedBytes_isCdc3002NamingTheColumnAndLength() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class,
              () ->
                  decoder.decode(
                      mismatch(
                          Operation.DELETE,
                          "delete from \"UNKNOWN\".\"OBJ# 73200\" where \"COL 1\" = HEXTORAW('c102') and \"COL 3\" = HEXTORAW('c3a');")));
      assertThat(e.code()).isEqualTo("CDC-3002");
      assertThat(e.column()).isEqualTo("NOTE");
      assertThat(e.getMessage()).contains("HEXTORAW has an odd number of hex digits (3)");
    }
  }

  @Test
  void decode_numberWithBadDigitByte_messageSaysWhichByte() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class,
              () ->
                  decoder.decode(
                      mismatch(
                          Operation.INSERT,
                          "insert into \"UNKNOWN\".\"OBJ# 73200\"(\"COL 1\") values (HEXTORAW('c20265'));")));
      assertThat(e.code()).isEqualTo("CDC-3002");
      assertThat(e.column()).isEqualTo("ID");
      assertThat(e.getMessage())
          .contains("NUMBER byte 3 (65) is not a base-100 digit of a positive number");
    }
  }

  @Test
  void decode_excludedColumnBytes_areSkippedAndBlankedInExcerpts() {
    try (RedoDecoder decoder =
        RedoDecoder.builder().excludeColumns(List.of("S.G.SECRET")).build()) {
      Change ok =
          decoder.decode(
              mismatch(
                  Operation.INSERT,
                  "insert into \"UNKNOWN\".\"OBJ# 73200\"(\"COL 1\","
                      + "\"COL 2\",\"COL 3\") values (HEXTORAW('c102'),HEXTORAW('"
                      + SECRET_HEX
                      + "'),NULL);"));
      assertThat(ok.after()).isEqualTo(Row.of(1L, Absent.EXCLUDED, null));
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class,
              () ->
                  decoder.decode(
                      mismatch(
                          Operation.INSERT,
                          "insert into \"UNKNOWN\".\"OBJ# 73200\"(\"COL 1\",\"COL 2\",\"COL 3\") values (HEXTORAW('c102'),"
                              + "HEXTORAW('"
                              + SECRET_HEX
                              + "'),HEXTORAW('zz'));")));
      assertThat(e.column()).isEqualTo("NOTE");
      assertThat(e.excerpt())
          .contains("HEXTORAW('c102'),***,HEXTORAW('zz')")
          .doesNotContain(SECRET_HEX);
      assertThat(e.getMessage()).doesNotContain(SECRET_HEX);
    }
  }

  @Test
  void decode_statusZeroWithMismatchText_decodesTheSame() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      DecodeInput row =
          DecodeInput.of(
              Operation.UPDATE,
              "update \"UNKNOWN\".\"OBJ# 1\" set \"COL 3\" = HEXTORAW('6e6577') "
                  + "where \"COL 1\" = HEXTORAW('c102') and \"COL 3\" IS NULL and ROWID = 'AAAR32AAHAAAAFbAAA';",
              LAYOUT,
              Scn.of(9),
              RedoAddress.start(1),
              0,
              null,
              Instant.EPOCH);
      Change c = decoder.decode(row);
      assertThat(c.before()).isEqualTo(Row.of(1L, Absent.NOT_LOGGED, null));
      assertThat(c.after()).isEqualTo(Row.of(1L, Absent.NOT_LOGGED, "new"));
      assertThat(c.rowId()).isEqualTo("AAAR32AAHAAAAFbAAA");
    }
  }

  @Test
  void decode_flaggedRowNamingTheTable_isRefusedWithCdc3003() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class,
              () ->
                  decoder.decode(
                      mismatch(Operation.INSERT, "insert into \"S\".\"G\"(\"ID\") values ('1');")));
      assertThat(e.code()).isEqualTo("CDC-3003");
      assertThat(e.getMessage())
          .contains(
              "LogMiner marks the row STATUS 2 (Dictionary Mismatch) but names \"S\".\"G\" instead of an OBJ# with raw values");
    }
  }
}
