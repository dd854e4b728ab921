package dev.redoline.verify;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * A target that is a database written like the examples' JDBC sink: table {@code OWNER.TABLE} in
 * {@code "OWNER_TABLE"} with the Oracle column names, NUMBER columns as decimals and the others as
 * text, and the capture position in {@code REDOLINE_OFFSET} (row {@code ID = 1}, column {@code
 * POSITION}, the position's map form as {@code key=value} lines) written in the same transaction as
 * the rows.
 *
 * <p><b>Values a change did not carry.</b> Where a table has the sink's column {@value
 * #UNAVAILABLE_COLUMN}, the columns it names for a row are those the row's latest change did not
 * carry (a LOB changed in place): a difference in one of them is reported as such.
 *
 * <p><b>The SCN.</b> The position and the tables are read in one REPEATABLE READ transaction, so
 * they are one state of the copy; the SCN it has applied is the position's last commit (or its
 * resume SCN before any commit). Another transaction committed at that SCN may still be to come, so
 * the verifier compares again the keys such a transaction would explain ({@link #appliedWhole()}),
 * reading them by key.
 *
 * <p><b>The initial snapshot.</b> The same position tells whether a table's initial snapshot had
 * begun to reach the copy ({@link VerifyTarget#initialSnapshotPending}): a table it had not is
 * reported as not compared yet when the copy holds none of its rows; one it had (rows or none) is
 * compared, so a copy that lost every row of it shows them missing.
 *
 * <pre>{@code
 * VerifyTarget target = JdbcTarget.of("jdbc:postgresql://127.0.0.1:5432/replica?user=r&password=...");
 * }</pre>
 */
public final class JdbcTarget implements VerifyTarget {

  /**
   * The column in which the examples' JDBC sink names, per row, the columns its latest change did
   * not carry (comma-separated; NULL when it carried them all).
   */
  public static final String UNAVAILABLE_COLUMN = "REDOLINE_UNAVAILABLE";

  /** Rows fetched per round trip of a table's read. */
  private static final int FETCH_ROWS = 1000;

  /** Keys per query of a read by keys, so the statement stays short. */
  private static final int KEYS_PER_READ = 200;

  private final String url;
  private final Properties properties;
  private Connection connection;

  /** The position read in the current transaction (null before, or when the copy has none). */
  private Map<String, String> position;

  private boolean positionRead;

  private JdbcTarget(String url, Properties properties) {
    this.url = url;
    this.properties = properties;
  }

  /** The database at {@code url} (user and password in the URL or in {@code properties}). */
  public static JdbcTarget of(String url, Properties properties) {
    return new JdbcTarget(
        java.util.Objects.requireNonNull(url, "url == null"), (Properties) properties.clone());
  }

  public static JdbcTarget of(String url) {
    return of(url, new Properties());
  }

  /** The table name the examples' JDBC sink writes {@code table} to. */
  public static String tableName(TableId table) {
    return "\"" + table.owner() + "_" + table.table() + "\"";
  }

  @Override
  public void begin() throws SQLException {
    close();
    connection = open();
    connection.setAutoCommit(false); // PostgreSQL streams a result set only inside a transaction
    connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    position = null;
    positionRead = false;
  }

  @Override
  public Optional<Scn> appliedScn() throws SQLException {
    Map<String, String> p = storedPosition();
    return p == null ? Optional.empty() : Optional.of(Position.fromMap(p).scn());
  }

  /**
   * From the position committed with the rows, so in the same state of the copy: the position
   * tracks snapshots and names no progress of {@code table}'s (see {@link
   * VerifyTarget#initialSnapshotPending}).
   */
  @Override
  public boolean awaitingSnapshot(TableId table) throws SQLException {
    return VerifyTarget.initialSnapshotPending(storedPosition(), table);
  }

  /** The position in {@code REDOLINE_OFFSET}, read once per {@link #begin()}; null when none. */
  private Map<String, String> storedPosition() throws SQLException {
    if (positionRead) {
      return position;
    }
    try (PreparedStatement st =
            connection().prepareStatement("SELECT POSITION FROM REDOLINE_OFFSET WHERE ID = 1");
        ResultSet rs = st.executeQuery()) {
      position = rs.next() ? positionMap(rs.getString(1)) : null;
    } catch (SQLException e) {
      if (!missingTable(e)) {
        throw e;
      }
      connection().rollback();
      connection().setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      position = null;
    }
    positionRead = true;
    return position;
  }

  /**
   * The position's SCN is whole only before its first commit (the resume SCN of a first start, at
   * or below which everything counts as delivered): the sink records the commit SCN of the last
   * transaction it applied, and another committed at the same SCN may be still to come.
   */
  @Override
  public boolean appliedWhole() throws SQLException {
    Map<String, String> p = storedPosition();
    return p != null && !p.containsKey("commit_scn");
  }

  @Override
  public void rows(TableLayout table, List<String> columns, RowReceiver receiver)
      throws SQLException {
    read(table, columns, "", List.of(), receiver);
  }

  /**
   * Selects the keys by the key columns when they are numbers (the sink's decimals) or text;
   * date-time keys, which the sink writes as ISO text, are found among all rows.
   */
  @Override
  public void rows(
      TableLayout table, List<String> columns, List<List<Object>> keys, RowReceiver receiver)
      throws SQLException {
    List<String> key = table.primaryKey();
    boolean byKey =
        !keys.isEmpty()
            && key.stream()
                .allMatch(
                    k ->
                        switch (table.column(table.indexOf(k)).type().kind()) {
                          case NUMBER, FLOAT, CHAR, VARCHAR2, NCHAR, NVARCHAR2 -> true;
                          default -> false;
                        });
    if (!byKey) {
      rows(table, columns, receiver);
      return;
    }
    for (int i = 0; i < keys.size(); i += KEYS_PER_READ) {
      List<List<Object>> some = keys.subList(i, Math.min(keys.size(), i + KEYS_PER_READ));
      StringJoiner where = new StringJoiner(" OR ", " WHERE ", "");
      List<Object> binds = new ArrayList<>();
      for (List<Object> k : some) {
        StringJoiner one = new StringJoiner(" AND ", "(", ")");
        for (int j = 0; j < key.size(); j++) {
          one.add(quote(key.get(j)) + " = ?");
          Object v = k.get(j); // 1E+1, a key stripped of its zeros, as 10
          binds.add(
              v instanceof java.math.BigDecimal d
                  ? new java.math.BigDecimal(d.toPlainString())
                  : v);
        }
        where.add(one.toString());
      }
      read(table, columns, where.toString(), binds, receiver);
    }
  }

  private void read(
      TableLayout table,
      List<String> columns,
      String where,
      List<Object> binds,
      RowReceiver receiver)
      throws SQLException {
    StringJoiner names = new StringJoiner(", ");
    columns.forEach(c -> names.add(quote(c)));
    if (!exists(table.table())) {
      return;
    }
    boolean tracked = hasUnavailableColumn(table.table());
    if (tracked) {
      names.add(quote(UNAVAILABLE_COLUMN));
    }
    try (PreparedStatement st =
        connection()
            .prepareStatement("SELECT " + names + " FROM " + tableName(table.table()) + where)) {
      st.setFetchSize(FETCH_ROWS);
      for (int i = 0; i < binds.size(); i++) {
        st.setObject(i + 1, binds.get(i));
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          Object[] values = new Object[columns.size()];
          for (int i = 0; i < values.length; i++) {
            values[i] = rs.getObject(i + 1);
          }
          String notCarried = tracked ? rs.getString(columns.size() + 1) : null;
          if (notCarried == null || notCarried.isEmpty()) {
            receiver.row(values);
          } else {
            receiver.row(
                values, List.of(notCarried.split(",")).stream().filter(columns::contains).toList());
          }
        }
      }
    } catch (SQLException e) {
      throw new CdcException(
          ErrorCode.VERIFY_TARGET_UNREADABLE,
          "cannot read "
              + tableName(table.table())
              + " (columns "
              + columns
              + ") at "
              + shownUrl()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  /** Deletes the extra keys in a transaction of its own (the sink writes nothing else to them). */
  @Override
  public boolean remove(TableLayout table, List<String> keyColumns, List<List<Object>> keys)
      throws SQLException {
    StringJoiner where = new StringJoiner(" AND ");
    keyColumns.forEach(k -> where.add("\"" + k.replace("\"", "\"\"") + "\" = ?"));
    try (Connection c = open()) {
      c.setAutoCommit(false);
      try (PreparedStatement st =
          c.prepareStatement("DELETE FROM " + tableName(table.table()) + " WHERE " + where)) {
        for (List<Object> key : keys) {
          for (int i = 0; i < key.size(); i++) {
            Object v = key.get(i);
            st.setObject(i + 1, v instanceof java.math.BigDecimal ? v : String.valueOf(v));
          }
          st.addBatch();
        }
        st.executeBatch();
      }
      c.commit();
    }
    return true;
  }

  @Override
  public void close() throws SQLException {
    if (connection != null) {
      try (Connection c = connection) {
        c.rollback(); // read only: nothing to keep
      } finally {
        connection = null;
      }
    }
  }

  private Connection connection() {
    if (connection == null) {
      throw new IllegalStateException("begin() first");
    }
    return connection;
  }

  /** Whether the sink that wrote {@code table} records the columns a change did not carry. */
  private boolean hasUnavailableColumn(TableId table) throws SQLException {
    String name = table.owner() + "_" + table.table();
    try (ResultSet rs =
        connection().getMetaData().getColumns(null, null, name, UNAVAILABLE_COLUMN)) {
      return rs.next();
    }
  }

  private boolean exists(TableId table) throws SQLException {
    String name = table.owner() + "_" + table.table();
    DatabaseMetaData meta = connection().getMetaData();
    try (ResultSet rs = meta.getTables(null, null, name, new String[] {"TABLE"})) {
      return rs.next();
    }
  }

  private Connection open() throws SQLException {
    for (Driver d : ServiceLoader.load(Driver.class, JdbcTarget.class.getClassLoader())) {
      if (d.acceptsURL(url)) {
        return d.connect(url, properties);
      }
    }
    return DriverManager.getConnection(url, properties);
  }

  /**
   * Whether {@code e} says a table does not exist: PostgreSQL's 42P01, the standard's 42S02, and
   * H2's 42S03 (its error 42103, with candidate names) and 42S04 (42104, the database holds no
   * table at all).
   */
  private static boolean missingTable(SQLException e) {
    return java.util.Set.of("42P01", "42S02", "42S03", "42S04", "42102")
        .contains(String.valueOf(e.getSQLState()));
  }

  private static String quote(String name) {
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  private String shownUrl() {
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q); // the query may hold a password
  }

  /** The examples' position text: the map form as {@code key=value} lines. */
  private static Map<String, String> positionMap(String text) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    Map<String, String> map = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> map.put(k, p.getProperty(k)));
    return map;
  }
}
