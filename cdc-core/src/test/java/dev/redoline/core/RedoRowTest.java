package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class RedoRowTest {

  private static final String SECRET = "4111-1111-1111-1111";

  private static RedoRow piece(boolean csf, String sqlRedo) {
    return new RedoRow(
        Scn.of(42),
        Scn.of(40),
        Scn.of(43),
        LocalDateTime.of(2024, 2, 14, 10, 0),
        LocalDateTime.of(2024, 2, 14, 9, 59),
        LocalDateTime.of(2024, 2, 14, 10, 1),
        new Xid(3, 7, 99),
        RedoRow.INSERT,
        "INSERT",
        false,
        "SHOP",
        "CARDS",
        "AAAR32AAHAAAAFfAAA",
        "APP",
        RedoAddress.parseRsId(2, " 0x000007.00018a2d.009c "),
        4,
        csf,
        73206,
        1,
        73207,
        sqlRedo,
        "undo text",
        "info",
        0,
        "PDB1",
        3,
        12345L);
  }

  @Test
  void withSqlRedo_keepsEveryColumnButTheJoinedText() {
    RedoRow last = piece(true, "values ('" + SECRET + "');");

    RedoRow joined =
        last.withSqlRedo("insert into \"SHOP\".\"CARDS\"(\"NO\") values ('" + SECRET + "');");

    assertThat(joined.sqlRedo()).startsWith("insert into");
    assertThat(joined.csf()).isFalse();
    assertThat(joined.sqlUndo()).isNull();
    assertThat(joined)
        .usingRecursiveComparison()
        .ignoringFields("sqlRedo", "csf", "sqlUndo")
        .isEqualTo(last);
  }

  @Test
  void toString_showsNoColumnValue() {
    RedoRow row = piece(false, "insert into \"SHOP\".\"CARDS\"(\"NO\") values ('" + SECRET + "');");

    assertThat(row.toString()).doesNotContain(SECRET).contains("sqlRedo=").contains("SHOP.CARDS");
  }
}
