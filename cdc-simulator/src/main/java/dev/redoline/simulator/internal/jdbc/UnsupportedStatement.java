package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * Every method of {@link java.sql.CallableStatement}, failing with {@link
 * SQLFeatureNotSupportedException} naming it: the base of the driver's statement (plain, prepared
 * and callable alike), which overrides the part database clients use. A plain class, as {@link
 * UnsupportedResultSet} is, rather than a dynamic proxy: no call of the driver goes through
 * reflection.
 *
 * <h2>Implementation notes</h2>
 *
 * Generated from the interface and kept as generated: the methods are listed in name order, one per
 * abstract method of the interface and of those it extends; nothing here has behaviour of its own.
 */
public abstract class UnsupportedStatement implements java.sql.CallableStatement {

  static SQLFeatureNotSupportedException unsupported(String method) {
    return new SQLFeatureNotSupportedException(
        "The Oracle simulator's driver does not support CallableStatement." + method);
  }

  @Override
  public void addBatch() throws SQLException {
    throw unsupported("addBatch");
  }

  @Override
  public void addBatch(String a0) throws SQLException {
    throw unsupported("addBatch");
  }

  @Override
  public void cancel() throws SQLException {
    throw unsupported("cancel");
  }

  @Override
  public void clearBatch() throws SQLException {
    throw unsupported("clearBatch");
  }

  @Override
  public void clearParameters() throws SQLException {
    throw unsupported("clearParameters");
  }

  @Override
  public void clearWarnings() throws SQLException {
    throw unsupported("clearWarnings");
  }

  @Override
  public void close() throws SQLException {
    throw unsupported("close");
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    throw unsupported("closeOnCompletion");
  }

  @Override
  public boolean execute() throws SQLException {
    throw unsupported("execute");
  }

  @Override
  public boolean execute(String a0) throws SQLException {
    throw unsupported("execute");
  }

  @Override
  public boolean execute(String a0, String[] a1) throws SQLException {
    throw unsupported("execute");
  }

  @Override
  public boolean execute(String a0, int a1) throws SQLException {
    throw unsupported("execute");
  }

  @Override
  public boolean execute(String a0, int[] a1) throws SQLException {
    throw unsupported("execute");
  }

  @Override
  public int[] executeBatch() throws SQLException {
    throw unsupported("executeBatch");
  }

  @Override
  public java.sql.ResultSet executeQuery() throws SQLException {
    throw unsupported("executeQuery");
  }

  @Override
  public java.sql.ResultSet executeQuery(String a0) throws SQLException {
    throw unsupported("executeQuery");
  }

  @Override
  public int executeUpdate() throws SQLException {
    throw unsupported("executeUpdate");
  }

  @Override
  public int executeUpdate(String a0) throws SQLException {
    throw unsupported("executeUpdate");
  }

  @Override
  public int executeUpdate(String a0, String[] a1) throws SQLException {
    throw unsupported("executeUpdate");
  }

  @Override
  public int executeUpdate(String a0, int a1) throws SQLException {
    throw unsupported("executeUpdate");
  }

  @Override
  public int executeUpdate(String a0, int[] a1) throws SQLException {
    throw unsupported("executeUpdate");
  }

  @Override
  public java.sql.Array getArray(String a0) throws SQLException {
    throw unsupported("getArray");
  }

  @Override
  public java.sql.Array getArray(int a0) throws SQLException {
    throw unsupported("getArray");
  }

  @Override
  public java.math.BigDecimal getBigDecimal(String a0) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Override
  public java.math.BigDecimal getBigDecimal(int a0) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Deprecated
  @Override
  public java.math.BigDecimal getBigDecimal(int a0, int a1) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Override
  public java.sql.Blob getBlob(String a0) throws SQLException {
    throw unsupported("getBlob");
  }

  @Override
  public java.sql.Blob getBlob(int a0) throws SQLException {
    throw unsupported("getBlob");
  }

  @Override
  public boolean getBoolean(String a0) throws SQLException {
    throw unsupported("getBoolean");
  }

  @Override
  public boolean getBoolean(int a0) throws SQLException {
    throw unsupported("getBoolean");
  }

  @Override
  public byte getByte(String a0) throws SQLException {
    throw unsupported("getByte");
  }

  @Override
  public byte getByte(int a0) throws SQLException {
    throw unsupported("getByte");
  }

  @Override
  public byte[] getBytes(String a0) throws SQLException {
    throw unsupported("getBytes");
  }

  @Override
  public byte[] getBytes(int a0) throws SQLException {
    throw unsupported("getBytes");
  }

