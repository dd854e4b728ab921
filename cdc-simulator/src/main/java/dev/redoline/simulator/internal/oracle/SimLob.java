package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.GeneratedLob;
import java.util.Arrays;

/**
 * LOB columns (CLOB, NCLOB, BLOB) of the simulated database: which values LogMiner shows inline and
 * which out of line, and what {@code DBMS_LOB.WRITE}, {@code TRIM} and {@code ERASE} do to a stored
 * value.
 *
 * <p>Lengths and offsets count characters (UTF-16 units, as CLOB and NCLOB are stored in a
 * multi-byte database) or bytes (BLOB); offsets are 1-based. As {@code DBMS_LOB} documents it, a
 * write past the end fills the hole with spaces (CLOB, NCLOB) or zero bytes (BLOB), a write over
 * existing content replaces it, an erase fills its range with the same fillers and leaves the
 * length alone, and a trim cuts the value to a length.
 */
public final class SimLob {

  /**
   * What one LOB record does: the column (layout index) it names and, for a write, the 1-based
   * offset and the data; for a trim the new length in {@code amount}; for an erase the offset and
   * the amount. A SEL_LOB_LOCATOR carries only the column (its where clause is the record's {@code
   * before}).
   */
  public record Op(int column, long offset, long amount, Object data) {}

  /**
   * The data of one LOB_WRITE of a {@link GeneratedLob}: {@code amount} bytes from the 0-based
   * {@code offset}, computed only when the row is formatted, so redo records hold no content.
   */
  public record Piece(GeneratedLob lob, long offset, int amount) {
    public Bytes bytes() {
      return Bytes.of(lob.bytes(offset, amount));
    }
  }

  /**
   * A LOB value shorter than this (in its stored bytes: UTF-16 for CLOB and NCLOB) is stored in the
   * row and LogMiner shows it inline, as a literal of the INSERT or UPDATE; a longer one is shown
   * as {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} followed by SEL_LOB_LOCATOR and LOB_WRITE rows.
   */
  static final int IN_ROW_BYTES = 4000;

  private SimLob() {}

  /** CLOB, NCLOB, BLOB: the columns DBMS_LOB calls change. */
  static boolean isLob(OracleType type) {
    OracleType.Kind k = type.kind();
    return k == OracleType.Kind.CLOB || k == OracleType.Kind.NCLOB || k == OracleType.Kind.BLOB;
  }

  /**
   * LOB columns, XMLTYPE (which Oracle stores as a LOB and LogMiner writes out of line whatever its
   * size) and extended strings (stored as a LOB past 4,000 bytes): never in a WHERE clause.
   */
  public static boolean storedAsLob(OracleType type) {
    return isLob(type) || type.kind() == OracleType.Kind.XMLTYPE || isExtended(type);
  }

  /** A VARCHAR2 or NVARCHAR2 longer than 4,000 bytes: a database with MAX_STRING_SIZE=EXTENDED. */
  static boolean isExtended(OracleType type) {
    OracleType.Kind k = type.kind();
    return (k == OracleType.Kind.VARCHAR2 || k == OracleType.Kind.NVARCHAR2)
        && type.length() > IN_ROW_BYTES;
  }

  /**
   * What the DML row shows for an extended string whose 32K rows follow
   * (docs/logminer.md#literals).
   */
  static final String EXTENDED_PLACEHOLDER = "LM_EMPTY_STRING";

  static boolean isXml(OracleType type) {
    return type.kind() == OracleType.Kind.XMLTYPE;
  }

  /** The stored size of a value of a LOB column (or of a write's data). */
  static long storedBytes(Object value) {
    return value instanceof String s ? 2L * s.length() : length(value);
  }

  /** A value with content: text, bytes, or bytes generated on demand. */
  private static boolean isContent(Object value) {
    return value instanceof String || value instanceof Bytes || value instanceof GeneratedLob;
  }

  /** Whether LogMiner shows the value of this column out of line (locator and writes). */
  static boolean outOfLine(OracleType type, Object value) {
    if (isXml(type)) {
      return value instanceof String s && !s.isEmpty();
    }
    if (isExtended(type)) {
      return value instanceof String s && extendedBytes(type, s) > IN_ROW_BYTES;
    }
    return (isLob(type) || isJson(type)) && isContent(value) && storedBytes(value) >= IN_ROW_BYTES;
  }

