package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;

/**
 * Every method of {@link java.sql.CallableStatement} but those it shares with a result set ({@link
 * UnsupportedColumnReads}), failing with {@link java.sql.SQLFeatureNotSupportedException} naming
 * it: the base of the driver's statement (plain, prepared and callable alike), which overrides the
 * part database clients use. A plain class, as {@link UnsupportedResultSet} is, rather than a
 * dynamic proxy: no call of the driver goes through reflection.
 *
 * <h2>Implementation notes</h2>
 *
 * Generated from the interface and kept as generated: the methods are listed in name order, one per
 * abstract method of the interface and of those it extends; nothing here has behaviour of its own.
 *
 * <p>What stays here cannot be shared: each method is {@code throw unsupported("name")} with its
 * own signature, which only this interface declares, so the lines repeat in shape (the duplicate
 * finder lists them) without one piece of code that could serve two of them.
 */
public abstract class UnsupportedStatement extends UnsupportedColumnReads
    implements java.sql.CallableStatement {

  protected UnsupportedStatement() {
    super("CallableStatement");
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
  public java.sql.Connection getConnection() throws SQLException {
    throw unsupported("getConnection");
  }

  @Override
  public java.sql.ResultSet getGeneratedKeys() throws SQLException {
    throw unsupported("getGeneratedKeys");
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
  public boolean getMoreResults() throws SQLException {
    throw unsupported("getMoreResults");
  }

  @Override
  public boolean getMoreResults(int a0) throws SQLException {
    throw unsupported("getMoreResults");
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
  public int getUpdateCount() throws SQLException {
    throw unsupported("getUpdateCount");
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    throw unsupported("isCloseOnCompletion");
  }

  @Override
  public boolean isPoolable() throws SQLException {
    throw unsupported("isPoolable");
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
}
