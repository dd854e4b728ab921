package dev.redoline.simulator.internal.jdbc;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Locale;

/**
 * A forward-only, read-only result set that fetches its rows from the {@link Backend} in batches of
 * the statement's fetch size. Getters convert as ojdbc does for the types the simulator's views
 * hold: NUMBER to any Java number and to text, DATE and TIMESTAMP to {@code LocalDateTime} or
 * {@code Timestamp}, RAW to bytes.
 *
 * <h2>Implementation notes</h2>
 *
 * A plain class over {@link UnsupportedResultSet}, not a dynamic proxy: it is on the row path,
 * where a proxy would box each argument and dispatch each getter by its name. Most of the file is
 * the getters, each by column index and by label; the conversions are the static helpers at the
 * end.
 */
public final class ClientResultSet extends UnsupportedResultSet {

  private final Backend backend;
  private final Backend.Executed executed;
  private final int fetchSize;
  private final Statement statement;
  private List<Object[]> batch = List.of();
  private int index;
  private boolean done;
  private boolean closed;
  private Object[] row;
  private boolean wasNull;

  private ClientResultSet(
      Backend backend, Backend.Executed executed, int fetchSize, Statement statement) {
    this.backend = backend;
    this.executed = executed;
    this.fetchSize = fetchSize;
    this.statement = statement;
  }

  static ResultSet create(
      Backend backend, Backend.Executed executed, int fetchSize, Statement statement) {
    return new ClientResultSet(backend, executed, fetchSize, statement);
  }

  @Override
  public boolean next() throws SQLException {
    if (closed) {
      throw new SQLException("Closed Resultset: next", "99999", 17010);
    }
    while (index >= batch.size()) {
      if (done) {
        row = null;
        return false;
      }
      ServerCursor.Batch b = backend.fetch(executed.cursor(), fetchSize);
      batch = b.rows();
      index = 0;
      done = b.done();
    }
    row = batch.get(index++);
    return true;
  }

  @Override
  public boolean wasNull() {
    return wasNull;
  }

  @Override
  public int findColumn(String label) throws SQLException {
    return column(label);
  }

  @Override
  public ResultSetMetaData getMetaData() {
    return new MetaData(executed);
  }

  @Override
  public Statement getStatement() {
    return statement;
  }

  @Override
  public int getFetchSize() {
    return fetchSize;
  }

  @Override
  public void setFetchSize(int rows) {
    // The statement's fetch size stays: this result set's batches are already sized.
  }

  @Override
  public int getType() {
    return ResultSet.TYPE_FORWARD_ONLY;
  }

