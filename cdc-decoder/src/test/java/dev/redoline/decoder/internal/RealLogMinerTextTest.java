package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Text seen in real LogMiner output that the simulator does not write (issue 16 item 15): {@code
 * "COL n"} names on a table LogMiner knows, and single quotes it did not double, with the
 * excluded-column guarantee kept on both paths.
 */
class RealLogMinerTextTest {

  private static final String SENTINEL = "SENT'INEL-77c1";

  private static final TableLayout EMP =
      TableLayout.builder(TableId.of("HR", "EMP"), 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("SECRET", OracleType.sized(Kind.VARCHAR2, 40), true)
          .column("NOTE", OracleType.sized(Kind.VARCHAR2, 40), true)
          .primaryKey("ID")
          .build();

  private static DecodeInput row(Operation op, String text, TableLayout layout) {
    return DecodeInput.of(
        op, text, layout, Scn.of(1), RedoAddress.start(1), 0, null, Instant.EPOCH);
  }

  @Test
  void colNames_ofAKnownTable_resolveInTheLayoutOfTheRowsTime() {
    TableLayout before =
        TableLayout.builder(TableId.of("S", "T"), 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NAME", OracleType.sized(Kind.VARCHAR2, 20), true)
            .build();
    // version 2: NAME dropped and FLAGS added; position 2 is now a RAW column
    TableLayout after =
        TableLayout.builder(TableId.of("S", "T"), 2)
            .column("ID", OracleType.number(10, 0), false)
            .column("FLAGS", OracleType.sized(Kind.RAW, 4), true)
            .build();
    String text =
        "insert into \"S\".\"T\"(\"COL 1\",\"COL 2\") values (HEXTORAW('c102'),HEXTORAW('41'));";
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      Change old = decoder.decode(row(Operation.INSERT, text, before));
      Change now = decoder.decode(row(Operation.INSERT, text, after));
      assertThat(old.after().get(1)).isEqualTo("A");
      assertThat(now.after().get(1)).isEqualTo(Bytes.fromHex("41"));
      assertThat(now.layoutVersion()).isEqualTo(2);
    }
  }

  @Test
  void colName_ofAnExcludedColumn_isExcludedAndItsBytesNeverConverted() {
    // "zz" is not hex: converting it would fail, so a decoded row proves the bytes were skipped
    String text =
        "insert into \"HR\".\"EMP\"(\"ID\",\"COL 2\",\"NOTE\") values ('1',HEXTORAW('zz'),'n');";
    try (RedoDecoder decoder =
        RedoDecoder.builder().excludeColumns(List.of("HR.EMP.SECRET")).build()) {
      Change c = decoder.decode(row(Operation.INSERT, text, EMP));
      assertThat(c.after().get(1)).isEqualTo(Absent.EXCLUDED);
      assertThat(c.after().get(2)).isEqualTo("n");
    }
  }

  @Test
  void unescapedQuote_inAnExcludedValue_strictly_isCdc3005ShowingNoneOfIt() {
    String text =
        "insert into \"HR\".\"EMP\"(\"ID\",\"SECRET\",\"NOTE\") values ('1','"
            + SENTINEL
            + "','n');";
    try (RedoDecoder decoder =
        RedoDecoder.builder().excludeColumns(List.of("HR.EMP.SECRET")).build()) {
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class, () -> decoder.decode(row(Operation.INSERT, text, EMP)));
      assertThat(e.code()).isEqualTo("CDC-3005");
      assertThat(e.excerpt()).endsWith("values ('1',");
      assertThat(e.getMessage()).doesNotContain("SENT").doesNotContain("INEL");
    }
  }

  @Test
  void unescapedQuoteBeforeABlank_inAnExcludedValue_strictly_isCdc3005WithTheValueMasked() {
    // the quote is followed by a blank, so the literal is first taken as closed there
    String text =
        "update \"HR\".\"EMP\" set \"NOTE\" = 'n' where \"ID\" = '1' and \"SECRET\" = 'SENT' INEL-77c1';";
    try (RedoDecoder decoder =
        RedoDecoder.builder().excludeColumns(List.of("HR.EMP.SECRET")).build()) {
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class, () -> decoder.decode(row(Operation.UPDATE, text, EMP)));
      assertThat(e.code()).isEqualTo("CDC-3005");
      assertThat(e.offset()).isEqualTo(text.indexOf("' INEL"));
      assertThat(e.excerpt()).endsWith("\"SECRET\" = ***").doesNotContain("SENT");
      assertThat(e.getMessage()).doesNotContain("SENT").doesNotContain("INEL");
    }
  }

  @Test
  void unescapedQuote_inAnExcludedValue_relaxed_isSkippedWhole() {
    String text =
        "insert into \"HR\".\"EMP\"(\"ID\",\"SECRET\",\"NOTE\") values ('1','"
            + SENTINEL
            + "','n');";
    try (RedoDecoder decoder =
        RedoDecoder.builder()
            .excludeColumns(List.of("HR.EMP.SECRET"))
            .relaxedQuotes(true)
            .build()) {
      Change c = decoder.decode(row(Operation.INSERT, text, EMP));
      assertThat(c.after().get(1)).isEqualTo(Absent.EXCLUDED);
      assertThat(c.after().get(2)).isEqualTo("n");
      assertThat(c.toString()).doesNotContain("INEL");
    }
  }

  @Test
  void unescapedQuote_afterAnExcludedValue_strictly_masksTheExcludedOne() {
    String text =
        "insert into \"HR\".\"EMP\"(\"ID\",\"SECRET\",\"NOTE\") values ('1','SENTINEL','O'Brien');";
    try (RedoDecoder decoder =
        RedoDecoder.builder().excludeColumns(List.of("HR.EMP.SECRET")).build()) {
      DecodeException e =
          catchThrowableOfType(
              DecodeException.class, () -> decoder.decode(row(Operation.INSERT, text, EMP)));
      assertThat(e.code()).isEqualTo("CDC-3005");
      assertThat(e.excerpt()).contains("***").doesNotContain("SENTINEL");
      assertThat(e.getMessage()).doesNotContain("SENTINEL");
    }
  }

  @Test
  void fromConfig_readsTheBooleanAndQuoteSettings() {
    CdcConfig config =
        CdcConfig.from(
            Map.of(
                "cdc.database.url",
                "jdbc:redoline:sim:demo",
                "cdc.tables.include",
                "S.*",
                "cdc.number.one.as.boolean",
                "true",
                "cdc.decode.relaxed.quotes",
                "true"));
    TableLayout layout =
        TableLayout.builder(TableId.of("S", "B"), 1)
            .column("ACTIVE", OracleType.number(1, 0), true)
            .column("NAME", OracleType.sized(Kind.VARCHAR2, 20), true)
            .build();
    try (RedoDecoder decoder = RedoDecoder.fromConfig(config)) {
      Change c =
          decoder.decode(
              row(
                  Operation.INSERT,
                  "insert into \"S\".\"B\"(\"ACTIVE\",\"NAME\") values ('1','O'Neil');",
                  layout));
      assertThat(c.after().get(0)).isEqualTo(Boolean.TRUE);
      assertThat(c.after().get(1)).isEqualTo("O'Neil");
    }
  }
}