  /**
   * JSON, stored as OSON in a LOB: a document of 4,000 bytes or more is shown as {@code /* JSON
   * *}{@code / EMPTY_BLOB()} and written by LOB_WRITE rows as a BLOB is
   * (docs/logminer.md#literals).
   */
  static boolean isJson(OracleType type) {
    return type.kind() == OracleType.Kind.JSON;
  }

  /**
   * Whether the DML row shows {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} for the value: an empty LOB
   * (which is not NULL) or one stored out of line.
   */
  static boolean shownAsMarker(OracleType type, Object value) {
    if (isExtended(type) || isJson(type)) {
      return outOfLine(type, value);
    }
    return storedAsLob(type)
        && isContent(value)
        && (storedBytes(value) == 0 || storedBytes(value) >= IN_ROW_BYTES || isXml(type));
  }

  /**
   * The marker an out-of-line value shows as in the INSERT or UPDATE ({@code LM_EMPTY_STRING} text
   * for an extended string).
   */
  static Object marker(OracleType type) {
    if (isExtended(type)) {
      return EXTENDED_PLACEHOLDER;
    }
    return type.kind() == OracleType.Kind.BLOB || isJson(type)
        ? Marker.EMPTY_BLOB
        : Marker.EMPTY_CLOB;
  }

  /** An extended string's stored size: UTF-8 for VARCHAR2 (AL32UTF8), UTF-16 for NVARCHAR2. */
  static long extendedBytes(OracleType type, String s) {
    return type.kind() == OracleType.Kind.NVARCHAR2
        ? 2L * s.length()
        : s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
  }

  /**
   * {@code values} as the DML row shows it: empty and out-of-line LOB values replaced by their
   * markers.
   */
  static Row forRedo(TableLayout layout, Row values) {
    if (values == null) {
      return null;
    }
    Row.Builder b = null;
    for (int i = 0; i < values.size(); i++) {
      if (values.isPresent(i) && shownAsMarker(layout.column(i).type(), values.get(i))) {
        b = b == null ? values.toBuilder() : b;
        b.set(i, marker(layout.column(i).type()));
      }
    }
    return b == null ? values : b.build();
  }

  /**
   * A stored row ({@link SimTable.StoredRow#values}, which may hold a {@link GeneratedLob}) as the
   * DML row shows it; a generated LOB is always out of line, so it never reaches the {@link Row}.
   */
  static Row forRedo(TableLayout layout, Object[] values) {
    Row.Builder b = Row.builder(values.length);
    for (int i = 0; i < values.length; i++) {
      b.set(
          i,
          shownAsMarker(layout.column(i).type(), values[i])
              ? marker(layout.column(i).type())
              : values[i]);
    }
    return b.build();
  }

  /** {@link #withoutLobs(TableLayout, Row)} of a stored row. */
  static Row withoutLobs(TableLayout layout, Object[] values) {
    Row.Builder b = Row.builder(values.length);
    for (int i = 0; i < values.length; i++) {
      b.set(i, storedAsLob(layout.column(i).type()) ? Absent.NOT_LOGGED : values[i]);
    }
    return b.build();
  }

  /**
   * A stored row as a {@link Row}: a {@link GeneratedLob} is materialised as its {@link Bytes}
   * (ground truth and undo images hold content).
   *
   * @throws IllegalStateException for a generated LOB longer than {@link
   *     GeneratedLob#MAX_MATERIALISED_BYTES}
   */
  public static Row row(Object[] values) {
    Object[] out = values.clone();
    for (int i = 0; i < out.length; i++) {
      out[i] = materialised(out[i]);
    }
    return Row.of(out);
  }

  /**
   * {@code value}, with a {@link GeneratedLob} replaced by its bytes.
   *
   * @throws IllegalStateException for a generated LOB longer than {@link
   *     GeneratedLob#MAX_MATERIALISED_BYTES}, naming it and what to do instead
   */
  static Object materialised(Object value) {
    if (!(value instanceof GeneratedLob g)) {
      return value;
    }
    if (g.length() > GeneratedLob.MAX_MATERIALISED_BYTES) {
      throw new IllegalStateException(
          g
              + " is longer than GeneratedLob.MAX_MATERIALISED_BYTES ("
              + GeneratedLob.MAX_MATERIALISED_BYTES
              + "): the simulator does not hold its content; compare a consumer's "
              + "copy with GeneratedLob.sha256() and length(), and leave the row to DML that does not need its content");
    }
    return Bytes.of(g.bytes(0, (int) g.length()));
  }

