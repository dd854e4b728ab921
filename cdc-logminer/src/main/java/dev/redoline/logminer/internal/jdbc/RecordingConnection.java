package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.TableId;
import dev.redoline.core.internal.RecordingFormat;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The one place the gateway's JDBC traffic is recorded: the connection of a {@link JdbcSession},
 * wrapped so that every statement it prepares or creates writes what ran (text, kind, binds) and
 * every result set what the gateway read from it (the values of each row, as its getters returned
 * them) and how it failed, to a {@link RecordingSink}. Values pass through unchanged; what is
 * written of a mined row's SQL_REDO or a snapshot chunk's value is what the redaction keeps.
 *
 * <p>Dynamic proxies rather than hand-written wrappers: the JDBC interfaces have hundreds of
 * methods, of which the gateway uses a dozen; every other call is passed to the driver as it is.
 */
final class RecordingConnection implements InvocationHandler {

  /** The text every mining statement starts with ({@link MiningSql#SELECT}). */
  private static final String MINING = MiningSql.SELECT;

  private static final int SQL_REDO = MiningSql.column("SQL_REDO");
  private static final int CSF = MiningSql.column("CSF");
  private static final int OPERATION_CODE = MiningSql.column("OPERATION_CODE");
  private static final int XIDUSN = MiningSql.column("XIDUSN");
  private static final int XIDSLT = MiningSql.column("XIDSLT");
  private static final int XIDSQN = MiningSql.column("XIDSQN");
  private static final int SRC_CON_NAME = MiningSql.column("SRC_CON_NAME");
  private static final int SEG_OWNER = MiningSql.column("SEG_OWNER");
  private static final int TABLE_NAME = MiningSql.column("TABLE_NAME");

  private final Connection delegate;
  private final RecordingSink sink;

  /**
   * The container set with ALTER SESSION SET CONTAINER, for snapshot chunks of a PDB; null at the
   * root.
   */
  private String container;

  private RecordingConnection(Connection delegate, RecordingSink sink) {
    this.delegate = delegate;
    this.sink = sink;
  }

  /** {@code connection}, recorded to {@code sink}. */
  static Connection wrap(Connection connection, RecordingSink sink) {
    return (Connection)
        Proxy.newProxyInstance(
            RecordingConnection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            new RecordingConnection(connection, sink));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    Object result = call(delegate, method, args);
    return switch (method.getName()) {
      case "prepareStatement" -> statement(PreparedStatement.class, result, "Q", (String) args[0]);
      case "prepareCall" -> statement(CallableStatement.class, result, "C", (String) args[0]);
      case "createStatement" -> statement(Statement.class, result, "X", null);
      default -> result;
    };
  }

  private Object statement(Class<?> type, Object statement, String kind, String sql) {
    return Proxy.newProxyInstance(
        RecordingConnection.class.getClassLoader(),
        new Class<?>[] {type},
        new RecordedStatement(statement, kind, sql));
  }

