package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.Bytes;
import dev.redoline.core.CdcException;
import dev.redoline.core.Column;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.ChunkRead;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import oracle.sql.json.OracleJsonDatum;

/**
 * Reads one snapshot chunk with a flashback query. Key continuation is spelt out column by column
 * ({@code K1 > ? OR (K1 = ? AND K2 > ?)}) because Oracle has no row-value {@code >}; a table
 * without a usable key is read in ROWID order, with the ROWID selected as its key. Each value is
 * read by its column's type into the {@link dev.redoline.core.Row} value types.
 *
 * <p>Most columns are selected as they are. Four are selected through a SQL function, so that the
 * driver hands over a value the stream's decoder already knows ({@link #selectItem}): XMLTYPE as
 * {@code XMLSERIALIZE(CONTENT c AS CLOB)} (the document's text, what XML DOC redo rows carry; an
 * XMLTYPE object itself would need {@code getSQLXML} and the XDB classes), VECTOR as {@code
 * FROM_VECTOR(c RETURNING CLOB)} and INTERVALs as {@code TO_CHAR(c)} (the texts LogMiner writes
 * inside {@code TO_VECTOR}, {@code TO_YMINTERVAL} and {@code TO_DSINTERVAL}, parsed by the
 * decoder). A type LogMiner calls {@code Unsupported Type} is not selected: its slot gets the same
 * {@link Marker#UNSUPPORTED_TYPE} a streamed row has. JSON is read as the driver's {@link
 * OracleJsonDatum}, whose bytes are the OSON image the redo's {@code HEXTORAW} carries.
 */
final class ChunkReader {

  private ChunkReader() {}

