package dev.redoline.logminer.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.RedoAddress;
import dev.redoline.logminer.internal.MiningQuery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MiningSqlTest {

  private static final String SELECT =
      "SELECT SCN, START_SCN, COMMIT_SCN, TIMESTAMP, START_TIMESTAMP,"
          + " COMMIT_TIMESTAMP, XIDUSN, XIDSLT, XIDSQN, OPERATION_CODE, OPERATION, ROLLBACK, SEG_OWNER, TABLE_NAME, ROW_ID,"
          + " USERNAME, THREAD#, RS_ID, SSN, CSF, DATA_OBJ#, DATA_OBJV#, DATA_OBJD#, SQL_REDO,"
          + " INFO, STATUS, SRC_CON_NAME, SRC_CON_ID, SRC_CON_UID FROM V$LOGMNR_CONTENTS";

  private static String markers(int n) {
    return String.join(", ", Collections.nCopies(n, "?"));
  }

  private static String triples(int n) {
    return String.join(", ", Collections.nCopies(n, "(?, ?, ?)"));
  }

  private static String pairs(int n) {
    return String.join(", ", Collections.nCopies(n, "(?, ?)"));
  }

  @Test
  void of_cursorsUsersObjects_pinsTextAndBinds() {
    MiningQuery q =
        MiningQuery.builder()
            .capture(3, Set.of(73207, 73206))
            .capture(4, Set.of(500))
            .cursor(RedoAddress.parseRsId(2, " 0x000009.00000010.0020 "))
            .cursor(RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "))
            .excludeUser("GGADMIN")
            .build();

    MiningSql sql = MiningSql.of(q);

    assertThat(sql.text())
        .isEqualTo(
            SELECT
                + " WHERE (THREAD# NOT IN (?, ?)"
                + " OR THREAD# = ? AND (RBASQN > ? OR RBASQN = ? AND (RBABLK > ? OR RBABLK = ? AND RBABYTE > ?))"
                + " OR THREAD# = ? AND (RBASQN > ? OR RBASQN = ? AND (RBABLK > ? OR RBABLK = ? AND RBABYTE > ?)))"
                + " AND (OPERATION_CODE = 34 OR OPERATION = 'CORRUPTED_BLOCKS' OR OPERATION_CODE IN (6, 7, 27, 36) AND ? = 1"
                + " OR OPERATION_CODE = 5 AND ? = 1"
                + " OR OPERATION_CODE NOT IN (5, 6, 7, 27, 36) AND (? = 0 OR USERNAME IS NULL OR USERNAME NOT IN ("
                + markers(8)
                + "))"
                + " AND (? = 1 OR (NVL(SRC_CON_ID, 0), DATA_OBJ#) IN ("
                + pairs(8)
                + ")"
                + " OR (NVL(SRC_CON_ID, 0), SEG_OWNER, TABLE_NAME) IN ("
                + triples(8)
                + ")))");
    List<Object> expected =
        new ArrayList<>(
            List.of(1, 2, 1, 7L, 7L, 100909L, 100909L, 156, 2, 9L, 9L, 16L, 16L, 32, 1, 1, 1));
    expected.addAll(Collections.nCopies(8, "GGADMIN"));
    expected.addAll(List.of(0, 3, 73206, 3, 73207, 4, 500));
    for (int i = 0; i < 5; i++) {
      expected.addAll(List.of(4, 500)); // padded with the last pair
    }
    for (int i = 0; i < 8; i++) {
      expected.addAll(List.of(-1, "-", "-")); // no table named: a name no table has
    }
    assertThat(sql.binds()).containsExactlyElementsOf(expected);
    assertThat(sql.text().chars().filter(c -> c == '?').count()).isEqualTo(sql.binds().size());
  }

  @Test
  void of_noCursorNoUserNothingCaptured_keepsShapeWithFlagsAndNeverMatchingPair() {
    MiningQuery q = MiningQuery.builder().transactionControl(false).ddl(false).build();

    MiningSql sql = MiningSql.of(q);

    assertThat(sql.text())
        .isEqualTo(
            SELECT
                + " WHERE (OPERATION_CODE = 34 OR OPERATION = 'CORRUPTED_BLOCKS'"
                + " OR OPERATION_CODE IN (6, 7, 27, 36) AND ? = 1"
                + " OR OPERATION_CODE = 5 AND ? = 1"
                + " OR OPERATION_CODE NOT IN (5, 6, 7, 27, 36) AND (? = 0 OR USERNAME IS NULL OR USERNAME NOT IN ("
                + markers(8)
                + "))"
                + " AND (? = 1 OR (NVL(SRC_CON_ID, 0), DATA_OBJ#) IN ("
                + pairs(8)
                + ")"
                + " OR (NVL(SRC_CON_ID, 0), SEG_OWNER, TABLE_NAME) IN ("
                + triples(8)
                + ")))");
    List<Object> expected = new ArrayList<>(List.of(0, 0, 0));
    expected.addAll(Collections.nCopies(8, "-"));
    expected.add(0);
    for (int i = 0; i < 8; i++) {
      expected.addAll(List.of(-1, -1));
    }
    for (int i = 0; i < 8; i++) {
      expected.addAll(List.of(-1, "-", "-"));
    }
    assertThat(sql.binds()).containsExactlyElementsOf(expected);
  }

  @Test
  void of_captureAllObjects_setsTheFlagWithoutChangingTheShape() {
    MiningSql all = MiningSql.of(MiningQuery.builder().captureAllObjects().build());
    MiningSql none = MiningSql.of(MiningQuery.builder().build());

    assertThat(all.text()).isEqualTo(none.text());
    assertThat(all.binds().get(11)).isEqualTo(1);
    assertThat(none.binds().get(11)).isEqualTo(0);
  }

  @Test
  void of_lobRowsOff_leavesTheirCodesOutOfTheDmlBranchOnly() {
    MiningSql on = MiningSql.of(MiningQuery.builder().capture(0, Set.of(1)).build());
    MiningSql off =
        MiningSql.of(MiningQuery.builder().capture(0, Set.of(1)).lobRows(false).build());

    assertThat(on.text()).doesNotContain("OPERATION_CODE NOT IN (9");
    assertThat(off.text())
        .isEqualTo(
            on.text()
                .replace(
                    " AND (? = 1 OR",
                    " AND OPERATION_CODE NOT IN (9, 10, 11, 28, 29, 68, 70, 71, 91, 92, 93) AND (? = 1 OR"));
    assertThat(off.binds()).isEqualTo(on.binds());
  }

  @Test
  void of_sameListSizeBucket_sameText() {
    MiningSql two = MiningSql.of(MiningQuery.builder().capture(0, Set.of(1, 2)).build());
    MiningSql eight =
        MiningSql.of(MiningQuery.builder().capture(0, Set.of(1, 2, 3, 4, 5, 6, 7, 8)).build());
    MiningSql nine =
        MiningSql.of(MiningQuery.builder().capture(0, Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9)).build());

    assertThat(two.text()).isEqualTo(eight.text());
    assertThat(nine.text()).contains("DATA_OBJ#) IN (" + pairs(64) + ")");
  }

  @Test
  void b9_seventyThousandPartitions_statementSizeDoesNotGrowWithThePartitions() {
    MiningQuery.CapturedTable sales = new MiningQuery.CapturedTable(3, "DWH", "SALES");
    MiningSql thousand =
        MiningSql.of(MiningQuery.builder().capture(3, ids(1000)).captureByName(sales).build());
    MiningSql more =
        MiningSql.of(MiningQuery.builder().capture(3, ids(1001)).captureByName(sales).build());
    MiningSql seventyThousand =
        MiningSql.of(MiningQuery.builder().capture(3, ids(70_000)).captureByName(sales).build());

    assertThat(thousand.text()).contains("DATA_OBJ#) IN (" + pairs(1000) + ")");
    // Past a thousand partitions the table's name carries the capture; only rows LogMiner cannot
    // name (Dictionary Mismatch, recycle bin) are asked for without a name, and sorted by
    // DATA_OBJ#.
    assertThat(more.text())
        .doesNotContain("DATA_OBJ#) IN")
        .contains(
            "(? = 1 OR (SEG_OWNER = 'UNKNOWN'"
                + " OR TABLE_NAME LIKE 'BIN$%') OR (NVL(SRC_CON_ID, 0), SEG_OWNER, TABLE_NAME) IN ("
                + triples(8)
                + ")))");
    assertThat(seventyThousand.text()).isEqualTo(more.text());
    assertThat(seventyThousand.binds()).isEqualTo(more.binds()).hasSizeLessThan(50);
  }

  private static Set<Integer> ids(int n) {
    Set<Integer> ids = new HashSet<>();
    for (int i = 1; i <= n; i++) {
      ids.add(i);
    }
    return ids;
  }

  @Test
  void of_moreThanAThousandUsers_joinsTheListsWithAnd() {
    MiningQuery.Builder b = MiningQuery.builder();
    for (int i = 0; i < 1001; i++) {
      b.excludeUser(String.format("U%04d", i));
    }

    MiningSql sql = MiningSql.of(b.build());

    assertThat(sql.text())
        .contains(
            "USERNAME NOT IN (" + markers(1000) + ") AND USERNAME NOT IN (" + markers(8) + "))");
  }

  @Test
  void of_userNamesAreBindsNeverText() {
    MiningSql sql = MiningSql.of(MiningQuery.builder().excludeUser("X' OR '1'='1").build());

    assertThat(sql.text()).doesNotContain("X'");
    assertThat(sql.binds()).contains("X' OR '1'='1");
  }

  @Test
  void paddedSize_choosesTheSmallestBucket() {
    assertThat(MiningSql.paddedSize(1)).isEqualTo(8);
    assertThat(MiningSql.paddedSize(8)).isEqualTo(8);
    assertThat(MiningSql.paddedSize(9)).isEqualTo(64);
    assertThat(MiningSql.paddedSize(65)).isEqualTo(256);
    assertThat(MiningSql.paddedSize(1000)).isEqualTo(1000);
    assertThatThrownBy(() -> MiningSql.paddedSize(1001))
        .hasMessage("a list holds at most 1000 values: 1001");
  }
}
