package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;

/**
 * Every method of {@link java.sql.ResultSet} but those it shares with a callable statement ({@link
 * UnsupportedColumnReads}), failing with {@link java.sql.SQLFeatureNotSupportedException} naming
 * it: the base of the driver's result set, which overrides the part database clients use. A plain
 * class rather than a dynamic proxy, because a result set is on the row path: a proxy boxes every
 * argument and dispatches every getter by name, for each column of each row.
 *
 * <h2>Implementation notes</h2>
 *
 * The methods are listed in name order, one per method of the interface (its default methods
 * excepted), as the interface declares them; nothing here has behaviour of its own.
 *
 * <p>What stays here cannot be shared: each method is {@code throw unsupported("name")} with its
 * own signature, which only this interface declares, so the lines repeat in shape (the duplicate
 * finder lists them) without one piece of code that could serve two of them.
 */
public abstract class UnsupportedResultSet extends UnsupportedColumnReads
    implements java.sql.ResultSet {

  protected UnsupportedResultSet() {
    super("ResultSet");
  }

  @Override
  public boolean absolute(int a0) throws SQLException {
    throw unsupported("absolute");
  }

  @Override
  public void afterLast() throws SQLException {
    throw unsupported("afterLast");
  }

  @Override
  public void beforeFirst() throws SQLException {
    throw unsupported("beforeFirst");
  }

  @Override
  public void cancelRowUpdates() throws SQLException {
    throw unsupported("cancelRowUpdates");
  }

  @Override
  public void deleteRow() throws SQLException {
    throw unsupported("deleteRow");
  }

  @Override
  public int findColumn(String a0) throws SQLException {
    throw unsupported("findColumn");
  }

  @Override
  public boolean first() throws SQLException {
    throw unsupported("first");
  }

  @Override
  public java.io.InputStream getAsciiStream(String a0) throws SQLException {
    throw unsupported("getAsciiStream");
  }

  @Override
  public java.io.InputStream getAsciiStream(int a0) throws SQLException {
    throw unsupported("getAsciiStream");
  }

  @Deprecated
  @Override
  public java.math.BigDecimal getBigDecimal(String a0, int a1) throws SQLException {
    throw unsupported("getBigDecimal");
  }

  @Override
  public java.io.InputStream getBinaryStream(String a0) throws SQLException {
    throw unsupported("getBinaryStream");
  }

  @Override
  public java.io.InputStream getBinaryStream(int a0) throws SQLException {
    throw unsupported("getBinaryStream");
  }

  @Override
  public int getConcurrency() throws SQLException {
    throw unsupported("getConcurrency");
  }

  @Override
  public String getCursorName() throws SQLException {
    throw unsupported("getCursorName");
  }

  @Override
  public int getHoldability() throws SQLException {
    throw unsupported("getHoldability");
  }

  @Override
  public int getRow() throws SQLException {
    throw unsupported("getRow");
  }

  @Override
  public java.sql.Statement getStatement() throws SQLException {
    throw unsupported("getStatement");
  }

  @Override
  public int getType() throws SQLException {
    throw unsupported("getType");
  }

  @Deprecated
  @Override
  public java.io.InputStream getUnicodeStream(String a0) throws SQLException {
    throw unsupported("getUnicodeStream");
  }

  @Deprecated
  @Override
  public java.io.InputStream getUnicodeStream(int a0) throws SQLException {
    throw unsupported("getUnicodeStream");
  }

  @Override
  public void insertRow() throws SQLException {
    throw unsupported("insertRow");
  }

  @Override
  public boolean isAfterLast() throws SQLException {
    throw unsupported("isAfterLast");
  }

  @Override
  public boolean isBeforeFirst() throws SQLException {
    throw unsupported("isBeforeFirst");
  }

  @Override
  public boolean isFirst() throws SQLException {
    throw unsupported("isFirst");
  }

  @Override
  public boolean isLast() throws SQLException {
    throw unsupported("isLast");
  }

  @Override
  public boolean last() throws SQLException {
    throw unsupported("last");
  }

  @Override
  public void moveToCurrentRow() throws SQLException {
    throw unsupported("moveToCurrentRow");
  }

  @Override
  public void moveToInsertRow() throws SQLException {
    throw unsupported("moveToInsertRow");
  }

  @Override
  public boolean next() throws SQLException {
    throw unsupported("next");
  }

  @Override
  public boolean previous() throws SQLException {
    throw unsupported("previous");
  }

  @Override
  public void refreshRow() throws SQLException {
    throw unsupported("refreshRow");
  }

  @Override
  public boolean relative(int a0) throws SQLException {
    throw unsupported("relative");
  }

  @Override
  public boolean rowDeleted() throws SQLException {
    throw unsupported("rowDeleted");
  }

  @Override
  public boolean rowInserted() throws SQLException {
    throw unsupported("rowInserted");
  }

  @Override
  public boolean rowUpdated() throws SQLException {
    throw unsupported("rowUpdated");
  }

  @Override
  public void updateArray(String a0, java.sql.Array a1) throws SQLException {
    throw unsupported("updateArray");
  }

  @Override
  public void updateArray(int a0, java.sql.Array a1) throws SQLException {
    throw unsupported("updateArray");
  }

  @Override
  public void updateAsciiStream(String a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(String a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateAsciiStream(int a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("updateAsciiStream");
  }

  @Override
  public void updateBigDecimal(String a0, java.math.BigDecimal a1) throws SQLException {
    throw unsupported("updateBigDecimal");
  }

  @Override
  public void updateBigDecimal(int a0, java.math.BigDecimal a1) throws SQLException {
    throw unsupported("updateBigDecimal");
  }

  @Override
  public void updateBinaryStream(String a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(String a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateBinaryStream(int a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("updateBinaryStream");
  }

  @Override
  public void updateBlob(String a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(String a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(String a0, java.sql.Blob a1) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(int a0, java.io.InputStream a1, long a2) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(int a0, java.io.InputStream a1) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBlob(int a0, java.sql.Blob a1) throws SQLException {
    throw unsupported("updateBlob");
  }

  @Override
  public void updateBoolean(String a0, boolean a1) throws SQLException {
    throw unsupported("updateBoolean");
  }

  @Override
  public void updateBoolean(int a0, boolean a1) throws SQLException {
    throw unsupported("updateBoolean");
  }

  @Override
  public void updateByte(String a0, byte a1) throws SQLException {
    throw unsupported("updateByte");
  }

  @Override
  public void updateByte(int a0, byte a1) throws SQLException {
    throw unsupported("updateByte");
  }

  @Override
  public void updateBytes(String a0, byte[] a1) throws SQLException {
    throw unsupported("updateBytes");
  }

  @Override
  public void updateBytes(int a0, byte[] a1) throws SQLException {
    throw unsupported("updateBytes");
  }

  @Override
  public void updateCharacterStream(String a0, java.io.Reader a1, int a2) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateCharacterStream");
  }

  @Override
  public void updateClob(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(String a0, java.sql.Clob a1) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateClob(int a0, java.sql.Clob a1) throws SQLException {
    throw unsupported("updateClob");
  }

  @Override
  public void updateDate(String a0, java.sql.Date a1) throws SQLException {
    throw unsupported("updateDate");
  }

  @Override
  public void updateDate(int a0, java.sql.Date a1) throws SQLException {
    throw unsupported("updateDate");
  }

  @Override
  public void updateDouble(String a0, double a1) throws SQLException {
    throw unsupported("updateDouble");
  }

  @Override
  public void updateDouble(int a0, double a1) throws SQLException {
    throw unsupported("updateDouble");
  }

  @Override
  public void updateFloat(String a0, float a1) throws SQLException {
    throw unsupported("updateFloat");
  }

  @Override
  public void updateFloat(int a0, float a1) throws SQLException {
    throw unsupported("updateFloat");
  }

  @Override
  public void updateInt(String a0, int a1) throws SQLException {
    throw unsupported("updateInt");
  }

  @Override
  public void updateInt(int a0, int a1) throws SQLException {
    throw unsupported("updateInt");
  }

  @Override
  public void updateLong(String a0, long a1) throws SQLException {
    throw unsupported("updateLong");
  }

  @Override
  public void updateLong(int a0, long a1) throws SQLException {
    throw unsupported("updateLong");
  }

  @Override
  public void updateNCharacterStream(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateNCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateNCharacterStream");
  }

  @Override
  public void updateNClob(String a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(String a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(String a0, java.sql.NClob a1) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(int a0, java.io.Reader a1) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNClob(int a0, java.sql.NClob a1) throws SQLException {
    throw unsupported("updateNClob");
  }

  @Override
  public void updateNString(String a0, String a1) throws SQLException {
    throw unsupported("updateNString");
  }

  @Override
  public void updateNString(int a0, String a1) throws SQLException {
    throw unsupported("updateNString");
  }

  @Override
  public void updateNull(String a0) throws SQLException {
    throw unsupported("updateNull");
  }

  @Override
  public void updateNull(int a0) throws SQLException {
    throw unsupported("updateNull");
  }

  @Override
  public void updateObject(String a0, Object a1, int a2) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(String a0, Object a1) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(int a0, Object a1, int a2) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateObject(int a0, Object a1) throws SQLException {
    throw unsupported("updateObject");
  }

  @Override
  public void updateRef(String a0, java.sql.Ref a1) throws SQLException {
    throw unsupported("updateRef");
  }

  @Override
  public void updateRef(int a0, java.sql.Ref a1) throws SQLException {
    throw unsupported("updateRef");
  }

  @Override
  public void updateRow() throws SQLException {
    throw unsupported("updateRow");
  }

  @Override
  public void updateRowId(String a0, java.sql.RowId a1) throws SQLException {
    throw unsupported("updateRowId");
  }

  @Override
  public void updateRowId(int a0, java.sql.RowId a1) throws SQLException {
    throw unsupported("updateRowId");
  }

  @Override
  public void updateSQLXML(String a0, java.sql.SQLXML a1) throws SQLException {
    throw unsupported("updateSQLXML");
  }

  @Override
  public void updateSQLXML(int a0, java.sql.SQLXML a1) throws SQLException {
    throw unsupported("updateSQLXML");
  }

  @Override
  public void updateShort(String a0, short a1) throws SQLException {
    throw unsupported("updateShort");
  }

  @Override
  public void updateShort(int a0, short a1) throws SQLException {
    throw unsupported("updateShort");
  }

  @Override
  public void updateString(String a0, String a1) throws SQLException {
    throw unsupported("updateString");
  }

  @Override
  public void updateString(int a0, String a1) throws SQLException {
    throw unsupported("updateString");
  }

  @Override
  public void updateTime(String a0, java.sql.Time a1) throws SQLException {
    throw unsupported("updateTime");
  }

  @Override
  public void updateTime(int a0, java.sql.Time a1) throws SQLException {
    throw unsupported("updateTime");
  }

  @Override
  public void updateTimestamp(String a0, java.sql.Timestamp a1) throws SQLException {
    throw unsupported("updateTimestamp");
  }

  @Override
  public void updateTimestamp(int a0, java.sql.Timestamp a1) throws SQLException {
    throw unsupported("updateTimestamp");
  }
}
