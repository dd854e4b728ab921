package dev.redoline.simulator.internal.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of one statement on the database's side, fetched by the client in batches of its fetch
 * size, as a server sends rows. An error part way through a batch is sent after the rows before it,
 * at the next fetch, so the client sees exactly the rows a real cursor would have returned. A
 * statement without rows (PL/SQL, ALTER SESSION) has no columns and is done at once. Rows the
 * simulator makes itself ({@link RowSource}, the mining query's) are made as they are fetched, so a
 * cursor holds one batch at a time however large its result.
 *
 * <p>Values are plain Java objects: {@code BigDecimal} for NUMBER, {@code String}, {@code
 * LocalDateTime} for DATE and TIMESTAMP, {@code OffsetDateTime} for TIMESTAMP WITH TIME ZONE,
 * {@code byte[]} for RAW, {@code Long} for counts and for the SCNs of V$LOGMNR_CONTENTS (the client
 * hands a {@code Long} of a NUMBER column out as {@code BigDecimal}).
 */
public final class ServerCursor implements AutoCloseable {

  /** Checks made as each row is handed out, and once at the end (the mining query's). */
  public interface RowCheck {
    /** Before {@code row} (the statement's columns, in order) is handed out. */
    void beforeRow(Object[] row) throws SQLException;

    void atEnd() throws SQLException;

    /**
     * After a batch of {@code rows} rows was taken ({@code done}: the last); may wait for
     * LogMiner's pace.
     */
    void afterBatch(int rows, boolean done) throws SQLException;

    void cancel();

    void closed();
  }

  /**
   * Rows made one at a time as the client fetches them, values already as {@link #fetch} hands them
   * out.
   */
  @FunctionalInterface
  public interface RowSource {
    /** The next row; null after the last. */
    Object[] next() throws SQLException;
  }

  /** One fetch: rows, and whether the cursor is exhausted after them. */
  record Batch(List<Object[]> rows, boolean done) implements java.io.Serializable {}

  private static final ServerCursor NONE =
      new ServerCursor((PreparedStatement) null, (ResultSet) null, (RowCheck) null);

  private final PreparedStatement statement;
  private final ResultSet rs;
  private RowCheck check;
  private final List<String> labels = new ArrayList<>();
  private final List<Integer> types = new ArrayList<>();

  /** Rows the simulator makes itself, in place of {@link #rs}; null for the SQL engine's. */
  private final RowSource evaluated;

  private SQLException deferred;
  private boolean done;

  ServerCursor(PreparedStatement statement, ResultSet rs, RowCheck check) {
    this.statement = statement;
    this.rs = rs;
    this.check = check;
    this.evaluated = null;
    this.done = rs == null;
  }

  private ServerCursor(List<String> labels, List<Integer> types, RowSource rows) {
    this.statement = null;
    this.rs = null;
    this.evaluated = rows;
    this.labels.addAll(labels);
    this.types.addAll(types);
  }

  /** The cursor of rows the simulator makes without the SQL engine, as they are fetched. */
  static ServerCursor of(List<String> labels, List<Integer> types, RowSource rows) {
    return new ServerCursor(labels, types, rows);
  }

  /** Adds the checks made as rows are handed out; before the first fetch. */
  ServerCursor checked(RowCheck rowCheck) {
    this.check = rowCheck;
    return this;
  }

  /** The cursor of a statement that returns no rows. */
  static ServerCursor none() {
    return NONE;
  }

  /** Reads the column labels and types; called once, right after the statement ran. */
  ServerCursor describe() throws SQLException {
    if (rs != null) {
      ResultSetMetaData md = rs.getMetaData();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        labels.add(md.getColumnLabel(i));
        types.add(md.getColumnType(i));
      }
    }
    return this;
  }

  boolean hasRows() {
    return rs != null || evaluated != null;
  }

  List<String> labels() {
    return labels;
  }

  List<Integer> types() {
    return types;
  }

  /** Up to {@code max} rows; an error is thrown at once only when no row came before it. */
  Batch fetch(int max) throws SQLException {
    if (deferred != null) {
      SQLException e = deferred;
      deferred = null;
      done = true;
      throw e;
    }
    List<Object[]> rows = new ArrayList<>(Math.min(Math.max(max, 1), 1_024));
    while (!done && rows.size() < Math.max(max, 1)) {
      try {
        Object[] row = next();
        if (row == null) {
          done = true;
        } else {
          rows.add(row);
        }
      } catch (SQLException e) {
        if (rows.isEmpty()) {
          done = true;
          throw e;
        }
        deferred = e;
        break;
      }
    }
    if (check != null && (!rows.isEmpty() || done)) {
      check.afterBatch(rows.size(), done);
    }
    return new Batch(rows, done && deferred == null);
  }

  private Object[] next() throws SQLException {
    Object[] row = evaluated != null ? evaluated.next() : nextOfEngine();
    if (row == null) {
      if (check != null) {
        check.atEnd();
      }
      return null;
    }
    if (check != null) {
      check.beforeRow(row);
    }
    return row;
  }

  private Object[] nextOfEngine() throws SQLException {
    if (!rs.next()) {
      return null;
    }
    Object[] row = new Object[types.size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = value(i + 1, types.get(i));
    }
    return row;
  }

  private Object value(int column, int type) throws SQLException {
    return switch (type) {
      case Types.TIMESTAMP, Types.DATE -> rs.getObject(column, LocalDateTime.class);
      case Types.TIMESTAMP_WITH_TIMEZONE -> rs.getObject(column, OffsetDateTime.class);
      case Types.VARBINARY, Types.BINARY, Types.LONGVARBINARY, Types.BLOB -> rs.getBytes(column);
      case Types.CLOB, Types.NCLOB -> rs.getString(column);
      default -> rs.getObject(column);
    };
  }

  /** Asks the running fetch to stop: its next row raises ORA-01013 (mining queries only). */
  void cancel() {
    if (check != null) {
      check.cancel();
    }
  }

  @Override
  public void close() {
    done = true;
    if (check != null) {
      check.closed();
    }
    if (statement != null) {
      try {
        statement.close();
      } catch (SQLException e) {
        // An in-memory statement: nothing is left to release.
      }
    }
  }
}