  @Override
  public int getConcurrency() {
    return ResultSet.CONCUR_READ_ONLY;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      backend.closeCursor(executed.cursor());
    }
  }

  @Override
  public String toString() {
    return "ClientResultSet";
  }

  // The getters, by column index and by label, as ojdbc converts.

  @Override
  public Object getObject(int column) throws SQLException {
    return object(column);
  }

  @Override
  public Object getObject(String label) throws SQLException {
    return object(column(label));
  }

  @Override
  public Object getObject(int column, java.util.Map<String, Class<?>> map) throws SQLException {
    return object(column);
  }

  @Override
  public Object getObject(String label, java.util.Map<String, Class<?>> map) throws SQLException {
    return object(column(label));
  }

  @Override
  public <T> T getObject(int column, Class<T> type) throws SQLException {
    return as(object(column), type);
  }

  @Override
  public <T> T getObject(String label, Class<T> type) throws SQLException {
    return as(object(column(label)), type);
  }

  @Override
  public String getString(int column) throws SQLException {
    Object v = value(column);
    return v == null ? null : text(v);
  }

  @Override
  public String getString(String label) throws SQLException {
    return getString(column(label));
  }

  @Override
  public String getNString(int column) throws SQLException {
    return getString(column);
  }

  @Override
  public String getNString(String label) throws SQLException {
    return getString(column(label));
  }

  @Override
  public BigDecimal getBigDecimal(int column) throws SQLException {
    Object v = value(column);
    return v == null ? null : decimal(v);
  }

  @Override
  public BigDecimal getBigDecimal(String label) throws SQLException {
    return getBigDecimal(column(label));
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(int column, int scale) throws SQLException {
    return getBigDecimal(column);
  }

  @Override
  @SuppressWarnings("deprecation")
  public BigDecimal getBigDecimal(String label, int scale) throws SQLException {
    return getBigDecimal(column(label));
  }

  @Override
  public int getInt(int column) throws SQLException {
    Object v = value(column);
    return v == null ? 0 : v instanceof Integer i ? i : decimal(v).intValue();
  }

  @Override
  public int getInt(String label) throws SQLException {
    return getInt(column(label));
  }

  @Override
  public long getLong(int column) throws SQLException {
    Object v = value(column);
    return v == null
        ? 0L
        : v instanceof Long l ? l : v instanceof Integer i ? i : decimal(v).longValue();
  }

  @Override
  public long getLong(String label) throws SQLException {
    return getLong(column(label));
  }

  @Override
  public short getShort(int column) throws SQLException {
    Object v = value(column);
    return v == null ? (short) 0 : decimal(v).shortValue();
  }

  @Override
  public short getShort(String label) throws SQLException {
    return getShort(column(label));
  }

  @Override
  public byte getByte(int column) throws SQLException {
    Object v = value(column);
    return v == null ? (byte) 0 : decimal(v).byteValue();
  }

  @Override
  public byte getByte(String label) throws SQLException {
    return getByte(column(label));
  }

  @Override
  public double getDouble(int column) throws SQLException {
    Object v = value(column);
    return v == null ? 0d : decimal(v).doubleValue();
  }

  @Override
  public double getDouble(String label) throws SQLException {
    return getDouble(column(label));
  }

  @Override
  public float getFloat(int column) throws SQLException {
    Object v = value(column);
    return v == null ? 0f : decimal(v).floatValue();
  }

  @Override
  public float getFloat(String label) throws SQLException {
    return getFloat(column(label));
  }

  @Override
  public boolean getBoolean(int column) throws SQLException {
    Object v = value(column);
    return v != null && (v instanceof Boolean b ? b : decimal(v).signum() != 0);
  }

  @Override
  public boolean getBoolean(String label) throws SQLException {
    return getBoolean(column(label));
  }

  @Override
  public byte[] getBytes(int column) throws SQLException {
    return (byte[]) value(column);
  }

  @Override
  public byte[] getBytes(String label) throws SQLException {
    return getBytes(column(label));
  }

  @Override
  public Timestamp getTimestamp(int column) throws SQLException {
    Object v = value(column);
    return v == null ? null : Timestamp.valueOf(as(v, LocalDateTime.class));
  }

  @Override
  public Timestamp getTimestamp(String label) throws SQLException {
    return getTimestamp(column(label));
  }

  @Override
  public Timestamp getTimestamp(int column, java.util.Calendar calendar) throws SQLException {
    return getTimestamp(column);
  }

  @Override
  public Timestamp getTimestamp(String label, java.util.Calendar calendar) throws SQLException {
    return getTimestamp(column(label));
  }

  /**
   * The current row's value of a 1-based column as {@code getObject} hands it out: a NUMBER held as
   * a {@code long} (the SCNs of V$LOGMNR_CONTENTS, so that {@code getLong} and the server's wire
   * need no object) is a {@code BigDecimal}, as ojdbc hands out NUMBER.
   */
  private Object object(int column) throws SQLException {
    Object v = value(column);
    return v instanceof Long l && executed.types().get(column - 1) == Types.NUMERIC
        ? BigDecimal.valueOf(l)
        : v;
  }

  /** The current row's value of a 1-based column; sets {@link #wasNull()}. */
  private Object value(int column) throws SQLException {
    if (row == null) {
      throw new SQLException("ResultSet.next was not called", "99999", 17289);
    }
    if (column < 1 || column > row.length) {
      throw new SQLException("Invalid column index: " + column, "99999", 17003);
    }
    Object v = row[column - 1];
    wasNull = v == null;
    return v;
  }

  private int column(String key) throws SQLException {
    String label = key.toUpperCase(Locale.ROOT);
    List<String> labels = executed.labels();
    for (int i = 0; i < labels.size(); i++) {
      if (labels.get(i).equalsIgnoreCase(label)) {
        return i + 1;
      }
    }
    throw new SQLException("Invalid column name: " + key, "99999", 17006);
  }

  private static String text(Object v) {
    if (v instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (v instanceof byte[] b) {
      return java.util.HexFormat.of().withUpperCase().formatHex(b);
    }
    return v.toString();
  }

  private static BigDecimal decimal(Object v) throws SQLException {
    if (v instanceof BigDecimal d) {
      return d;
    }
    if (v instanceof Number n) {
      return n instanceof Double || n instanceof Float
          ? BigDecimal.valueOf(n.doubleValue())
          : BigDecimal.valueOf(n.longValue());
    }
    try {
      return new BigDecimal(v.toString().trim());
    } catch (NumberFormatException e) {
      throw new SQLException("Fail to convert to internal representation: " + v, "99999", 17059);
    }
  }

  /**
   * The public {@code (byte[])} constructor of a class built from a value's stored bytes, as the
   * real driver's datum classes are (a JSON column read as the driver's JSON datum gets its OSON
   * bytes), or null when it has none: the caller has that class, the simulator only calls that
   * constructor. Looked up once per class, so a value costs a method handle call, no reflection.
   */
  private static final ClassValue<MethodHandle> BYTES_CONSTRUCTOR =
      new ClassValue<>() {
        @Override
        protected MethodHandle computeValue(Class<?> type) {
          try {
            return MethodHandles.publicLookup()
                .findConstructor(type, MethodType.methodType(void.class, byte[].class));
          } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
          }
        }
      };

  private static Object datum(MethodHandle constructor, Class<?> type, byte[] bytes)
      throws SQLException {
    try {
      return constructor.invoke(bytes.clone());
    } catch (Error e) {
      throw e;
    } catch (Throwable e) { // what the caller's constructor threw, checked or not

      throw new SQLException("Cannot make a " + type.getName() + ": " + e, "99999", 17004, e);
    }
  }

  private static <T> T as(Object v, Class<T> type) throws SQLException {
    if (v == null || type.isInstance(v)) {
      return type.cast(v);
    }
    Object out;
    if (type == LocalDateTime.class && v instanceof OffsetDateTime o) {
      out = o.toLocalDateTime();
    } else if (type == LocalDateTime.class && v instanceof Timestamp t) {
      out = t.toLocalDateTime();
    } else if (v instanceof byte[] bytes && BYTES_CONSTRUCTOR.get(type) != null) {
      out = datum(BYTES_CONSTRUCTOR.get(type), type, bytes);
    } else if (type == BigDecimal.class) {
      out = decimal(v);
    } else if (type == Integer.class) {
      out = decimal(v).intValueExact();
    } else if (type == Long.class) {
      out = decimal(v).longValueExact();
    } else if (type == String.class) {
      out = text(v);
    } else {
      throw new SQLException(
          "Unsupported conversion of " + v.getClass().getSimpleName() + " to " + type.getName(),
          "99999",
          17004);
    }
    return type.cast(out);
  }

  /** The labels and types of the result's columns; the rest is unsupported. */
  private static final class MetaData extends UnsupportedResultSetMetaData {
    private final Backend.Executed executed;

    MetaData(Backend.Executed executed) {
      this.executed = executed;
    }

    @Override
    public int getColumnCount() {
      return executed.labels().size();
    }

    @Override
    public String getColumnName(int column) {
      return executed.labels().get(column - 1);
    }

    @Override
    public String getColumnLabel(int column) {
      return executed.labels().get(column - 1);
    }

    @Override
    public int getColumnType(int column) {
      return executed.types().get(column - 1);
    }
  }
}
