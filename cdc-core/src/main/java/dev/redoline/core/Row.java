package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZonedDateTime;
import java.util.Arrays;

/**
 * The column values of one row image (before or after a change), aligned with the columns of the
 * {@link TableLayout} version the change was decoded with: index {@code i} is column {@code
 * layout.column(i)}.
 *
 * <p>A slot holds {@code null} for SQL NULL, an {@link Absent} when the row has no value for the
 * column, or one of the value types below. The set is closed so that every sink, the spill files
 * and the journal can represent every value; {@code docs/record-format.md} maps Oracle types to
 * them.
 *
 * <table>
 *   <caption>Value types</caption>
 *   <tr><td>{@link Long}, {@link BigDecimal}</td><td>NUMBER, FLOAT, INTEGER</td></tr>
 *   <tr><td>{@link Float}, {@link Double}</td><td>BINARY_FLOAT, BINARY_DOUBLE</td></tr>
 *   <tr><td>{@link String}</td><td>CHAR, NCHAR, VARCHAR2, NVARCHAR2, CLOB, NCLOB, LONG, ROWID, XMLTYPE,
 *       JSON (its text, as the capture delivers it)</td></tr>
 *   <tr><td>{@link LocalDateTime}</td><td>DATE, TIMESTAMP</td></tr>
 *   <tr><td>{@link OffsetDateTime}, {@link ZonedDateTime}</td><td>TIMESTAMP WITH TIME ZONE
 *       (offset or region)</td></tr>
 *   <tr><td>{@link Instant}</td><td>TIMESTAMP WITH LOCAL TIME ZONE</td></tr>
 *   <tr><td>{@link Period}, {@link Duration}</td><td>INTERVAL YEAR TO MONTH, DAY TO SECOND</td></tr>
 *   <tr><td>{@link Bytes}</td><td>RAW, BLOB, LONG RAW; JSON as the decoder reads it (OSON)</td></tr>
 *   <tr><td>{@link Boolean}</td><td>BOOLEAN (23ai), NUMBER(1) when cdc.number.one.as.boolean is set</td></tr>
 *   <tr><td>{@link VectorValue}</td><td>VECTOR (23ai)</td></tr>
 *   <tr><td>{@link StreamedLob}</td><td>CLOB, NCLOB, BLOB larger than cdc.lob.stream.threshold.bytes: the
 *       content in a file, read through a stream until the transaction is acknowledged</td></tr>
 *   <tr><td>{@link Marker}</td><td>EMPTY_CLOB(), EMPTY_BLOB(), Unsupported Type</td></tr>
 * </table>
 */
public final class Row {

  private final Object[] values;

  private Row(Object[] values) {
    this.values = values;
  }

  /**
   * A row of the given slot values, copied.
   *
   * @throws IllegalArgumentException naming the index and class of a value of another type
   */
  public static Row of(Object... values) {
    Checks.notNull(values, "values");
    Object[] copy = values.clone();
    for (int i = 0; i < copy.length; i++) {
      requireValueType(i, copy[i]);
    }
    return new Row(copy);
  }

  /** A builder of {@code size} slots, each {@link Absent#NOT_LOGGED} until set. */
  public static Builder builder(int size) {
    return new Builder(size);
  }

  /** A builder starting from this row's slots: how an UPDATE's after image overlays its before. */
  public Builder toBuilder() {
    return new Builder(values.clone());
  }

  static void requireValueType(int index, Object value) {
    if (value == null) {
      return;
    }
    Class<?> c = value.getClass();
    if (c == String.class
        || c == Long.class
        || c == BigDecimal.class
        || c == LocalDateTime.class
        || c == Absent.class
        || c == Double.class
        || c == Float.class
        || c == Bytes.class
        || c == OffsetDateTime.class
        || c == ZonedDateTime.class
        || c == Instant.class
        || c == Duration.class
        || c == Period.class
        || c == Marker.class
        || c == Boolean.class
        || c == VectorValue.class
        || c == StreamedLob.class) {
      return;
    }
    throw new IllegalArgumentException(
        "Slot "
            + index
            + " holds a "
            + c.getName()
            + ", which is not a Row value type (see the Row javadoc)");
  }

  /** The number of slots: the layout's column count. */
  public int size() {
    return values.length;
  }

  /** The slot at {@code index}: a value, {@code null} for SQL NULL, or an {@link Absent}. */
  public Object get(int index) {
    return values[index];
  }

  /** Whether the row has a value (possibly NULL) for the column at {@code index}. */
  public boolean isPresent(int index) {
    return !(values[index] instanceof Absent);
  }

  /** Why the slot is empty, or {@code null} when it holds a value. */
  public Absent absence(int index) {
    return values[index] instanceof Absent a ? a : null;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Row other && Arrays.equals(values, other.values);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(values);
  }

  @Override
  public String toString() {
    return Arrays.toString(values);
  }

  /** Fills slots one by one; each {@link #build()} copies, so a builder can be reused. */
  public static final class Builder {
    private final Object[] values;

    private Builder(int size) {
      Checks.argument(size >= 0, "size must not be negative: %s", size);
      this.values = new Object[size];
      Arrays.fill(values, Absent.NOT_LOGGED);
    }

    private Builder(Object[] values) {
      this.values = values;
    }

    /**
     * Sets a slot.
     *
     * @throws IllegalArgumentException if {@code value} is not a Row value type
     */
    public Builder set(int index, Object value) {
      requireValueType(index, value);
      values[index] = value;
      return this;
    }

    public Row build() {
      return new Row(values.clone());
    }
  }
}
