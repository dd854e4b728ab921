package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedoDecoderTest {

  private static final TableLayout LAYOUT =
      TableLayout.builder(new TableId("PDB1", "S", "T"), 7)
          .column("ID", OracleType.number(10, 0), false)
          .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
          .build();
  private static final RedoAddress ADDRESS = RedoAddress.parseRsId(2, " 0x000007.00018a2d.009c ");
  private static final Instant TIME = Instant.parse("2024-02-14T10:00:00Z");

  private static DecodeInput insert(int id) {
    return DecodeInput.of(
        Operation.INSERT,
        "insert into \"S\".\"T\"(\"ID\",\"NAME\") values ('" + id + "','n" + id + "');",
        LAYOUT,
        Scn.of(1000 + id),
        ADDRESS,
        id % 5,
        "AAAR32AAHAAAAFbAAA",
        TIME);
  }

  @Test
  void decode_carriesRowMetadataIntoChange() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      Change c = decoder.decode(insert(3));
      assertThat(c.table()).isEqualTo(LAYOUT.table());
      assertThat(c.layoutVersion()).isEqualTo(7);
      assertThat(c.scn()).isEqualTo(Scn.of(1003));
      assertThat(c.address()).isEqualTo(ADDRESS);
      assertThat(c.ssn()).isEqualTo(3);
      assertThat(c.rowId()).isEqualTo("AAAR32AAHAAAAFbAAA");
      assertThat(c.timestamp()).isEqualTo(TIME);
      assertThat(c.after()).isEqualTo(Row.of(3L, "n3"));
    }
  }

  @Test
  void decode_rowIdColumnWinsOverTextRowId() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      Change c =
          decoder.decode(
              DecodeInput.of(
                  Operation.DELETE,
                  "delete from \"S\".\"T\" where \"ID\" = '1' and ROWID = 'AAAR32AAHAAAAFbAAB';",
                  LAYOUT,
                  Scn.of(1),
                  ADDRESS,
                  0,
                  "AAAR32AAHAAAAFbAAC",
                  TIME));
      assertThat(c.rowId()).isEqualTo("AAAR32AAHAAAAFbAAC");
    }
  }

  @Test
  void decodeAll_largeStepOnTwoThreads_keepsInputOrderAndIsolatesBadRows() {
    List<DecodeInput> rows = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      rows.add(
          i == 500
              ? DecodeInput.of(
                  Operation.INSERT,
                  "insert into \"S\".\"T\"(\"ID\") values ('x');",
                  LAYOUT,
                  Scn.of(1),
                  ADDRESS,
                  0,
                  null,
                  TIME)
              : insert(i));
    }
    try (RedoDecoder parallel = RedoDecoder.builder().decodeThreads(2).build();
        RedoDecoder serial = RedoDecoder.builder().build()) {
      List<DecodeResult> results = parallel.decodeAll(rows);
      assertThat(results).hasSize(1_000);
      for (int i = 0; i < 1_000; i++) {
        if (i == 500) {
          assertThat(results.get(i).error().errorCode()).isEqualTo(ErrorCode.VALUE_NOT_CONVERTIBLE);
        } else {
          assertThat(results.get(i).change().scn()).isEqualTo(Scn.of(1000 + i));
        }
      }
      assertThat(serial.decodeAll(rows))
          .hasSize(1_000)
          .extracting(r -> r.isChange() ? r.change().after() : null)
          .isEqualTo(results.stream().map(r -> r.isChange() ? r.change().after() : null).toList());
    }
  }

  @Test
  void decodeAll_smallStep_runsOnCallerThread() {
    try (RedoDecoder decoder = RedoDecoder.builder().decodeThreads(2).build()) {
      List<DecodeResult> results = decoder.decodeAll(List.of(insert(1), insert(2)));
      assertThat(results).extracting(r -> r.change().after().get(0)).containsExactly(1L, 2L);
    }
  }

  @Test
  void decode_afterClose_stillDecodesOnCallerThread() {
    RedoDecoder decoder = RedoDecoder.builder().decodeThreads(2).build();
    decoder.close();
    assertThat(decoder.decode(insert(1)).after().get(1)).isEqualTo("n1");
  }

  @Test
  void decode_status3_isRedoNotReliableWithoutExcerpt() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      assertThatThrownBy(
              () -> decoder.decode(insert(1).withStatus(3, "no supplemental log data found")))
          .isInstanceOfSatisfying(
              DecodeException.class,
              e -> {
                assertThat(e.errorCode()).isEqualTo(ErrorCode.REDO_NOT_RELIABLE);
                assertThat(e.detail())
                    .isEqualTo(
                        "LogMiner marks the row STATUS 3 (no supplemental log data found) [table=PDB1.S.T]");
                assertThat(e.excerpt()).isNull();
              });
    }
  }

  @Test
  void decode_malformed_reportsOffsetAndExcerpt() {
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      assertThatThrownBy(
              () ->
                  decoder.decode(
                      DecodeInput.of(
                          Operation.INSERT,
                          "insert into \"S\".\"T\"(\"ID\") values ('1'",
                          LAYOUT,
                          Scn.of(1),
                          ADDRESS,
                          0,
                          null,
                          TIME)))
          .isInstanceOfSatisfying(
              DecodeException.class,
              e -> {
                assertThat(e.errorCode()).isEqualTo(ErrorCode.MALFORMED_REDO_SQL);
                assertThat(e.offset()).isEqualTo(37);
                assertThat(e.detail())
                    .isEqualTo(
                        "1 columns are listed but a value follows the last one, or found the end "
                            + "of the text [table=PDB1.S.T, offset=37, near 'insert into \"S\".\"T\"(\"ID\") values ('1'']");
              });
    }
  }

  @Test
  void builder_rejectsBadSettings() {
    assertThatThrownBy(() -> RedoDecoder.builder().decodeThreads(0))
        .hasMessage("decodeThreads must be in [1, 64]: 0");
    assertThatThrownBy(() -> RedoDecoder.builder().excludeColumns(List.of("HR.SSN")))
        .hasMessageStartingWith(
            "Not a column pattern: 'HR.SSN' (expected [PDB.]SCHEMA.TABLE.COLUMN");
    assertThatThrownBy(() -> RedoDecoder.builder().excludeColumns(null))
        .hasMessage("patterns == null");
    assertThatThrownBy(
            () -> DecodeInput.of(Operation.TRUNCATE, "", LAYOUT, Scn.of(1), ADDRESS, 0, null, TIME))
        .hasMessageStartingWith("operation must be INSERT, UPDATE or DELETE: TRUNCATE");
  }

  @Test
  void redoRow_toString_hidesText() {
    assertThat(insert(1).toString()).doesNotContain("n1").contains("sqlRedo=");
  }

  @Test
  void exclusions_globMatchesWithinOnePart() {
    assertThat(ColumnExclusions.matches("*", "")).isTrue();
    assertThat(ColumnExclusions.matches("CARD*NO", "CARD_NO")).isTrue();
    assertThat(ColumnExclusions.matches("*SSN*", "MY_SSN_2")).isTrue();
    assertThat(ColumnExclusions.matches("A*B", "AXBY")).isFalse();
    ColumnExclusions ex = ColumnExclusions.parse(List.of("*.HR.*.SSN"));
    assertThat(ex.excludes(new TableId("PDB9", "HR", "X"), "SSN")).isTrue();
    assertThat(ex.excludes(TableId.of("HR", "X"), "SSN")).isFalse();
    assertThat(ex.excludes(new TableId("PDB9", "HR", "X"), "ssn")).isFalse();
  }
}
