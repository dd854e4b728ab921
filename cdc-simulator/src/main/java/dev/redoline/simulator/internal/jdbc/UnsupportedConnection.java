package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;

/**
 * Every method of {@link java.sql.Connection} but those {@link DriverResource} holds, failing with
 * {@link java.sql.SQLFeatureNotSupportedException} naming it: the base of the driver's connection,
 * which overrides the part database clients use. A plain class, as {@link UnsupportedResultSet} is,
 * rather than a dynamic proxy: no call of the driver goes through reflection.
 *
 * <h2>Implementation notes</h2>
 *
 * Generated from the interface and kept as generated: the methods are listed in name order, one per
 * abstract method of the interface and of those it extends (the two {@code setClientInfo}, which
 * cannot throw it, are left to the subclass); nothing here has behaviour of its own.
 *
 * <p>What stays here cannot be shared: each method is {@code throw unsupported("name")} with its
 * own signature, which only this interface declares, so the lines repeat in shape (the duplicate
 * finder lists them) without one piece of code that could serve two of them.
 */
public abstract class UnsupportedConnection extends DriverResource implements java.sql.Connection {

  protected UnsupportedConnection() {
    super("Connection");
  }

  @Override
  public void abort(java.util.concurrent.Executor a0) throws SQLException {
    throw unsupported("abort");
  }

  @Override
  public void commit() throws SQLException {
    throw unsupported("commit");
  }

  @Override
  public java.sql.Array createArrayOf(String a0, Object[] a1) throws SQLException {
    throw unsupported("createArrayOf");
  }

  @Override
  public java.sql.Blob createBlob() throws SQLException {
    throw unsupported("createBlob");
  }

  @Override
  public java.sql.Clob createClob() throws SQLException {
    throw unsupported("createClob");
  }

  @Override
  public java.sql.NClob createNClob() throws SQLException {
    throw unsupported("createNClob");
  }

  @Override
  public java.sql.SQLXML createSQLXML() throws SQLException {
    throw unsupported("createSQLXML");
  }

  @Override
  public java.sql.Statement createStatement() throws SQLException {
    throw unsupported("createStatement");
  }

  @Override
  public java.sql.Statement createStatement(int a0, int a1) throws SQLException {
    throw unsupported("createStatement");
  }

  @Override
  public java.sql.Statement createStatement(int a0, int a1, int a2) throws SQLException {
    throw unsupported("createStatement");
  }

  @Override
  public java.sql.Struct createStruct(String a0, Object[] a1) throws SQLException {
    throw unsupported("createStruct");
  }

  @Override
  public boolean getAutoCommit() throws SQLException {
    throw unsupported("getAutoCommit");
  }

  @Override
  public String getCatalog() throws SQLException {
    throw unsupported("getCatalog");
  }

  @Override
  public java.util.Properties getClientInfo() throws SQLException {
    throw unsupported("getClientInfo");
  }

  @Override
  public String getClientInfo(String a0) throws SQLException {
    throw unsupported("getClientInfo");
  }

  @Override
  public int getHoldability() throws SQLException {
    throw unsupported("getHoldability");
  }

  @Override
  public java.sql.DatabaseMetaData getMetaData() throws SQLException {
    throw unsupported("getMetaData");
  }

  @Override
  public int getNetworkTimeout() throws SQLException {
    throw unsupported("getNetworkTimeout");
  }

  @Override
  public String getSchema() throws SQLException {
    throw unsupported("getSchema");
  }

  @Override
  public int getTransactionIsolation() throws SQLException {
    throw unsupported("getTransactionIsolation");
  }

  @Override
  public java.util.Map<String, Class<?>> getTypeMap() throws SQLException {
    throw unsupported("getTypeMap");
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    throw unsupported("isReadOnly");
  }

  @Override
  public boolean isValid(int a0) throws SQLException {
    throw unsupported("isValid");
  }

  @Override
  public String nativeSQL(String a0) throws SQLException {
    throw unsupported("nativeSQL");
  }

  @Override
  public java.sql.CallableStatement prepareCall(String a0) throws SQLException {
    throw unsupported("prepareCall");
  }

  @Override
  public java.sql.CallableStatement prepareCall(String a0, int a1, int a2) throws SQLException {
    throw unsupported("prepareCall");
  }

  @Override
  public java.sql.CallableStatement prepareCall(String a0, int a1, int a2, int a3)
      throws SQLException {
    throw unsupported("prepareCall");
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String a0) throws SQLException {
    throw unsupported("prepareStatement");
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String a0, String[] a1) throws SQLException {
    throw unsupported("prepareStatement");
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String a0, int a1) throws SQLException {
    throw unsupported("prepareStatement");
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String a0, int a1, int a2)
      throws SQLException {
    throw unsupported("prepareStatement");
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String a0, int a1, int a2, int a3)
      throws SQLException {
    throw unsupported("prepareStatement");
  }

  @Override
  public java.sql.PreparedStatement prepareStatement(String a0, int[] a1) throws SQLException {
    throw unsupported("prepareStatement");
  }

  @Override
  public void releaseSavepoint(java.sql.Savepoint a0) throws SQLException {
    throw unsupported("releaseSavepoint");
  }

  @Override
  public void rollback() throws SQLException {
    throw unsupported("rollback");
  }

  @Override
  public void rollback(java.sql.Savepoint a0) throws SQLException {
    throw unsupported("rollback");
  }

  @Override
  public void setAutoCommit(boolean a0) throws SQLException {
    throw unsupported("setAutoCommit");
  }

  @Override
  public void setCatalog(String a0) throws SQLException {
    throw unsupported("setCatalog");
  }

  @Override
  public void setHoldability(int a0) throws SQLException {
    throw unsupported("setHoldability");
  }

  @Override
  public void setNetworkTimeout(java.util.concurrent.Executor a0, int a1) throws SQLException {
    throw unsupported("setNetworkTimeout");
  }

  @Override
  public void setReadOnly(boolean a0) throws SQLException {
    throw unsupported("setReadOnly");
  }

  @Override
  public java.sql.Savepoint setSavepoint() throws SQLException {
    throw unsupported("setSavepoint");
  }

  @Override
  public java.sql.Savepoint setSavepoint(String a0) throws SQLException {
    throw unsupported("setSavepoint");
  }

  @Override
  public void setSchema(String a0) throws SQLException {
    throw unsupported("setSchema");
  }

  @Override
  public void setTransactionIsolation(int a0) throws SQLException {
    throw unsupported("setTransactionIsolation");
  }

  @Override
  public void setTypeMap(java.util.Map<String, Class<?>> a0) throws SQLException {
    throw unsupported("setTypeMap");
  }
}