  static Object call(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** One statement: its binds as set, written with its text when it runs. */
  private final class RecordedStatement implements InvocationHandler {
    private final Object delegate;
    private final String kind;
    private final String sql;
    private final TreeMap<Integer, Object> binds = new TreeMap<>();

    RecordedStatement(Object delegate, String kind, String sql) {
      this.delegate = delegate;
      this.kind = kind;
      this.sql = sql;
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      String name = method.getName();
      if (name.startsWith("set")
          && args != null
          && args.length >= 2
          && args[0] instanceof Integer index
          && !name.equals("setFetchSize")) {
        binds.put(index, name.equals("setNull") ? null : args[1]);
        return call(delegate, method, args);
      }
      if (name.equals("clearParameters")) {
        binds.clear();
      }
      if (!name.startsWith("execute")) {
        return call(delegate, method, args);
      }
      String text = args != null && args.length > 0 && args[0] instanceof String s ? s : sql;
      String entryKind = sql == null ? (name.equals("executeQuery") ? "Q" : "X") : kind;
      if (sql == null && text.startsWith("ALTER SESSION SET CONTAINER = ")) {
        container =
            TableId.splitIdentifiers(text.substring("ALTER SESSION SET CONTAINER = ".length()))
                .get(0);
      }
      long id = sink.nextId();
      List<String> fields = new ArrayList<>(List.of("S", Long.toString(id), entryKind, text));
      for (Object value : binds.values()) {
        fields.add(field(value));
      }
      sink.write(fields, false);
      Object result;
      try {
        result = call(delegate, method, args);
      } catch (SQLException e) {
        failed(id, e);
        throw e;
      }
      if (result instanceof ResultSet rs) {
        return Proxy.newProxyInstance(
            RecordingConnection.class.getClassLoader(),
            new Class<?>[] {ResultSet.class},
            new RecordedRows(rs, id, text));
      }
      sink.write(List.of("E", Long.toString(id)), true);
      return result;
    }
  }

  private void failed(long id, SQLException e) {
    sink.write(
        List.of(
            "F",
            Long.toString(id),
            Integer.toString(e.getErrorCode()),
            e.getSQLState() == null ? RecordingFormat.NULL : e.getSQLState(),
            String.valueOf(e.getMessage())),
        true);
  }

  /**
   * A value as a field; a type the format cannot hold (a driver's own object) is recorded as NULL.
   */
  private static String field(Object value) {
    Object plain = value instanceof java.sql.Timestamp t ? t.toLocalDateTime() : value;
    try {
      return RecordingFormat.value(plain);
    } catch (IllegalArgumentException e) {
      return RecordingFormat.NULL;
    }
  }

  /** The rows of one statement, each written when the gateway moves past it. */
  private final class RecordedRows implements InvocationHandler {
    private final ResultSet delegate;
    private final long id;
    private final boolean mining;
    private final TableId chunkTable;
    private final List<String> labels = new ArrayList<>();
    private final TreeMap<Integer, Object> row = new TreeMap<>();
    private final List<TreeMap<Integer, Object>> held = new ArrayList<>();
    private boolean onRow;
    private boolean ended;

    RecordedRows(ResultSet delegate, long id, String sql) throws SQLException {
      this.delegate = delegate;
      this.id = id;
      this.mining = sql.startsWith(MINING);
      this.chunkTable = chunkTable(sql);
      ResultSetMetaData meta = delegate.getMetaData();
      List<String> header = new ArrayList<>(List.of("H", Long.toString(id)));
      for (int i = 1; i <= meta.getColumnCount(); i++) {
        labels.add(meta.getColumnLabel(i));
        header.add(meta.getColumnLabel(i));
      }
      sink.write(header, false);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
      String name = method.getName();
      try {
        switch (name) {
          case "next" -> {
            endRow();
            boolean more = (Boolean) call(delegate, method, args);
            onRow = more;
            if (!more) {
              end();
            }
            return more;
          }
          case "close" -> {
            endRow();
            end();
            return call(delegate, method, args);
          }
          default -> {
            Object value = call(delegate, method, args);
            if (onRow
                && name.startsWith("get")
                && args != null
                && args.length >= 1
                && (args[0] instanceof Integer || args[0] instanceof String)
                && !name.equals("getMetaData")) {
              int index = args[0] instanceof Integer i ? i : delegate.findColumn((String) args[0]);
              row.put(
                  index, method.getReturnType().isPrimitive() && delegate.wasNull() ? null : value);
            }
            return value;
          }
        }
      } catch (SQLException e) {
        if (!ended) {
          writeHeld();
          ended = true;
          failed(id, e);
        }
        throw e;
      }
    }

    private void endRow() {
      if (!onRow || ended) {
        return;
      }
      onRow = false;
      TreeMap<Integer, Object> done = new TreeMap<>(row);
      row.clear();
      if (!mining) {
        if (chunkTable != null) {
          done.replaceAll(
              (index, value) ->
                  index <= labels.size()
                      ? sink.selectedValue(chunkTable, labels.get(index - 1), value)
                      : value);
        }
        writeRow(done);
        return;
      }
      held.add(done);
      if (!(done.get(CSF) instanceof Number n && n.intValue() == 1)) {
        writeHeld();
      }
    }

    /**
     * The held rows of one SQL_REDO (continuation rows, CSF 1, then its last row) are redacted as
     * one text, as the decoder reads them: a value may be split between two rows. When the
     * redaction changed it, the whole text goes in the first row and the others carry none.
     */
    private void writeHeld() {
      if (held.isEmpty()) {
        return;
      }
      StringBuilder joined = new StringBuilder();
      for (TreeMap<Integer, Object> r : held) {
        joined.append(r.get(SQL_REDO) instanceof String t ? t : "");
      }
      TreeMap<Integer, Object> first = held.get(0);
      Object code = first.get(OPERATION_CODE);
      int operation = code instanceof Number n ? n.intValue() : -1;
      String transaction = first.get(XIDUSN) + "." + first.get(XIDSLT) + "." + first.get(XIDSQN);
      String original = joined.toString();
      String kept =
          sink.sqlRedo(
              operation,
              (String) first.get(SRC_CON_NAME),
              (String) first.get(SEG_OWNER),
              (String) first.get(TABLE_NAME),
              transaction,
              original);
      if (!original.equals(kept)) {
        for (int i = 0; i < held.size(); i++) {
          if (held.get(i).containsKey(SQL_REDO)) {
            held.get(i).put(SQL_REDO, i == 0 ? kept : "");
          }
        }
      }
      if (operation == 7 || operation == 36) {
        sink.transactionEnded(transaction);
      }
      held.forEach(this::writeRow);
      held.clear();
    }

    private void writeRow(SortedMap<Integer, Object> values) {
      List<String> fields = new ArrayList<>(List.of("R", Long.toString(id)));
      int last = values.isEmpty() ? 0 : values.lastKey();
      for (int i = 1; i <= last; i++) {
        fields.add(field(values.get(i)));
      }
      sink.write(fields, false);
    }

    private void end() {
      writeHeld(); // a SQL_REDO whose last row never came is still redacted as one text
      if (!ended) {
        ended = true;
        sink.write(List.of("E", Long.toString(id)), true);
      }
    }
  }

  /**
   * The table of a snapshot chunk's flashback query ({@code SELECT .. FROM "S"."T" AS OF SCN ?
   * ..}), in the container the session is in; {@code null} for any other statement.
   */
  private TableId chunkTable(String sql) {
    int as = sql.indexOf(" AS OF SCN ?");
    int from = as < 0 ? -1 : sql.lastIndexOf(" FROM ", as);
    if (from < 0 || sql.startsWith("SELECT 1 FROM ")) {
      return null;
    }
    List<String> parts = TableId.splitIdentifiers(sql.substring(from + 6, as).trim());
    return parts.size() == 2 ? new TableId(container, parts.get(0), parts.get(1)) : null;
  }
}
