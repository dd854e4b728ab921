package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import java.time.Instant;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class DecodeInputTest {

  private static final TableLayout LAYOUT =
      TableLayout.builder(new TableId(null, "S", "T"), 2)
          .column("ID", OracleType.number(10, 0), false)
          .build();
  private static final RedoAddress ADDRESS = RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c ");
  private static final Instant TIME = Instant.parse("2024-02-14T10:00:00Z");

  private static RedoRow mined(int operationCode, String operation) {
    return new RedoRow(
        Scn.of(9),
        null,
        null,
        LocalDateTime.of(2024, 2, 14, 11, 0),
        null,
        null,
        new Xid(1, 2, 3),
        operationCode,
        operation,
        false,
        "S",
        "T",
        "AAAR32AAHAAAAFfAAA",
        "APP",
        ADDRESS,
        5,
        false,
        73206,
        1,
        73206,
        "update \"S\".\"T\" set \"ID\" = '2' where \"ID\" = '1';",
        null,
        null,
        0,
        null,
        null,
        null);
  }

  @Test
  void readsTheMinedRow_withTheLayoutAndInstantGivenBeside() {
    RedoRow row = mined(RedoRow.UPDATE, "UPDATE");

    DecodeInput input = new DecodeInput(row, LAYOUT, TIME);

    assertThat(input.operation()).isEqualTo(Operation.UPDATE);
    assertThat(input.sqlRedo()).isSameAs(row.sqlRedo());
    assertThat(input.rowId()).isEqualTo("AAAR32AAHAAAAFfAAA");
    assertThat(input.ssn()).isEqualTo(5);
    assertThat(input.timestamp()).isEqualTo(TIME);
  }

  @Test
  void refusesARowWithoutDml() {
    assertThatThrownBy(() -> new DecodeInput(mined(RedoRow.DDL, "DDL"), LAYOUT, TIME))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("operation must be INSERT, UPDATE or DELETE: OPERATION_CODE 5");
  }

  @Test
  void withStatus_keepsTheRowAndChangesStatusAndInfo() {
    DecodeInput made =
        DecodeInput.of(
            Operation.DELETE,
            "delete from \"S\".\"T\" where \"ID\" = '1';",
            LAYOUT,
            Scn.of(9),
            ADDRESS,
            5,
            null,
            TIME);

    DecodeInput flagged = made.withStatus(3, "no supplemental log data found");

    assertThat(flagged.status()).isEqualTo(3);
    assertThat(flagged.info()).isEqualTo("no supplemental log data found");
    assertThat(flagged.operation()).isEqualTo(Operation.DELETE);
    assertThat(flagged.sqlRedo()).isEqualTo(made.sqlRedo());
    assertThat(flagged.timestamp()).isEqualTo(TIME);
  }
}
