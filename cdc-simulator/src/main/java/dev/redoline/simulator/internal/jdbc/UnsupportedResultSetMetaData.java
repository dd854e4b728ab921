package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;

/**
 * Every method of {@link java.sql.ResultSetMetaData}, failing with {@link
 * java.sql.SQLFeatureNotSupportedException} naming it: the base of the driver's result set
 * metadata, which overrides the part database clients use. A plain class, as {@link
 * UnsupportedResultSet} is, rather than a dynamic proxy: no call of the driver goes through
 * reflection.
 *
 * <h2>Implementation notes</h2>
 *
 * Generated from the interface and kept as generated: the methods are listed in name order, one per
 * abstract method of the interface and of those it extends (the wrapper methods are {@link
 * DriverObject}'s); nothing here has behaviour of its own.
 *
 * <p>What stays here cannot be shared: each method is {@code throw unsupported("name")} with its
 * own signature, which only this interface declares, so the lines repeat in shape (the duplicate
 * finder lists them) without one piece of code that could serve two of them.
 */
public abstract class UnsupportedResultSetMetaData extends DriverObject
    implements java.sql.ResultSetMetaData {

  protected UnsupportedResultSetMetaData() {
    super("ResultSetMetaData");
  }

  @Override
  public String getCatalogName(int a0) throws SQLException {
    throw unsupported("getCatalogName");
  }

  @Override
  public String getColumnClassName(int a0) throws SQLException {
    throw unsupported("getColumnClassName");
  }

  @Override
  public int getColumnCount() throws SQLException {
    throw unsupported("getColumnCount");
  }

  @Override
  public int getColumnDisplaySize(int a0) throws SQLException {
    throw unsupported("getColumnDisplaySize");
  }

  @Override
  public String getColumnLabel(int a0) throws SQLException {
    throw unsupported("getColumnLabel");
  }

  @Override
  public String getColumnName(int a0) throws SQLException {
    throw unsupported("getColumnName");
  }

  @Override
  public int getColumnType(int a0) throws SQLException {
    throw unsupported("getColumnType");
  }

  @Override
  public String getColumnTypeName(int a0) throws SQLException {
    throw unsupported("getColumnTypeName");
  }

  @Override
  public int getPrecision(int a0) throws SQLException {
    throw unsupported("getPrecision");
  }

  @Override
  public int getScale(int a0) throws SQLException {
    throw unsupported("getScale");
  }

  @Override
  public String getSchemaName(int a0) throws SQLException {
    throw unsupported("getSchemaName");
  }

  @Override
  public String getTableName(int a0) throws SQLException {
    throw unsupported("getTableName");
  }

  @Override
  public boolean isAutoIncrement(int a0) throws SQLException {
    throw unsupported("isAutoIncrement");
  }

  @Override
  public boolean isCaseSensitive(int a0) throws SQLException {
    throw unsupported("isCaseSensitive");
  }

  @Override
  public boolean isCurrency(int a0) throws SQLException {
    throw unsupported("isCurrency");
  }

  @Override
  public boolean isDefinitelyWritable(int a0) throws SQLException {
    throw unsupported("isDefinitelyWritable");
  }

  @Override
  public int isNullable(int a0) throws SQLException {
    throw unsupported("isNullable");
  }

  @Override
  public boolean isReadOnly(int a0) throws SQLException {
    throw unsupported("isReadOnly");
  }

  @Override
  public boolean isSearchable(int a0) throws SQLException {
    throw unsupported("isSearchable");
  }

  @Override
  public boolean isSigned(int a0) throws SQLException {
    throw unsupported("isSigned");
  }

  @Override
  public boolean isWritable(int a0) throws SQLException {
    throw unsupported("isWritable");
  }
}