  @Override
  public java.io.Reader getCharacterStream(String a0) throws SQLException {
    throw unsupported("getCharacterStream");
  }

  @Override
  public java.io.Reader getCharacterStream(int a0) throws SQLException {
    throw unsupported("getCharacterStream");
  }

  @Override
  public java.sql.Clob getClob(String a0) throws SQLException {
    throw unsupported("getClob");
  }

  @Override
  public java.sql.Clob getClob(int a0) throws SQLException {
    throw unsupported("getClob");
  }

  @Override
  public java.sql.Connection getConnection() throws SQLException {
    throw unsupported("getConnection");
  }

  @Override
  public java.sql.Date getDate(String a0) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public java.sql.Date getDate(String a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public java.sql.Date getDate(int a0) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public java.sql.Date getDate(int a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getDate");
  }

  @Override
  public double getDouble(String a0) throws SQLException {
    throw unsupported("getDouble");
  }

  @Override
  public double getDouble(int a0) throws SQLException {
    throw unsupported("getDouble");
  }

  @Override
  public int getFetchDirection() throws SQLException {
    throw unsupported("getFetchDirection");
  }

  @Override
  public int getFetchSize() throws SQLException {
    throw unsupported("getFetchSize");
  }

  @Override
  public float getFloat(String a0) throws SQLException {
    throw unsupported("getFloat");
  }

  @Override
  public float getFloat(int a0) throws SQLException {
    throw unsupported("getFloat");
  }

  @Override
  public java.sql.ResultSet getGeneratedKeys() throws SQLException {
    throw unsupported("getGeneratedKeys");
  }

  @Override
  public int getInt(String a0) throws SQLException {
    throw unsupported("getInt");
  }

  @Override
  public int getInt(int a0) throws SQLException {
    throw unsupported("getInt");
  }

  @Override
  public long getLong(String a0) throws SQLException {
    throw unsupported("getLong");
  }

  @Override
  public long getLong(int a0) throws SQLException {
    throw unsupported("getLong");
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    throw unsupported("getMaxFieldSize");
  }

  @Override
  public int getMaxRows() throws SQLException {
    throw unsupported("getMaxRows");
  }

  @Override
  public java.sql.ResultSetMetaData getMetaData() throws SQLException {
    throw unsupported("getMetaData");
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    throw unsupported("getMoreResults");
  }

  @Override
  public boolean getMoreResults(int a0) throws SQLException {
    throw unsupported("getMoreResults");
  }

  @Override
  public java.io.Reader getNCharacterStream(String a0) throws SQLException {
    throw unsupported("getNCharacterStream");
  }

  @Override
  public java.io.Reader getNCharacterStream(int a0) throws SQLException {
    throw unsupported("getNCharacterStream");
  }

  @Override
  public java.sql.NClob getNClob(String a0) throws SQLException {
    throw unsupported("getNClob");
  }

  @Override
  public java.sql.NClob getNClob(int a0) throws SQLException {
    throw unsupported("getNClob");
  }

  @Override
  public String getNString(String a0) throws SQLException {
    throw unsupported("getNString");
  }

  @Override
  public String getNString(int a0) throws SQLException {
    throw unsupported("getNString");
  }

  @Override
  public Object getObject(String a0) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public <T> T getObject(String a0, Class<T> a1) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public Object getObject(String a0, java.util.Map<String, Class<?>> a1) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public Object getObject(int a0) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public <T> T getObject(int a0, Class<T> a1) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public Object getObject(int a0, java.util.Map<String, Class<?>> a1) throws SQLException {
    throw unsupported("getObject");
  }

  @Override
  public java.sql.ParameterMetaData getParameterMetaData() throws SQLException {
    throw unsupported("getParameterMetaData");
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    throw unsupported("getQueryTimeout");
  }

  @Override
  public java.sql.Ref getRef(String a0) throws SQLException {
    throw unsupported("getRef");
  }

  @Override
  public java.sql.Ref getRef(int a0) throws SQLException {
    throw unsupported("getRef");
  }

  @Override
  public java.sql.ResultSet getResultSet() throws SQLException {
    throw unsupported("getResultSet");
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    throw unsupported("getResultSetConcurrency");
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    throw unsupported("getResultSetHoldability");
  }

  @Override
  public int getResultSetType() throws SQLException {
    throw unsupported("getResultSetType");
  }

  @Override
  public java.sql.RowId getRowId(String a0) throws SQLException {
    throw unsupported("getRowId");
  }

  @Override
  public java.sql.RowId getRowId(int a0) throws SQLException {
    throw unsupported("getRowId");
  }

  @Override
  public java.sql.SQLXML getSQLXML(String a0) throws SQLException {
    throw unsupported("getSQLXML");
  }

  @Override
  public java.sql.SQLXML getSQLXML(int a0) throws SQLException {
    throw unsupported("getSQLXML");
  }

  @Override
  public short getShort(String a0) throws SQLException {
    throw unsupported("getShort");
  }

  @Override
  public short getShort(int a0) throws SQLException {
    throw unsupported("getShort");
  }

  @Override
  public String getString(String a0) throws SQLException {
    throw unsupported("getString");
  }

  @Override
  public String getString(int a0) throws SQLException {
    throw unsupported("getString");
  }

  @Override
  public java.sql.Time getTime(String a0) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Time getTime(String a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Time getTime(int a0) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Time getTime(int a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTime");
  }

  @Override
  public java.sql.Timestamp getTimestamp(String a0) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.sql.Timestamp getTimestamp(String a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.sql.Timestamp getTimestamp(int a0) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.sql.Timestamp getTimestamp(int a0, java.util.Calendar a1) throws SQLException {
    throw unsupported("getTimestamp");
  }

  @Override
  public java.net.URL getURL(String a0) throws SQLException {
    throw unsupported("getURL");
  }

  @Override
  public java.net.URL getURL(int a0) throws SQLException {
    throw unsupported("getURL");
  }

  @Override
  public int getUpdateCount() throws SQLException {
    throw unsupported("getUpdateCount");
  }

  @Override
  public java.sql.SQLWarning getWarnings() throws SQLException {
    throw unsupported("getWarnings");
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    throw unsupported("isCloseOnCompletion");
  }

  @Override
  public boolean isClosed() throws SQLException {
    throw unsupported("isClosed");
  }

  @Override
  public boolean isPoolable() throws SQLException {
    throw unsupported("isPoolable");
  }

  @Override
  public boolean isWrapperFor(Class<?> a0) throws SQLException {
    throw unsupported("isWrapperFor");
  }

  @Override
  public void registerOutParameter(String a0, int a1) throws SQLException {
    throw unsupported("registerOutParameter");
  }

  @Override
  public void registerOutParameter(String a0, int a1, String a2) throws SQLException {
    throw unsupported("registerOutParameter");
  }

  @Override
  public void registerOutParameter(String a0, int a1, int a2) throws SQLException {
    throw unsupported("registerOutParameter");
  }

  @Override
  public void registerOutParameter(int a0, int a1) throws SQLException {
    throw unsupported("registerOutParameter");
  }

  @Override
  public void registerOutParameter(int a0, int a1, String a2) throws SQLException {
    throw unsupported("registerOutParameter");
  }

  @Override
  public void registerOutParameter(int a0, int a1, int a2) throws SQLException {
    throw unsupported("registerOutParameter");
  }

  @Override
  public void setArray(int a0, java.sql.Array a1) throws SQLException {
    throw unsupported("setArray");
  }

  @Override
  public void setAsciiStream(String a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("setAsciiStream");
  }

  @Override
  public void setAsciiStream(String a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("setAsciiStream");
  }

  @Override
  public void setAsciiStream(String a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("setAsciiStream");
  }

  @Override
  public void setAsciiStream(int a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("setAsciiStream");
  }

  @Override
  public void setAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("setAsciiStream");
  }

  @Override
  public void setAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("setAsciiStream");
  }

  @Override
  public void setBigDecimal(String a0, java.math.BigDecimal a1) throws SQLException {
    throw unsupported("setBigDecimal");
  }

  @Override
  public void setBigDecimal(int a0, java.math.BigDecimal a1) throws SQLException {
    throw unsupported("setBigDecimal");
  }

  @Override
  public void setBinaryStream(String a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("setBinaryStream");
  }

  @Override
  public void setBinaryStream(String a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("setBinaryStream");
  }

  @Override
  public void setBinaryStream(String a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("setBinaryStream");
  }

  @Override
  public void setBinaryStream(int a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("setBinaryStream");
  }

  @Override
  public void setBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("setBinaryStream");
  }

