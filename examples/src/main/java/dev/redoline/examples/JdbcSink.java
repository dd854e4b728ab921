package dev.redoline.examples;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.Column;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.embedded.ChangeHandler;
import dev.redoline.embedded.CommittedTransaction;
import dev.redoline.embedded.OffsetStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Example (c): replays each committed Oracle transaction into another database (H2 or PostgreSQL)
 * as one JDBC transaction that also writes the capture position, so the copy is exactly-once: a
 * crash before the commit loses both the rows and the position, and the transaction is delivered
 * again; after it, both are there and the engine resumes after it.
 *
 * <pre>{@code
 * JdbcSink sink = JdbcSink.open("jdbc:h2:./replica");
 * EmbeddedEngine engine = EmbeddedEngine.builder().config(config)
 *     .handler(sink).offsetStore(sink.offsets()).build();
 * }</pre>
 *
 * <p>Each captured table {@code OWNER.TABLE} becomes {@code "OWNER_TABLE"} with the same columns as
 * text or numbers, keyed by the Oracle primary key (tables without one are refused). INSERT and
 * UPDATE become an upsert (H2's {@code MERGE ... KEY}, PostgreSQL's {@code INSERT ... ON CONFLICT
 * DO UPDATE}), DELETE a delete by key, TRUNCATE a delete of all rows. Columns absent from an image
 * (not logged, or excluded) are left as they are. Tables are created on a second connection,
 * because DDL commits the open transaction in most databases.
 *
 * <p>Each table also has a column {@code "REDOLINE_UNAVAILABLE"}: the names (comma-separated) of
 * the columns the row's latest change did not carry ({@code Absent.NOT_LOGGED}, such as a LOB
 * changed in place by DBMS_LOB), whose earlier value the row kept, or NULL. A verification of the
 * copy reads it to tell such a kept value from a loss (docs/verify.md).
 */
public final class JdbcSink implements ChangeHandler, AutoCloseable {

  /**
   * The column of every copied table that names the columns the row's latest change did not carry
   * (the verifier's {@code JdbcTarget} reads it by this name).
   */
  public static final String UNAVAILABLE_COLUMN = "REDOLINE_UNAVAILABLE";

  private final Connection connection;
  private final Connection ddl;
  private final Set<TableId> created = new HashSet<>();

  /** PostgreSQL has no MERGE ... KEY: its upsert is INSERT ... ON CONFLICT. */
  private final boolean postgres;

  /** Runs just before the commit; tests make it throw to show that nothing half-written stays. */
  Runnable beforeCommit = () -> {};

  /** Told each change as it is applied; tests follow what the sink was given with it. */
  java.util.function.BiConsumer<Change, TableLayout> applied = (change, layout) -> {};

  private JdbcSink(Connection connection, Connection ddl) throws SQLException {
    this.connection = connection;
    this.ddl = ddl;
    this.postgres =
        connection
            .getMetaData()
            .getDatabaseProductName()
            .toLowerCase(java.util.Locale.ROOT)
            .contains("postgres");
  }

  /** A sink writing to the database at {@code url}; it opens two connections. */
  public static JdbcSink open(String url) throws SQLException {
    Connection ddl = DriverManager.getConnection(url);
    try (Statement s = ddl.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS REDOLINE_OFFSET (ID INT PRIMARY KEY, POSITION VARCHAR(4000) NOT NULL)");
    }
    Connection data = DriverManager.getConnection(url);
    data.setAutoCommit(false);
    return new JdbcSink(data, ddl);
  }

  @Override
  public void close() throws SQLException {
    try (ddl) {
      connection.close();
    }
  }

  @Override
  public void handle(CommittedTransaction tx) throws SQLException {
    try {
      for (Change change : tx.changes()) {
        TableLayout layout = tx.layout(change);
        apply(change, layout);
        applied.accept(change, layout);
      }
      try (PreparedStatement offset =
          connection.prepareStatement(
              postgres
                  ? "INSERT INTO REDOLINE_OFFSET (ID, POSITION) VALUES (1, ?) ON CONFLICT (ID) DO UPDATE SET POSITION = ?"
                  : "MERGE INTO REDOLINE_OFFSET (ID, POSITION) KEY (ID) VALUES (1, ?)")) {
        offset.setString(1, PositionText.write(tx.position()));
        if (postgres) {
          offset.setString(2, PositionText.write(tx.position()));
        }
        offset.executeUpdate();
      }
      beforeCommit.run();
      connection.commit();
    } catch (SQLException | RuntimeException e) {
      connection.rollback();
      throw e;
    }
  }

  /**
   * The offset store to give the engine: it reads the position this sink committed; storing is done
   * by {@link #handle}, in the same transaction as the rows.
   */
  public OffsetStore offsets() {
    return new OffsetStore() {
      @Override
      public Optional<Position> load() {
        try (Statement s = connection.createStatement();
            ResultSet rs = s.executeQuery("SELECT POSITION FROM REDOLINE_OFFSET WHERE ID = 1")) {
          Optional<Position> stored =
              rs.next() ? Optional.of(PositionText.read(rs.getString(1))) : Optional.empty();
          connection.commit();
          return stored;
        } catch (SQLException e) {
          throw new IllegalStateException("cannot read REDOLINE_OFFSET", e);
        }
      }

      @Override
      public void store(Position position) {
        // Already committed by handle(), with the rows it belongs to. Heartbeats and schema
        // events between transactions are not stored: a restart then re-reads a little more redo.
      }
    };
  }

