package dev.redoline.simulator.internal.sql;

import dev.redoline.core.Absent;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A strict test-only reader of INSERT and UPDATE text in dictionary mode
 * (docs/logminer.md#statement-text), built on {@link LiteralParser}. It returns one slot per layout
 * column: the parsed value, or {@link Absent#NOT_LOGGED} for a column the statement does not name.
 */
final class SqlRedoStatementReader {

  record Update(List<Object> set, List<Object> where, String rowId) {}

  private SqlRedoStatementReader() {}

  static List<Object> insert(
      TableLayout layout, String sql, SqlRedoRenderer.RenderOptions options) {
    LiteralParser p = new LiteralParser(sql, options);
    p.expect("insert into " + layout.table().quoted() + "(");
    List<Integer> columns = new ArrayList<>();
    do {
      columns.add(column(layout, p));
    } while (p.tryExpect(","));
    p.expect(") values (");
    List<Object> values = absentSlots(layout);
    for (int i = 0; i < columns.size(); i++) {
      if (i > 0) {
        p.expect(",");
      }
      int c = columns.get(i);
      values.set(c, p.value(layout.column(c).type()));
    }
    p.expect(")");
    endStatement(p, options);
    return values;
  }

  static Update update(TableLayout layout, String sql, SqlRedoRenderer.RenderOptions options) {
    LiteralParser p = new LiteralParser(sql, options);
    p.expect("update " + layout.table().quoted() + " set ");
    List<Object> set = absentSlots(layout);
    do {
      int c = column(layout, p);
      p.expect(" = ");
      set.set(c, p.value(layout.column(c).type()));
    } while (p.tryExpect(", "));
    List<Object> where = absentSlots(layout);
    String rowId = null;
    if (p.tryExpect(" where ")) {
      do {
        if (p.tryExpect("ROWID = ")) {
          rowId = p.quoted();
        } else {
          int c = column(layout, p);
          where.set(c, p.tryExpect(" IS NULL") ? null : valueAfterEquals(p, layout, c));
        }
      } while (p.tryExpect(" and "));
    }
    endStatement(p, options);
    return new Update(set, where, rowId);
  }

  private static Object valueAfterEquals(LiteralParser p, TableLayout layout, int c) {
    p.expect(" = ");
    return p.value(layout.column(c).type());
  }

  private static int column(TableLayout layout, LiteralParser p) {
    String name = p.identifier();
    int index = layout.indexOf(name);
    if (index < 0) {
      throw p.fail("a column of " + layout.table() + ", not " + name);
    }
    return index;
  }

  private static List<Object> absentSlots(TableLayout layout) {
    return new ArrayList<>(
        Arrays.asList(new Object[layout.columns().size()]).stream()
            .map(x -> (Object) Absent.NOT_LOGGED)
            .toList());
  }

  private static void endStatement(LiteralParser p, SqlRedoRenderer.RenderOptions options) {
    if (!options.noSqlDelimiter()) {
      p.expect(";");
    }
    p.end();
  }
}
