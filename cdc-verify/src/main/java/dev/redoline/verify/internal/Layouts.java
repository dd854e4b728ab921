package dev.redoline.verify.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Column;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.ServiceLoader;

/**
 * What a verification asks Oracle's dictionary: a table's columns and primary key (the same views
 * the capture reads, ALL_TAB_COLUMNS and ALL_CONSTRAINTS), and the current SCN.
 */
public final class Layouts {

  private Layouts() {}

  /**
   * The layout of {@code table}, read in the container {@code connection} is in (for a table of a
   * PDB, a session {@linkplain #enterContainer moved there}); the layout keeps the PDB in its
   * table's name, for the column rules and the target.
   */
  public static TableLayout read(Connection connection, TableId table) throws SQLException {
    List<Column> columns = new ArrayList<>();
    try (PreparedStatement st =
        connection.prepareStatement(
            "SELECT COLUMN_NAME, DATA_TYPE, NULLABLE, DATA_PRECISION, DATA_SCALE"
                + " FROM ALL_TAB_COLUMNS WHERE OWNER = ? AND TABLE_NAME = ? AND COLUMN_ID IS NOT NULL ORDER BY COLUMN_ID")) {
      st.setString(1, table.owner());
      st.setString(2, table.table());
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          columns.add(
              new Column(
                  rs.getString(1),
                  columns.size() + 1,
                  type(rs.getString(2), integer(rs, 4), integer(rs, 5)),
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

  /**
   * Moves {@code connection}'s session into {@code pdb} ({@code ALTER SESSION SET CONTAINER}),
   * where a PDB's tables are {@code OWNER.TABLE}, as the capture's snapshots read them.
   *
   * @throws CdcException CDC-4003 when the user may not SET CONTAINER
   */
  public static void enterContainer(Connection connection, String pdb) throws SQLException {
    try (Statement st = connection.createStatement()) {
      st.execute("ALTER SESSION SET CONTAINER = \"" + pdb.replace("\"", "\"\"") + '"');
    } catch (SQLException e) {
      if (e.getErrorCode() == 1031) { // ORA-01031: insufficient privileges
        throw new CdcException(
            ErrorCode.MISSING_PRIVILEGE,
            "a verification of the tables of PDB "
                + pdb
                + " reads them in a session moved there with ALTER SESSION SET CONTAINER: GRANT SET"
                + " CONTAINER TO <capture user> CONTAINER=ALL ("
                + e.getMessage()
                + ")",
            e);
      }
      throw e;
    }
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

  private static Integer integer(ResultSet rs, int column) throws SQLException {
    BigDecimal v = rs.getBigDecimal(column);
    return v == null ? null : v.intValue();
  }

  /**
   * The declared type: a NUMBER's precision and scale (the scale a record's decimal is read back
   * with), a FLOAT's precision; DATA_TYPE already spells a TIMESTAMP's fractional digits.
   */
  private static OracleType type(String dataType, Integer precision, Integer scale) {
    String declared =
        switch (dataType) {
          case "NUMBER" ->
              precision == null
                  ? (scale == null ? "NUMBER" : "NUMBER(38," + scale + ")")
                  : "NUMBER(" + precision + "," + (scale == null ? 0 : scale) + ")";
          case "FLOAT" -> precision == null ? "FLOAT" : "FLOAT(" + precision + ")";
          default -> dataType;
        };
    try {
      return OracleType.parse(declared);
    } catch (IllegalArgumentException e) {
      return new OracleType(
          OracleType.Kind.UNSUPPORTED,
          OracleType.UNSPECIFIED,
          OracleType.UNSPECIFIED,
          OracleType.UNSPECIFIED);
    }
  }

  /**
   * A connection to the capture's database, found among the drivers present (Oracle's, the
   * simulator's).
   */
  public static Connection connect(CdcConfig config) throws SQLException {
    String url = config.get(CdcConfig.DATABASE_URL);
    Properties p = new Properties();
    String user = config.get(CdcConfig.DATABASE_USER);
    if (user != null && !user.isEmpty()) {
      p.setProperty("user", user);
      p.setProperty("password", config.get(CdcConfig.DATABASE_PASSWORD).reveal());
    }
    for (Driver d : ServiceLoader.load(Driver.class, Layouts.class.getClassLoader())) {
      if (d.acceptsURL(url)) {
        return d.connect(url, p);
      }
    }
    return DriverManager.getConnection(url, p);
  }
}