  static List<ChunkRead.Row> read(Connection connection, ChunkRead query, int fetchSize)
      throws SQLException {
    List<Object> binds = new ArrayList<>();
    String sql = sql(query, binds);
    List<ChunkRead.Row> rows = new ArrayList<>();
    List<Column> columns = query.layout().columns();
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setFetchSize(Math.min(fetchSize, query.limit()));
      Binds.bind(statement, binds);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          Object[] values = new Object[columns.size()];
          int index = 1;
          for (int i = 0; i < values.length; i++) {
            if (!query.selected()[i]) {
              continue;
            }
            values[i] =
                unsupported(columns.get(i))
                    ? Marker.UNSUPPORTED_TYPE
                    : value(rs, index++, columns.get(i), query.layout().table());
          }
          List<Object> key = new ArrayList<>();
          if (query.byRowId()) {
            key.add(rs.getString(index));
          } else {
            for (String k : query.keyColumns()) {
              key.add(values[query.layout().indexOf(k)]);
            }
          }
          rows.add(new ChunkRead.Row(values, key));
        }
      }
    }
    return rows;
  }

  /** A flashback query of {@code table} that reads nothing: its privileges are checked at parse. */
  static void probe(Connection connection, TableId table, dev.redoline.core.Scn scn)
      throws SQLException {
    try (PreparedStatement statement =
        connection.prepareStatement(
            "SELECT 1 FROM " + table.quoted() + " AS OF SCN ? WHERE 1 = 0")) {
      Binds.bind(statement, List.of(ResultValues.number(scn)));
      try (ResultSet rs = statement.executeQuery()) {
        rs.next();
      }
    }
  }

  /** The chunk's SELECT; its binds are appended to {@code binds} in marker order. */
  static String sql(ChunkRead query, List<Object> binds) {
    StringBuilder sql = new StringBuilder("SELECT ");
    List<Column> columns = query.layout().columns();
    boolean first = true;
    for (int i = 0; i < columns.size(); i++) {
      if (query.selected()[i] && !unsupported(columns.get(i))) {
        sql.append(first ? "" : ", ").append(selectItem(columns.get(i)));
        first = false;
      }
    }
    List<String> key =
        query.byRowId()
            ? List.of("ROWID")
            : query.keyColumns().stream().map(ChunkReader::quote).toList();
    if (query.byRowId()) {
      sql.append(first ? "" : ", ").append("ROWID");
    }
    TableId table = query.layout().table();
    sql.append(" FROM ").append(table.quoted()).append(" AS OF SCN ?");
    binds.add(ResultValues.number(query.scn()));
    List<String> conditions = new ArrayList<>();
    if (query.filter() != null && !query.filter().isBlank()) {
      conditions.add("(" + query.filter() + ")");
    }
    if (!query.after().isEmpty()) {
      // backward: at or before the key, the rows the forward condition leaves out
      String after = after(key, query.after(), binds);
      conditions.add(query.backward() ? "NOT " + after : after);
    }
    if (!conditions.isEmpty()) {
      sql.append(" WHERE ").append(String.join(" AND ", conditions));
    }
    sql.append(" ORDER BY ")
        .append(
            String.join(
                ", ", query.backward() ? key.stream().map(k -> k + " DESC").toList() : key));
    sql.append(" FETCH FIRST ").append(query.limit()).append(" ROWS ONLY");
    return sql.toString();
  }

  /** {@code (K1 > ?) OR (K1 = ? AND K2 > ?) OR ...}: rows after {@code after} in key order. */
  private static String after(List<String> key, List<Object> after, List<Object> binds) {
    List<String> alternatives = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      StringBuilder one = new StringBuilder("(");
      for (int j = 0; j < i; j++) {
        one.append(key.get(j)).append(" = ? AND ");
        binds.add(after.get(j));
      }
      one.append(key.get(i)).append(" > ?)");
      binds.add(after.get(i));
      alternatives.add(one.toString());
    }
    return "(" + String.join(" OR ", alternatives) + ")";
  }

  /**
   * A type LogMiner renders as {@code Unsupported Type}: left out of the SELECT, its slot holds the
   * marker the stream gives it, so snapshot rows and streamed rows agree.
   */
  private static boolean unsupported(Column column) {
    return column.type().kind() == OracleType.Kind.UNSUPPORTED;
  }

  /** How a column is selected: by name, or through the function that gives its decodable form. */
  static String selectItem(Column column) {
    String name = quote(column.name());
    return switch (column.type().kind()) {
      case XMLTYPE -> "XMLSERIALIZE(CONTENT " + name + " AS CLOB)";
      case VECTOR -> "FROM_VECTOR(" + name + " RETURNING CLOB)";
      case INTERVAL_YM, INTERVAL_DS -> "TO_CHAR(" + name + ")";
      default -> name;
    };
  }

  static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  /** The value of a column in the {@link dev.redoline.core.Row} value type of its Oracle type. */
  private static Object value(ResultSet rs, int index, Column column, TableId table)
      throws SQLException {
    OracleType.Kind kind = column.type().kind();
    Object v =
        switch (kind) {
          case NUMBER, FLOAT -> rs.getBigDecimal(index);
          case BINARY_FLOAT -> {
            float f = rs.getFloat(index);
            yield rs.wasNull() ? null : f;
          }
          case BINARY_DOUBLE -> {
            double d = rs.getDouble(index);
            yield rs.wasNull() ? null : d;
          }
          // INTERVAL and VECTOR: their text, parsed by the decoder as the redo's literals are
          case CHAR,
              NCHAR,
              VARCHAR2,
              NVARCHAR2,
              CLOB,
              NCLOB,
              LONG,
              ROWID,
              XMLTYPE,
              INTERVAL_YM,
              INTERVAL_DS,
              VECTOR ->
              rs.getString(index);
          case DATE, TIMESTAMP -> rs.getObject(index, LocalDateTime.class);
          // an offset, as the stream's NLS_TIMESTAMP_TZ_FORMAT gives it (the session asks for no
          // regions)
          case TIMESTAMP_TZ -> rs.getObject(index, OffsetDateTime.class);
          case JSON -> {
            OracleJsonDatum d = rs.getObject(index, OracleJsonDatum.class);
            yield d == null ? null : Bytes.of(d.shareBytes());
          }
          case TIMESTAMP_LTZ -> {
            OffsetDateTime t = rs.getObject(index, OffsetDateTime.class);
            yield t == null ? null : t.toInstant();
          }
          case RAW, BLOB, LONG_RAW -> {
            byte[] b = rs.getBytes(index);
            yield b == null ? null : Bytes.of(b);
          }
          case BOOLEAN -> {
            boolean b = rs.getBoolean(index);
            yield rs.wasNull() ? null : b;
          }
          default ->
              throw new CdcException(
                  ErrorCode.SNAPSHOT_COLUMN_UNREADABLE,
                  "Snapshot of "
                      + table
                      + ": column "
                      + column.name()
                      + " of type "
                      + column.type()
                      + " has no snapshot value");
        };
    return v instanceof BigDecimal && rs.wasNull() ? null : v;
  }
}
