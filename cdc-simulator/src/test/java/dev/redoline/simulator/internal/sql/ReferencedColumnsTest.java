package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The columns of V$LOGMNR_CONTENTS a statement can read, which are the only ones the view fills:
 * named ones (unquoted in any case, quoted exactly), never words inside string literals or
 * comments, and all of them as soon as a {@code *} appears.
 */
class ReferencedColumnsTest {

  private static List<String> read(String sql) {
    boolean[] wanted = ReferencedColumns.of(sql, ContentsView.COLUMNS);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < wanted.length; i++) {
      if (wanted[i]) {
        out.add(ContentsView.COLUMNS.get(i).name());
      }
    }
    return out;
  }

  @Test
  void namedColumns_inAnyCase_andQuoted_areRead() {
    assertThat(
            read(
                "select scn, \"SQL_REDO\" from v$logmnr_contents where Thread# = ? and rbasqn > 1"))
        .containsExactly("SCN", "THREAD#", "RBASQN", "SQL_REDO");
  }

  @Test
  void wordsInLiteralsAndComments_areNotColumns() {
    assertThat(
            read(
                "SELECT SCN FROM V$LOGMNR_CONTENTS WHERE OPERATION = 'SQL_UNDO' -- don't read INFO\n"
                    + "AND STATUS = 0"))
        .containsExactly("SCN", "OPERATION", "STATUS");
  }

  @Test
  void aStar_readsEveryColumn() {
    assertThat(read("SELECT * FROM V$LOGMNR_CONTENTS")).hasSize(ContentsView.COLUMNS.size());
    assertThat(read("SELECT C.* FROM V$LOGMNR_CONTENTS C")).contains("SQL_UNDO", "XID");
  }

  @Test
  void aQuotedColumnInAnotherCase_isAnotherName() {
    assertThat(read("SELECT \"scn\" FROM V$LOGMNR_CONTENTS")).isEmpty();
  }
}
