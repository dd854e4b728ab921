package dev.redoline.examples;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Column;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;
import dev.redoline.embedded.CommittedTransaction;
import java.math.BigDecimal;
import java.util.List;

/**
 * Writes a committed transaction as one line of JSON: what the demo prints and the Kafka example
 * sends. Columns the redo does not carry (and excluded ones) are left out of a row; SQL NULL is
 * {@code null}; numbers are JSON numbers; dates, times, intervals and markers are strings; RAW and
 * BLOB values are hex.
 *
 * <pre>{@code
 * {"xid":"0a000b0057030000","scn":"2161573","time":"2026-01-02T03:04:05Z","user":"SHOP_APP","changes":[
 *   {"op":"c","table":"SHOP.ORDERS","after":{"ID":1,"STATUS":"NEW"}}]}
 * }</pre>
 */
final class ChangeJson {

  private ChangeJson() {}

  /** The whole transaction; reads its changes (they stream once). */
  static String transaction(CommittedTransaction tx) {
    StringBuilder out = new StringBuilder(256);
    out.append("{\"xid\":");
    quote(out, tx.xid().toHex());
    out.append(",\"scn\":");
    quote(out, tx.commit().scn().toString());
    out.append(",\"time\":");
    quote(out, tx.commit().time().toString());
    out.append(",\"user\":");
    if (tx.commit().user() == null) {
      out.append("null");
    } else {
      quote(out, tx.commit().user());
    }
    out.append(",\"changes\":[");
    boolean first = true;
    for (Change change : tx.changes()) {
      if (!first) {
        out.append(',');
      }
      first = false;
      change(out, change, tx.layout(change));
    }
    return out.append("]}").toString();
  }

  /** One change as a JSON object. */
  static String change(Change change, TableLayout layout) {
    StringBuilder out = new StringBuilder(128);
    change(out, change, layout);
    return out.toString();
  }

  private static void change(StringBuilder out, Change change, TableLayout layout) {
    out.append("{\"op\":\"").append(change.operation().code()).append("\",\"table\":");
    quote(out, change.table().toString());
    if (change.before() != null) {
      out.append(",\"before\":");
      row(out, change.before(), layout.columns());
    }
    if (change.after() != null) {
      out.append(",\"after\":");
      row(out, change.after(), layout.columns());
    }
    out.append('}');
  }

  /** The primary key columns of a row image as a JSON object (all columns when there is no key). */
  static String key(Change change, TableLayout layout) {
    Row row = change.after() != null ? change.after() : change.before();
    StringBuilder out = new StringBuilder("{");
    boolean first = true;
    for (Column column : layout.columns()) {
      boolean keyed = layout.primaryKey().isEmpty() || layout.primaryKey().contains(column.name());
      if (row == null || !keyed || !row.isPresent(column.position() - 1)) {
        continue;
      }
      if (!first) {
        out.append(',');
      }
      first = false;
      quote(out, column.name());
      out.append(':');
      value(out, row.get(column.position() - 1));
    }
    return out.append('}').toString();
  }

  private static void row(StringBuilder out, Row row, List<Column> columns) {
    out.append('{');
    boolean first = true;
    for (int i = 0; i < row.size() && i < columns.size(); i++) {
      if (row.get(i) instanceof Absent) {
        continue;
      }
      if (!first) {
        out.append(',');
      }
      first = false;
      quote(out, columns.get(i).name());
      out.append(':');
      value(out, row.get(i));
    }
    out.append('}');
  }

  private static void value(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof Long || value instanceof Integer) {
      out.append(value);
    } else if (value instanceof BigDecimal d) {
      out.append(d.toPlainString());
    } else if (value instanceof Double d && Double.isFinite(d)
        || value instanceof Float f && Float.isFinite(f)) {
      out.append(value);
    } else if (value instanceof Bytes b) {
      quote(out, b.toHex());
    } else {
      quote(out, value.toString());
    }
  }

  private static void quote(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format("\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
  }
}