  static String tableName(TableId table) {
    return "\"" + table.owner() + "_" + table.table() + "\"";
  }

  private void apply(Change change, TableLayout layout) throws SQLException {
    createIfMissing(layout);
    String table = tableName(change.table());
    if (change.operation() == Operation.TRUNCATE) {
      try (Statement s = connection.createStatement()) {
        s.executeUpdate("DELETE FROM " + table);
      }
      return;
    }
    if (change.operation() == Operation.DELETE) {
      delete(table, layout, change.before());
      return;
    }
    List<Integer> present = new ArrayList<>();
    StringJoiner notCarried = new StringJoiner(",");
    for (int i = 0; i < layout.columns().size(); i++) {
      if (change.after().isPresent(i)) {
        present.add(i);
      } else if (change.after().absence(i) == Absent.NOT_LOGGED) {
        notCarried.add(layout.column(i).name());
      }
    }
    List<String> names =
        new ArrayList<>(present.stream().map(i -> layout.column(i).name()).toList());
    names.add(UNAVAILABLE_COLUMN);
    try (PreparedStatement merge =
        connection.prepareStatement(upsert(table, names, layout.primaryKey()))) {
      for (int p = 0; p < present.size(); p++) {
        merge.setObject(p + 1, value(change.after().get(present.get(p))));
      }
      merge.setString(present.size() + 1, notCarried.length() == 0 ? null : notCarried.toString());
      merge.executeUpdate();
    }
  }

  /**
   * An upsert of {@code columns} into {@code table} keyed by {@code key}, one {@code ?} per column.
   */
  private String upsert(String table, List<String> columns, List<String> key) {
    StringJoiner names = new StringJoiner(", ");
    StringJoiner marks = new StringJoiner(", ");
    StringJoiner keys = new StringJoiner(", ");
    StringJoiner sets = new StringJoiner(", ");
    columns.forEach(
        c -> {
          names.add("\"" + c + "\"");
          marks.add("?");
          if (!key.contains(c)) {
            sets.add("\"" + c + "\" = EXCLUDED.\"" + c + "\"");
          }
        });
    key.forEach(k -> keys.add("\"" + k + "\""));
    if (!postgres) {
      return "MERGE INTO " + table + " (" + names + ") KEY (" + keys + ") VALUES (" + marks + ")";
    }
    return "INSERT INTO "
        + table
        + " ("
        + names
        + ") VALUES ("
        + marks
        + ") ON CONFLICT ("
        + keys
        + ") DO "
        + (sets.length() == 0 ? "NOTHING" : "UPDATE SET " + sets);
  }

  private void delete(String table, TableLayout layout, Row before) throws SQLException {
    StringJoiner where = new StringJoiner(" AND ");
    layout.primaryKey().forEach(k -> where.add("\"" + k + "\" = ?"));
    try (PreparedStatement delete =
        connection.prepareStatement("DELETE FROM " + table + " WHERE " + where)) {
      int p = 1;
      for (String k : layout.primaryKey()) {
        delete.setObject(p++, value(before.get(layout.indexOf(k))));
      }
      delete.executeUpdate();
    }
  }

  private void createIfMissing(TableLayout layout) throws SQLException {
    if (created.contains(layout.table())) {
      return;
    }
    if (layout.primaryKey().isEmpty()) {
      throw new IllegalArgumentException(
          "JdbcSink needs a primary key; " + layout.table() + " has none");
    }
    if (layout.indexOf(UNAVAILABLE_COLUMN) >= 0) {
      throw new IllegalArgumentException(
          "JdbcSink keeps its own column "
              + UNAVAILABLE_COLUMN
              + "; "
              + layout.table()
              + " has one");
    }
    StringJoiner columns = new StringJoiner(", ");
    for (Column c : layout.columns()) {
      String type =
          c.type().kind() == dev.redoline.core.OracleType.Kind.NUMBER
              ? "NUMERIC(38, 10)"
              : "VARCHAR";
      columns.add("\"" + c.name() + "\" " + type);
    }
    StringJoiner key = new StringJoiner(", ");
    layout.primaryKey().forEach(k -> key.add("\"" + k + "\""));
    try (Statement s = ddl.createStatement()) {
      s.execute(
          "CREATE TABLE IF NOT EXISTS "
              + tableName(layout.table())
              + " ("
              + columns
              + ", \""
              + UNAVAILABLE_COLUMN
              + "\" VARCHAR, PRIMARY KEY ("
              + key
              + "))");
      // a table an earlier version of the sink created has no such column yet
      s.execute(
          "ALTER TABLE "
              + tableName(layout.table())
              + " ADD COLUMN IF NOT EXISTS \""
              + UNAVAILABLE_COLUMN
              + "\" VARCHAR");
    }
    created.add(layout.table());
  }

  /** Numbers as numbers; everything else as its text (dates ISO-8601, RAW hex). */
  private static Object value(Object v) {
    if (v == null || v instanceof Long || v instanceof java.math.BigDecimal) {
      return v;
    }
    if (v instanceof dev.redoline.core.Bytes b) {
      return b.toHex();
    }
    return v.toString();
  }
}