  @Override
  public void setBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("setBinaryStream");
  }

  @Override
  public void setBlob(String a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("setBlob");
  }

  @Override
  public void setBlob(String a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("setBlob");
  }

  @Override
  public void setBlob(String a0, java.sql.Blob a1) throws SQLException {
    throw unsupported("setBlob");
  }

  @Override
  public void setBlob(int a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("setBlob");
  }

  @Override
  public void setBlob(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("setBlob");
  }

  @Override
  public void setBlob(int a0, java.sql.Blob a1) throws SQLException {
    throw unsupported("setBlob");
  }

  @Override
  public void setBoolean(String a0, boolean a1) throws SQLException {
    throw unsupported("setBoolean");
  }

  @Override
  public void setBoolean(int a0, boolean a1) throws SQLException {
    throw unsupported("setBoolean");
  }

  @Override
  public void setByte(String a0, byte a1) throws SQLException {
    throw unsupported("setByte");
  }

  @Override
  public void setByte(int a0, byte a1) throws SQLException {
    throw unsupported("setByte");
  }

  @Override
  public void setBytes(String a0, byte[] a1) throws SQLException {
    throw unsupported("setBytes");
  }

  @Override
  public void setBytes(int a0, byte[] a1) throws SQLException {
    throw unsupported("setBytes");
  }

  @Override
  public void setCharacterStream(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setCharacterStream");
  }

  @Override
  public void setCharacterStream(String a0, java.io.Reader a1, int a2) throws SQLException {
    throw unsupported("setCharacterStream");
  }

  @Override
  public void setCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setCharacterStream");
  }

  @Override
  public void setCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setCharacterStream");
  }

  @Override
  public void setCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException {
    throw unsupported("setCharacterStream");
  }

  @Override
  public void setCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setCharacterStream");
  }

  @Override
  public void setClob(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setClob");
  }

  @Override
  public void setClob(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setClob");
  }

  @Override
  public void setClob(String a0, java.sql.Clob a1) throws SQLException {
    throw unsupported("setClob");
  }

  @Override
  public void setClob(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setClob");
  }

  @Override
  public void setClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setClob");
  }

  @Override
  public void setClob(int a0, java.sql.Clob a1) throws SQLException {
    throw unsupported("setClob");
  }

  @Override
  public void setCursorName(String a0) throws SQLException {
    throw unsupported("setCursorName");
  }

  @Override
  public void setDate(String a0, java.sql.Date a1) throws SQLException {
    throw unsupported("setDate");
  }

  @Override
  public void setDate(String a0, java.sql.Date a1, java.util.Calendar a2) throws SQLException {
    throw unsupported("setDate");
  }

  @Override
  public void setDate(int a0, java.sql.Date a1) throws SQLException {
    throw unsupported("setDate");
  }

  @Override
  public void setDate(int a0, java.sql.Date a1, java.util.Calendar a2) throws SQLException {
    throw unsupported("setDate");
  }

  @Override
  public void setDouble(String a0, double a1) throws SQLException {
    throw unsupported("setDouble");
  }

  @Override
  public void setDouble(int a0, double a1) throws SQLException {
    throw unsupported("setDouble");
  }

  @Override
  public void setEscapeProcessing(boolean a0) throws SQLException {
    throw unsupported("setEscapeProcessing");
  }

  @Override
  public void setFetchDirection(int a0) throws SQLException {
    throw unsupported("setFetchDirection");
  }

  @Override
  public void setFetchSize(int a0) throws SQLException {
    throw unsupported("setFetchSize");
  }

  @Override
  public void setFloat(String a0, float a1) throws SQLException {
    throw unsupported("setFloat");
  }

  @Override
  public void setFloat(int a0, float a1) throws SQLException {
    throw unsupported("setFloat");
  }

  @Override
  public void setInt(String a0, int a1) throws SQLException {
    throw unsupported("setInt");
  }

  @Override
  public void setInt(int a0, int a1) throws SQLException {
    throw unsupported("setInt");
  }

  @Override
  public void setLong(String a0, long a1) throws SQLException {
    throw unsupported("setLong");
  }

  @Override
  public void setLong(int a0, long a1) throws SQLException {
    throw unsupported("setLong");
  }

  @Override
  public void setMaxFieldSize(int a0) throws SQLException {
    throw unsupported("setMaxFieldSize");
  }

  @Override
  public void setMaxRows(int a0) throws SQLException {
    throw unsupported("setMaxRows");
  }

  @Override
  public void setNCharacterStream(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setNCharacterStream");
  }

  @Override
  public void setNCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setNCharacterStream");
  }

  @Override
  public void setNCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setNCharacterStream");
  }

  @Override
  public void setNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setNCharacterStream");
  }

  @Override
  public void setNClob(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setNClob");
  }

  @Override
  public void setNClob(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setNClob");
  }

  @Override
  public void setNClob(String a0, java.sql.NClob a1) throws SQLException {
    throw unsupported("setNClob");
  }

  @Override
  public void setNClob(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("setNClob");
  }

  @Override
  public void setNClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("setNClob");
  }

  @Override
  public void setNClob(int a0, java.sql.NClob a1) throws SQLException {
    throw unsupported("setNClob");
  }

  @Override
  public void setNString(String a0, String a1) throws SQLException {
    throw unsupported("setNString");
  }

  @Override
  public void setNString(int a0, String a1) throws SQLException {
    throw unsupported("setNString");
  }

  @Override
  public void setNull(String a0, int a1) throws SQLException {
    throw unsupported("setNull");
  }

  @Override
  public void setNull(String a0, int a1, String a2) throws SQLException {
    throw unsupported("setNull");
  }

  @Override
  public void setNull(int a0, int a1) throws SQLException {
    throw unsupported("setNull");
  }

  @Override
  public void setNull(int a0, int a1, String a2) throws SQLException {
    throw unsupported("setNull");
  }

  @Override
  public void setObject(String a0, Object a1) throws SQLException {
    throw unsupported("setObject");
  }

  @Override
  public void setObject(String a0, Object a1, int a2) throws SQLException {
    throw unsupported("setObject");
  }

  @Override
  public void setObject(String a0, Object a1, int a2, int a3) throws SQLException {
    throw unsupported("setObject");
  }

  @Override
  public void setObject(int a0, Object a1) throws SQLException {
    throw unsupported("setObject");
  }

  @Override
  public void setObject(int a0, Object a1, int a2) throws SQLException {
    throw unsupported("setObject");
  }

  @Override
  public void setObject(int a0, Object a1, int a2, int a3) throws SQLException {
    throw unsupported("setObject");
  }

  @Override
  public void setPoolable(boolean a0) throws SQLException {
    throw unsupported("setPoolable");
  }

  @Override
  public void setQueryTimeout(int a0) throws SQLException {
    throw unsupported("setQueryTimeout");
  }

  @Override
  public void setRef(int a0, java.sql.Ref a1) throws SQLException {
    throw unsupported("setRef");
  }

  @Override
  public void setRowId(String a0, java.sql.RowId a1) throws SQLException {
    throw unsupported("setRowId");
  }

  @Override
  public void setRowId(int a0, java.sql.RowId a1) throws SQLException {
    throw unsupported("setRowId");
  }

  @Override
  public void setSQLXML(String a0, java.sql.SQLXML a1) throws SQLException {
    throw unsupported("setSQLXML");
  }

  @Override
  public void setSQLXML(int a0, java.sql.SQLXML a1) throws SQLException {
    throw unsupported("setSQLXML");
  }

  @Override
  public void setShort(String a0, short a1) throws SQLException {
    throw unsupported("setShort");
  }

  @Override
  public void setShort(int a0, short a1) throws SQLException {
    throw unsupported("setShort");
  }

  @Override
  public void setString(String a0, String a1) throws SQLException {
    throw unsupported("setString");
  }

  @Override
  public void setString(int a0, String a1) throws SQLException {
    throw unsupported("setString");
  }

  @Override
  public void setTime(String a0, java.sql.Time a1) throws SQLException {
    throw unsupported("setTime");
  }

  @Override
  public void setTime(String a0, java.sql.Time a1, java.util.Calendar a2) throws SQLException {
    throw unsupported("setTime");
  }

  @Override
  public void setTime(int a0, java.sql.Time a1) throws SQLException {
    throw unsupported("setTime");
  }

  @Override
  public void setTime(int a0, java.sql.Time a1, java.util.Calendar a2) throws SQLException {
    throw unsupported("setTime");
  }

  @Override
  public void setTimestamp(String a0, java.sql.Timestamp a1) throws SQLException {
    throw unsupported("setTimestamp");
  }

  @Override
  public void setTimestamp(String a0, java.sql.Timestamp a1, java.util.Calendar a2)
      throws SQLException {
    throw unsupported("setTimestamp");
  }

  @Override
  public void setTimestamp(int a0, java.sql.Timestamp a1) throws SQLException {
    throw unsupported("setTimestamp");
  }

  @Override
  public void setTimestamp(int a0, java.sql.Timestamp a1, java.util.Calendar a2)
      throws SQLException {
    throw unsupported("setTimestamp");
  }

  @Override
  public void setURL(String a0, java.net.URL a1) throws SQLException {
    throw unsupported("setURL");
  }

  @Override
  public void setURL(int a0, java.net.URL a1) throws SQLException {
    throw unsupported("setURL");
  }

  @Deprecated
  @Override
  public void setUnicodeStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("setUnicodeStream");
  }

  @Override
  public <T> T unwrap(Class<T> a0) throws SQLException {
    throw unsupported("unwrap");
  }

  @Override
  public boolean wasNull() throws SQLException {
    throw unsupported("wasNull");
  }
}
