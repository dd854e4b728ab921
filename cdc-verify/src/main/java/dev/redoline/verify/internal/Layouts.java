package dev.redoline.verify.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.Column;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What a verification asks Oracle's dictionary: a table's columns and primary key (the same views
 * the capture reads, ALL_TAB_COLUMNS and ALL_CONSTRAINTS), and the current SCN.
 */
public final class Layouts {

  private Layouts() {}

  public static TableLayout read(Connection connection, TableId table) throws SQLException {
    if (table.pdb() != null) {
      throw new CdcException(
          ErrorCode.VERIFY_TABLE_NOT_COMPARABLE,
          table
              + " is in a PDB: verify it with a"
              + " connection to that PDB and the table's OWNER.TABLE name");
    }
    List<Column> columns = new ArrayList<>();
    try (PreparedStatement st =
        connection.prepareStatement(
            "SELECT COLUMN_NAME, DATA_TYPE, NULLABLE"
                + " FROM ALL_TAB_COLUMNS WHERE OWNER = ? AND TABLE_NAME = ? AND COLUMN_ID IS NOT NULL ORDER BY COLUMN_ID")) {
      st.setString(1, table.owner());
      st.setString(2, table.table());
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          columns.add(
              new Column(
                  rs.getString(1),
                  columns.size() + 1,
                  type(rs.getString(2)),
                  "Y".equals(rs.getString(3))));
        }
      }
    }
    if (columns.isEmpty()) {
      throw new CdcException(
          ErrorCode.VERIFY_TABLE_NOT_COMPARABLE, table + " is not a table the user can read");
    }
    List<String> key = new ArrayList<>();
    try (PreparedStatement st =
        connection.prepareStatement(
            "SELECT CC.COLUMN_NAME FROM ALL_CONSTRAINTS C"
                + " JOIN ALL_CONS_COLUMNS CC ON CC.OWNER = C.OWNER AND CC.CONSTRAINT_NAME = C.CONSTRAINT_NAME"
                + " WHERE C.OWNER = ? AND C.TABLE_NAME = ? AND C.CONSTRAINT_TYPE = 'P' ORDER BY CC.POSITION")) {
      st.setString(1, table.owner());
      st.setString(2, table.table());
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          key.add(rs.getString(1));
        }
      }
    }
    return new TableLayout(table, 1, columns, key);
  }

  /** Oracle's current SCN. */
  public static Scn currentScn(Connection connection) throws SQLException {
    try (Statement st = connection.createStatement();
        ResultSet rs = st.executeQuery("SELECT CURRENT_SCN FROM V$DATABASE")) {
      rs.next();
      return Scn.parse(rs.getBigDecimal(1).toBigInteger().toString());
    }
  }

  /** The SCN as the number bound to {@code AS OF SCN ?}. */
  public static BigDecimal bind(Scn scn) {
    return new BigDecimal(new java.math.BigInteger(scn.toString()));
  }

  private static OracleType type(String dataType) {
    try {
      return OracleType.parse(dataType);
    } catch (IllegalArgumentException e) {
      return new OracleType(
          OracleType.Kind.UNSUPPORTED,
          OracleType.UNSPECIFIED,
          OracleType.UNSPECIFIED,
          OracleType.UNSPECIFIED);
    }
  }
}
