package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;

/**
 * The methods {@link java.sql.ResultSet} and {@link java.sql.CallableStatement} declare with one
 * signature (the column reads, {@code wasNull}, the fetch size and direction, {@code getMetaData}),
 * each failing with a {@link java.sql.SQLFeatureNotSupportedException} naming it: the shared part
 * of {@link UnsupportedResultSet} and {@link UnsupportedStatement}, which add the methods only
 * their own interface has.
 *
 * <h2>Implementation notes</h2>
 *
 * Listed in name order, one per method the two interfaces have in common (those of {@link
 * DriverResource} and {@link DriverObject} excepted); nothing here has behaviour of its own.
 *
 * <p>The methods repeat in shape ({@code throw unsupported("name")} under a signature of their own)
 * and cannot be one piece of code: a JDBC interface method is implemented by a method of its exact
 * signature, and the name in the message is what tells a caller which one it called.
 */
abstract class UnsupportedColumnReads extends DriverResource {

  UnsupportedColumnReads(String jdbcInterface) {
    super(jdbcInterface);
  }

  public java.sql.Array getArray(String a0) throws SQLException {
    throw unsupported("getArray");
  }

  public java.sql.Array getArray(int a0) throws SQLException {
    throw unsupported("getArray");
  }

  public java.math.BigDecimal getBigDecimal(String a0) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  public java.math.BigDecimal getBigDecimal(int a0) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Deprecated
  public java.math.BigDecimal getBigDecimal(int a0, int a1) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  public java.sql.Blob getBlob(String a0) throws SQLException {
    throw unsupported("getBlob");
  }

  public java.sql.Blob getBlob(int a0) throws SQLException {
    throw unsupported("getBlob");
  }

  public boolean getBoolean(String a0) throws SQLException {
    throw unsupported("getBoolean");
  }

  public boolean getBoolean(int a0) throws SQLException {
    throw unsupported("getBoolean");
  }

  public byte getByte(String a0) throws SQLException {
    throw unsupported("getByte");
  }

  public byte getByte(int a0) throws SQLException {
    throw unsupported("getByte");
  }

  public byte[] getBytes(String a0) throws SQLException {
    throw unsupported("getBytes");
  }

  public byte[] getBytes(int a0) throws SQLException {
    throw unsupported("getBytes");
  }

  public java.io.Reader getCharacterStream(String a0) throws SQLException {
    throw unsupported("getCharacterStream");
  }

  public java.io.Reader getCharacterStream(int a0) throws SQLException {
    throw unsupported("getCharacterStream");
  }

  public java.sql.Clob getClob(String a0) throws SQLException {
    throw unsupported("getClob");
  }

  public java.sql.Clob getClob(int a0) throws SQLException {
    throw unsupported("getClob");
  }

  public java.sql.Date getDate(String a0) throws SQLException {
    throw unsupported("getDate");
  }

  public java.sql.Date getDate(String a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getDate");
  }

  public java.sql.Date getDate(int a0) throws SQLException {
    throw unsupported("getDate");
  }

  public java.sql.Date getDate(int a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getDate");
  }

  public double getDouble(String a0) throws SQLException {
    throw unsupported("getDouble");
  }

  public double getDouble(int a0) throws SQLException {
    throw unsupported("getDouble");
  }

  public int getFetchDirection() throws SQLException {
    throw unsupported("getFetchDirection");
  }

  public int getFetchSize() throws SQLException {
    throw unsupported("getFetchSize");
  }

  public float getFloat(String a0) throws SQLException {
    throw unsupported("getFloat");
  }

  public float getFloat(int a0) throws SQLException {
    throw unsupported("getFloat");
  }

  public int getInt(String a0) throws SQLException {
    throw unsupported("getInt");
  }

  public int getInt(int a0) throws SQLException {
    throw unsupported("getInt");
  }

  public long getLong(String a0) throws SQLException {
    throw unsupported("getLong");
  }

  public long getLong(int a0) throws SQLException {
    throw unsupported("getLong");
  }

  public java.sql.ResultSetMetaData getMetaData() throws SQLException {
    throw unsupported("getMetaData");
  }

  public java.io.Reader getNCharacterStream(String a0) throws SQLException {
    throw unsupported("getNCharacterStream");
  }

  public java.io.Reader getNCharacterStream(int a0) throws SQLException {
    throw unsupported("getNCharacterStream");
  }

  public java.sql.NClob getNClob(String a0) throws SQLException {
    throw unsupported("getNClob");
  }

  public java.sql.NClob getNClob(int a0) throws SQLException {
    throw unsupported("getNClob");
  }

  public String getNString(String a0) throws SQLException {
    throw unsupported("getNString");
  }

  public String getNString(int a0) throws SQLException {
    throw unsupported("getNString");
  }

  public Object getObject(String a0) throws SQLException {
    throw unsupported("getObject");
  }

  public <T> T getObject(String a0, Class<T> a1) throws SQLException {
    throw unsupported("getObject");
  }

  public Object getObject(String a0, java.util.Map<String, Class<?>> a1) throws SQLException {
    throw unsupported("getObject");
  }

  public Object getObject(int a0) throws SQLException {
    throw unsupported("getObject");
  }

  public <T> T getObject(int a0, Class<T> a1) throws SQLException {
    throw unsupported("getObject");
  }

  public Object getObject(int a0, java.util.Map<String, Class<?>> a1) throws SQLException {
    throw unsupported("getObject");
  }

  public java.sql.Ref getRef(String a0) throws SQLException {
    throw unsupported("getRef");
  }

  public java.sql.Ref getRef(int a0) throws SQLException {
    throw unsupported("getRef");
  }

  public java.sql.RowId getRowId(String a0) throws SQLException {
    throw unsupported("getRowId");
  }

  public java.sql.RowId getRowId(int a0) throws SQLException {
    throw unsupported("getRowId");
  }

  public java.sql.SQLXML getSQLXML(String a0) throws SQLException {
    throw unsupported("getSQLXML");
  }

  public java.sql.SQLXML getSQLXML(int a0) throws SQLException {
    throw unsupported("getSQLXML");
  }

  public short getShort(String a0) throws SQLException {
    throw unsupported("getShort");
  }

  public short getShort(int a0) throws SQLException {
    throw unsupported("getShort");
  }

  public String getString(String a0) throws SQLException {
    throw unsupported("getString");
  }

  public String getString(int a0) throws SQLException {
    throw unsupported("getString");
  }

  public java.sql.Time getTime(String a0) throws SQLException {
    throw unsupported("getTime");
  }

  public java.sql.Time getTime(String a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTime");
  }

  public java.sql.Time getTime(int a0) throws SQLException {
    throw unsupported("getTime");
  }

  public java.sql.Time getTime(int a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTime");
  }

  public java.sql.Timestamp getTimestamp(String a0) throws SQLException {
    throw unsupported("getTimestamp");
  }

  public java.sql.Timestamp getTimestamp(String a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTimestamp");
  }

  public java.sql.Timestamp getTimestamp(int a0) throws SQLException {
    throw unsupported("getTimestamp");
  }

  public java.sql.Timestamp getTimestamp(int a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTimestamp");
  }

  public java.net.URL getURL(String a0) throws SQLException {
    throw unsupported("getURL");
  }

  public java.net.URL getURL(int a0) throws SQLException {
    throw unsupported("getURL");
  }

  public void setFetchDirection(int a0) throws SQLException {
    throw unsupported("setFetchDirection");
  }

  public void setFetchSize(int a0) throws SQLException {
    throw unsupported("setFetchSize");
  }

  public boolean wasNull() throws SQLException {
    throw unsupported("wasNull");
  }
}