  /**
   * Old values as supplemental logging shows them: LOB columns are never logged with the row (their
   * content lives in LOB segments), so their slots are {@link Absent#NOT_LOGGED}.
   */
  static Row withoutLobs(TableLayout layout, Row values) {
    Row.Builder b = values.toBuilder();
    for (int i = 0; i < values.size(); i++) {
      if (storedAsLob(layout.column(i).type())) {
        b.set(i, Absent.NOT_LOGGED);
      }
    }
    return b.build();
  }

  /**
   * The value a LOB column stores for what the workload gave: Oracle treats {@code ''} and an empty
   * RAW as NULL, and {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} as an empty LOB.
   */
  static Object stored(OracleType type, Object value) {
    if (value instanceof GeneratedLob g) {
      if (type.kind() != OracleType.Kind.BLOB) {
        throw new IllegalArgumentException(
            "a GeneratedLob is BLOB content, not a value of " + type);
      }
      return g.length() < IN_ROW_BYTES ? stored(type, materialised(g)) : g;
    }
    if (!storedAsLob(type)) {
      return value;
    }
    if (value instanceof Marker m && m != Marker.UNSUPPORTED_TYPE) {
      return type.kind() == OracleType.Kind.BLOB ? Bytes.of(new byte[0]) : "";
    }
    return (value instanceof String || value instanceof Bytes) && storedBytes(value) == 0
        ? null
        : value;
  }

  static long length(Object value) {
    return value instanceof String s
        ? s.length()
        : value instanceof Bytes b
            ? b.size()
            : value instanceof GeneratedLob g
                ? g.length()
                : value instanceof Piece p ? p.amount() : 0;
  }

  /**
   * {@code DBMS_LOB.WRITE(loc, length(data), offset, data)} applied to {@code current} (null:
   * empty). A {@link GeneratedLob} written whole into an empty BLOB stays a descriptor; any other
   * write involving one works on its materialised bytes.
   */
  static Object write(OracleType type, Object current, long offset, Object data) {
    if (data instanceof GeneratedLob g && offset == 1 && length(current) == 0) {
      return g;
    }
    current = materialised(current);
    data = materialised(data);
    if (type.kind() == OracleType.Kind.BLOB) {
      byte[] old = current instanceof Bytes b ? b.toByteArray() : new byte[0];
      byte[] add = ((Bytes) data).toByteArray();
      int end = Math.toIntExact(offset - 1 + add.length);
      byte[] out = Arrays.copyOf(old, Math.max(old.length, end));
      System.arraycopy(add, 0, out, (int) offset - 1, add.length);
      return Bytes.of(out);
    }
    String old = current instanceof String s ? s : "";
    String add = (String) data;
    StringBuilder sb = new StringBuilder(old);
    while (sb.length() < offset - 1) {
      sb.append(' ');
    }
    int from = (int) offset - 1;
    sb.replace(from, Math.min(sb.length(), from + add.length()), add);
    return sb.toString();
  }

  /** {@code DBMS_LOB.TRIM(loc, length)}. */
  static Object trim(Object current, long length) {
    if (current instanceof String s) {
      return s.substring(0, (int) Math.min(length, s.length()));
    }
    byte[] b = ((Bytes) current).toByteArray();
    return Bytes.of(Arrays.copyOf(b, (int) Math.min(length, b.length)));
  }

  /** {@code DBMS_LOB.ERASE(loc, amount, offset)}: fillers over the range, clipped to the length. */
  static Object erase(Object current, long offset, long amount) {
    if (current instanceof String s) {
      char[] c = s.toCharArray();
      Arrays.fill(
          c,
          (int) Math.min(offset - 1, c.length),
          (int) Math.min(offset - 1 + amount, c.length),
          ' ');
      return new String(c);
    }
    byte[] b = ((Bytes) current).toByteArray();
    Arrays.fill(
        b,
        (int) Math.min(offset - 1, b.length),
        (int) Math.min(offset - 1 + amount, b.length),
        (byte) 0);
    return Bytes.of(b);
  }

  /** Units [from, to) of a value; of a generated LOB, a {@link Piece} rendered when its row is. */
  static Object slice(Object value, long from, long to) {
    if (value instanceof String s) {
      return s.substring((int) from, (int) to);
    }
    if (value instanceof GeneratedLob g) {
      return new Piece(g, from, Math.toIntExact(to - from));
    }
    return Bytes.of(Arrays.copyOfRange(((Bytes) value).toByteArray(), (int) from, (int) to));
  }
}
