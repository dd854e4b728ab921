package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;

/**
 * The DML rows a real Oracle Database 23 Free gives a table with CLOB, NCLOB or BLOB columns, as
 * LogMiner recorded them in the public rophy/OpenLogReplicator suite ({@code lob-operations}
 * scenario, {@code logminer-reference.json}), unless {@link Settings#lobValuesInline()} asks for
 * the simulator's earlier forms:
 *
 * <pre>
 * INSERT INTO T VALUES (1, 'Short CLOB text', HEXTORAW('AABBCCDD'), 'small-inline')
 *   insert ... values ('1',EMPTY_CLOB(),EMPTY_BLOB(),'small-inline');        every LOB a marker
 *   update ... set "COL_CLOB" = 'Short CLOB text', "COL_BLOB" = HEXTORAW('aabbccdd')
 *          where "ID" = '1' and "COL_LABEL" = 'small-inline';               same or later SCN
 * INSERT INTO T VALUES (3, NULL, NULL, 'null-lobs')  the same, the UPDATE setting both NULL
 * UPDATE T SET col_clob = 'Updated CLOB text', col_label = 'updated' WHERE id = 1
 *   update ... set "COL_LABEL" = 'updated' where "ID" = '1' and "COL_LABEL" = 'small-inline';
 *   update ... set "COL_CLOB" = 'Updated CLOB text' where "ID" = '1' and "COL_LABEL" = 'updated';
 * UPDATE T SET col_clob = 'Was null, ...', col_blob = HEXTORAW('DEADBEEF') WHERE id = 3  (both NULL)
 *   update ... set "COL_CLOB" = EMPTY_CLOB(), "COL_BLOB" = EMPTY_BLOB() where ...;
 *   update ... set "COL_CLOB" = 'Was null, ...', "COL_BLOB" = HEXTORAW('deadbeef') where ...;
 * </pre>
 *
 * The two UPDATE rows of one statement share one SCN. A value stored out of line (4,000 bytes or
 * more) is never in these UPDATE rows: its locator and writes follow, as before. XMLTYPE, JSON and
 * extended strings keep their own forms.
 */
final class LobDmlForms {

  private LobDmlForms() {}

  /** Whether DML of {@code layout}'s table takes these forms. */
  static boolean applies(Settings settings, TableLayout layout) {
    if (settings.lobValuesInline()) {
      return false;
    }
    for (int i = 0; i < layout.columns().size(); i++) {
      if (SimLob.isLob(layout.column(i).type())) {
        return true;
      }
    }
    return false;
  }

  /** The INSERT row's values: every CLOB, NCLOB and BLOB column as its marker. */
  static Row insertImage(TableLayout layout, Object[] stored) {
    Row shown = SimLob.forRedo(layout, stored);
    Row.Builder b = shown.toBuilder();
    for (int i = 0; i < stored.length; i++) {
      if (SimLob.isLob(layout.column(i).type())) {
        b.set(i, SimLob.marker(layout.column(i).type()));
      }
    }
    return b.build();
  }

  /**
   * Whether column {@code i}'s value is a CLOB, NCLOB or BLOB its LOB_WRITE rows carry (stored out
   * of line), not XMLTYPE or an extended string, which have rows of their own.
   */
  static boolean writtenOutOfRow(TableLayout layout, Object[] stored, int i) {
    return SimLob.isLob(layout.column(i).type())
        && SimLob.outOfLine(layout.column(i).type(), stored[i]);
  }

  /**
   * An INSERT's {@code image} without the columns whose values its writes carry ({@link
   * Settings#basicFileInsertsWithoutOutOfRowLobs()}): its SQL_REDO leaves them out.
   */
  static Row withoutOutOfRowLobs(TableLayout layout, Object[] stored, Row image) {
    Row.Builder b = Row.builder(image.size());
    for (int i = 0; i < image.size(); i++) {
      if (image.isPresent(i) && !writtenOutOfRow(layout, stored, i)) {
        b.set(i, image.get(i));
      }
    }
    return b.build();
  }

  /**
   * The columns the UPDATE after the INSERT sets: the LOB columns whose value is NULL or stored in
   * the row (an empty LOB already is what the INSERT shows; an out-of-line one comes by writes).
   * Null when there is none.
   */
  static boolean[] setAfterInsert(TableLayout layout, Object[] stored) {
    boolean[] set = new boolean[stored.length];
    boolean any = false;
    for (int i = 0; i < stored.length; i++) {
      set[i] =
          SimLob.isLob(layout.column(i).type())
              && !SimLob.shownAsMarker(layout.column(i).type(), stored[i]);
      any |= set[i];
    }
    return any ? set : null;
  }

  /**
   * The columns of an UPDATE's two rows, or null when it is one row: {@code first} holds the other
   * columns and the LOB columns that were NULL (shown as their marker), {@code second} the LOB
   * columns.
   */
  @SuppressWarnings("ArrayRecordComponent") // masks handed from one method to the next
  record TwoRows(boolean[] first, boolean[] second, boolean[] wasNull) {

    /** The first row's values: the other columns' new values, a marker for a LOB that was NULL. */
    Row firstValues(TableLayout layout, Row newValues) {
      Row.Builder b = Row.builder(first.length);
      for (int i = 0; i < first.length; i++) {
        if (wasNull[i]) {
          b.set(i, SimLob.marker(layout.column(i).type()));
        } else if (first[i]) {
          b.set(i, newValues.get(i));
        }
      }
      return b.build();
    }

    /** The row as the second row's WHERE clause sees it: the first row's new values applied. */
    Object[] afterFirst(Object[] old, Row newValues) {
      Object[] out = old.clone();
      for (int i = 0; i < out.length; i++) {
        if (first[i] && !wasNull[i]) {
          out[i] = newValues.get(i);
        }
      }
      return out;
    }
  }

  /**
   * How an UPDATE setting the columns {@code inDml} of a row whose values were {@code old} comes:
   * two rows when it sets a LOB column and another column, or a LOB column that was NULL to a
   * value; otherwise null (one row).
   */
  static TwoRows split(
      Settings settings, TableLayout layout, boolean[] inDml, Object[] old, Row newValues) {
    if (!applies(settings, layout)) {
      return null;
    }
    boolean[] first = new boolean[inDml.length];
    boolean[] second = new boolean[inDml.length];
    boolean[] wasNull = new boolean[inDml.length];
    boolean lob = false;
    boolean splits = false;
    for (int i = 0; i < inDml.length; i++) {
      if (!inDml[i]) {
        continue;
      }
      if (SimLob.isLob(layout.column(i).type())) {
        second[i] = true;
        lob = true;
        wasNull[i] = old[i] == null && newValues.get(i) != null;
        first[i] = wasNull[i];
        splits |= wasNull[i];
      } else {
        first[i] = true;
        splits = true;
      }
    }
    return lob && splits ? new TwoRows(first, second, wasNull) : null;
  }

  /** {@code values} restricted to the columns of {@code mask}, the others absent. */
  static Row only(boolean[] mask, Row values) {
    Row.Builder b = Row.builder(mask.length);
    for (int i = 0; i < mask.length; i++) {
      if (mask[i] && values.isPresent(i)) {
        b.set(i, values.get(i));
      }
    }
    return b.build();
  }
}
