package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Absent;
import dev.redoline.core.Row;
import org.junit.jupiter.api.Test;

/** Contract checks of {@link SqlRedoRenderer}: bad input is refused with a message naming it. */
class SqlRedoRendererTest {

  private static final SqlRedoRenderer SQL =
      new SqlRedoRenderer(SqlRedoRenderer.RenderOptions.defaults());
  private static final Absent NL = Absent.NOT_LOGGED;
  private static final String ROWID = "AAAR32AAHAAAAFfAAA";

  @Test
  void constructor_nullOptions_isRefused() {
    assertThatThrownBy(() -> new SqlRedoRenderer(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("options == null");
  }

  @Test
  void defaults_matchTheDocumentedSession() {
    SqlRedoRenderer.RenderOptions d = SqlRedoRenderer.RenderOptions.defaults();
    assertThat(d)
        .isEqualTo(new SqlRedoRenderer.RenderOptions(false, false, "Nan", "Inf", 800, 64, true));
    assertThat(SQL.options()).isEqualTo(d);
  }

  @Test
  void insert_rowOfOtherWidth_isRefused() {
    assertThatThrownBy(() -> SQL.insert(SqlRedoGoldenTest.ORDERS, Row.of(1L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("row has 1 slots but INVENTORY.ORDERS v1 has 4 columns");
  }

  @Test
  void insert_absentColumn_isRefused() {
    assertThatThrownBy(() -> SQL.insert(SqlRedoGoldenTest.ORDERS, Row.of(1L, NL, null, null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("INSERT text lists every column, but NOTE is absent (NOT_LOGGED)");
  }

  @Test
  void update_nothingChanged_isRefused() {
    assertThatThrownBy(
            () ->
                SQL.update(
                    SqlRedoGoldenTest.ORDERS,
                    Row.of(NL, NL, NL, NL),
                    Row.of(1L, NL, NL, NL),
                    ROWID))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "An UPDATE of INVENTORY.ORDERS must change a column, but every slot of its set row is absent");
  }

  @Test
  void update_nullRowId_isRefused() {
    assertThatThrownBy(
            () ->
                SQL.update(
                    SqlRedoGoldenTest.ORDERS,
                    Row.of(NL, "x", NL, NL),
                    Row.of(1L, NL, NL, NL),
                    null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("rowId == null");
  }

  @Test
  void delete_nullBefore_isRefused() {
    assertThatThrownBy(() -> SQL.delete(SqlRedoGoldenTest.ORDERS, null, ROWID))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("before == null");
  }

  @Test
  void undoSqlOfUpdate_changedColumnWithoutOldValue_isRefused() {
    assertThatThrownBy(
            () ->
                SQL.undoSqlOfUpdate(
                    SqlRedoGoldenTest.ORDERS,
                    Row.of(NL, "new", NL, NL),
                    Row.of(1L, NL, NL, NL),
                    ROWID))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Column NOTE is changed but its old value is absent; undo needs it");
  }

  @Test
  void insertWithoutDictionary_badObjectId_isRefused() {
    assertThatThrownBy(
            () -> SQL.insertWithoutDictionary(0, SqlRedoGoldenTest.ORDERS, SqlRedoGoldenTest.ORDER))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("objectId must be 1 or more: 0");
  }

  @Test
  void undoInsert_nullTable_isRefused() {
    assertThatThrownBy(() -> SQL.undoInsert(null, ROWID))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("table == null");
  }

  @Test
  void ddl_nullStatement_isRefused() {
    assertThatThrownBy(() -> SQL.ddl(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("statement == null");
  }

  @Test
  void excludedColumn_isLeftOutOfWhereAndNeverRendered() {
    String sql = SQL.delete(SqlRedoGoldenTest.ORDERS, Row.of(1L, Absent.EXCLUDED, NL, NL), ROWID);
    assertThat(sql)
        .isEqualTo(
            "delete from \"INVENTORY\".\"ORDERS\" where \"ID\" = '1' and ROWID = '" + ROWID + "';");
  }

  @Test
  void specialTexts_areLogMinersPlaceholders() {
    assertThat(SqlRedoRenderer.TEMPORARY_TABLE_REDO)
        .isEqualTo("/* No SQL_REDO for temporary tables */");
    assertThat(SqlRedoRenderer.TEMPORARY_TABLE_UNDO)
        .isEqualTo("/* No SQL_UNDO for temporary tables */");
    assertThat(SqlRedoRenderer.DICTIONARY_VERSION_MISMATCH)
        .isEqualTo("Dictionary Version Mismatch");
  }
}
