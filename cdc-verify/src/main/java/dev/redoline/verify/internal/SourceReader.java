package dev.redoline.verify.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@link SourceSql}'s queries on Oracle and counts the bytes of what comes back: each value as
 * its text in UTF-8, so the count is what a comparison moves out of the database whatever the
 * driver's wire format adds.
 */
final class SourceReader {

  private final Connection connection;
  private long bytes;

  SourceReader(Connection connection) {
    this.connection = connection;
  }

  long bytes() {
    return bytes;
  }

  /**
   * The key of a boundary query, typed by the key columns' kinds, or empty when there is no such
   * row.
   */
  List<Object> key(String sql, List<Object> binds, List<ColumnCheck> key) throws SQLException {
    List<Object> out = new ArrayList<>();
    query(
        sql,
        binds,
        rs -> {
          for (int i = 0; i < key.size(); i++) {
            out.add(keyValue(rs, i + 1, key.get(i).kind()));
          }
        });
    return out;
  }

  /** {@code [count, sum]} of a checksum query. */
  BigDecimal[] checksum(String sql, List<Object> binds) throws SQLException {
    BigDecimal[] out = {BigDecimal.ZERO, BigDecimal.ZERO};
    query(
        sql,
        binds,
        rs -> {
          out[0] = count(rs.getBigDecimal(1));
          out[1] = count(rs.getBigDecimal(2));
        });
    return out;
  }

  /** The rows of a pieces query: the typed key, then the pieces. */
  List<Object[]> pieces(String sql, List<Object> binds, List<ColumnCheck> key, int pieces)
      throws SQLException {
    List<Object[]> out = new ArrayList<>();
    query(
        sql,
        binds,
        rs -> {
          Object[] row = new Object[key.size() + pieces];
          for (int i = 0; i < key.size(); i++) {
            row[i] = keyValue(rs, i + 1, key.get(i).kind());
          }
          for (int i = 0; i < pieces; i++) {
            row[key.size() + i] = rs.getString(key.size() + i + 1);
            bytes += ((String) row[key.size() + i]).length();
          }
          out.add(row);
        });
    return out;
  }

  private BigDecimal count(BigDecimal v) {
    BigDecimal n = v == null ? BigDecimal.ZERO : v;
    bytes += n.toPlainString().length();
    return n;
  }

  private Object keyValue(ResultSet rs, int index, OracleType.Kind kind) throws SQLException {
    Object v =
        switch (kind) {
          case NUMBER, FLOAT -> {
            BigDecimal d = rs.getBigDecimal(index);
            yield d == null ? null : d.stripTrailingZeros();
          }
          case DATE, TIMESTAMP -> rs.getObject(index, LocalDateTime.class);
          default -> rs.getString(index);
        };
    bytes += v == null ? 0 : v.toString().getBytes(StandardCharsets.UTF_8).length;
    return v;
  }

  private interface RowAction {
    void row(ResultSet rs) throws SQLException;
  }

  private void query(String sql, List<Object> binds, RowAction action) throws SQLException {
    try (PreparedStatement st = connection.prepareStatement(sql)) {
      st.setFetchSize(1000);
      for (int i = 0; i < binds.size(); i++) {
        st.setObject(i + 1, binds.get(i));
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          action.row(rs);
        }
      }
    } catch (SQLException e) {
      String m = String.valueOf(e.getMessage());
      if (m.contains("ORA-00904") && (m.contains("DBMS_CRYPTO") || m.contains("STANDARD_HASH"))
          || m.contains("ORA-06550")
          || m.contains("ORA-01031")) {
        throw new CdcException(ErrorCode.VERIFY_CHECKSUM_REFUSED, m, e);
      }
      throw e;
    }
  }
}
