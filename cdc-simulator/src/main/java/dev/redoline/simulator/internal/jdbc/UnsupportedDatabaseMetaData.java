package dev.redoline.simulator.internal.jdbc;

import java.sql.SQLException;

/**
 * Every method of {@link java.sql.DatabaseMetaData}, failing with {@link
 * java.sql.SQLFeatureNotSupportedException} naming it: the base of the driver's database metadata,
 * which overrides the part database clients use. A plain class, as {@link UnsupportedResultSet} is,
 * rather than a dynamic proxy: no call of the driver goes through reflection.
 *
 * <h2>Implementation notes</h2>
 *
 * Generated from the interface and kept as generated: the methods are listed in name order, one per
 * abstract method of the interface and of those it extends (the driver's version numbers, which
 * cannot throw it, are left to the subclass, and the wrapper methods to {@link DriverObject});
 * nothing here has behaviour of its own.
 *
 * <p>What stays here cannot be shared: each method is {@code throw unsupported("name")} with its
 * own signature, which only this interface declares, so the lines repeat in shape (the duplicate
 * finder lists them) without one piece of code that could serve two of them.
 */
public abstract class UnsupportedDatabaseMetaData extends DriverObject
    implements java.sql.DatabaseMetaData {

  protected UnsupportedDatabaseMetaData() {
    super("DatabaseMetaData");
  }

  @Override
  public boolean allProceduresAreCallable() throws SQLException {
    throw unsupported("allProceduresAreCallable");
  }

  @Override
  public boolean allTablesAreSelectable() throws SQLException {
    throw unsupported("allTablesAreSelectable");
  }

  @Override
  public boolean autoCommitFailureClosesAllResultSets() throws SQLException {
    throw unsupported("autoCommitFailureClosesAllResultSets");
  }

  @Override
  public boolean dataDefinitionCausesTransactionCommit() throws SQLException {
    throw unsupported("dataDefinitionCausesTransactionCommit");
  }

  @Override
  public boolean dataDefinitionIgnoredInTransactions() throws SQLException {
    throw unsupported("dataDefinitionIgnoredInTransactions");
  }

  @Override
  public boolean deletesAreDetected(int a0) throws SQLException {
    throw unsupported("deletesAreDetected");
  }

  @Override
  public boolean doesMaxRowSizeIncludeBlobs() throws SQLException {
    throw unsupported("doesMaxRowSizeIncludeBlobs");
  }

  @Override
  public boolean generatedKeyAlwaysReturned() throws SQLException {
    throw unsupported("generatedKeyAlwaysReturned");
  }

  @Override
  public java.sql.ResultSet getAttributes(String a0, String a1, String a2, String a3)
      throws SQLException {
    throw unsupported("getAttributes");
  }

  @Override
  public java.sql.ResultSet getBestRowIdentifier(
      String a0, String a1, String a2, int a3, boolean a4) throws SQLException {
    throw unsupported("getBestRowIdentifier");
  }

  @Override
  public String getCatalogSeparator() throws SQLException {
    throw unsupported("getCatalogSeparator");
  }

  @Override
  public String getCatalogTerm() throws SQLException {
    throw unsupported("getCatalogTerm");
  }

  @Override
  public java.sql.ResultSet getCatalogs() throws SQLException {
    throw unsupported("getCatalogs");
  }

  @Override
  public java.sql.ResultSet getClientInfoProperties() throws SQLException {
    throw unsupported("getClientInfoProperties");
  }

  @Override
  public java.sql.ResultSet getColumnPrivileges(String a0, String a1, String a2, String a3)
      throws SQLException {
    throw unsupported("getColumnPrivileges");
  }

  @Override
  public java.sql.ResultSet getColumns(String a0, String a1, String a2, String a3)
      throws SQLException {
    throw unsupported("getColumns");
  }

  @Override
  public java.sql.Connection getConnection() throws SQLException {
    throw unsupported("getConnection");
  }

  @Override
  public java.sql.ResultSet getCrossReference(
      String a0, String a1, String a2, String a3, String a4, String a5) throws SQLException {
    throw unsupported("getCrossReference");
  }

  @Override
  public int getDatabaseMajorVersion() throws SQLException {
    throw unsupported("getDatabaseMajorVersion");
  }

  @Override
  public int getDatabaseMinorVersion() throws SQLException {
    throw unsupported("getDatabaseMinorVersion");
  }

  @Override
  public String getDatabaseProductName() throws SQLException {
    throw unsupported("getDatabaseProductName");
  }

  @Override
  public String getDatabaseProductVersion() throws SQLException {
    throw unsupported("getDatabaseProductVersion");
  }

  @Override
  public int getDefaultTransactionIsolation() throws SQLException {
    throw unsupported("getDefaultTransactionIsolation");
  }

  @Override
  public String getDriverName() throws SQLException {
    throw unsupported("getDriverName");
  }

  @Override
  public String getDriverVersion() throws SQLException {
    throw unsupported("getDriverVersion");
  }

  @Override
  public java.sql.ResultSet getExportedKeys(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getExportedKeys");
  }

  @Override
  public String getExtraNameCharacters() throws SQLException {
    throw unsupported("getExtraNameCharacters");
  }

  @Override
  public java.sql.ResultSet getFunctionColumns(String a0, String a1, String a2, String a3)
      throws SQLException {
    throw unsupported("getFunctionColumns");
  }

  @Override
  public java.sql.ResultSet getFunctions(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getFunctions");
  }

  @Override
  public String getIdentifierQuoteString() throws SQLException {
    throw unsupported("getIdentifierQuoteString");
  }

  @Override
  public java.sql.ResultSet getImportedKeys(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getImportedKeys");
  }

  @Override
  public java.sql.ResultSet getIndexInfo(String a0, String a1, String a2, boolean a3, boolean a4)
      throws SQLException {
    throw unsupported("getIndexInfo");
  }

  @Override
  public int getJDBCMajorVersion() throws SQLException {
    throw unsupported("getJDBCMajorVersion");
  }

  @Override
  public int getJDBCMinorVersion() throws SQLException {
    throw unsupported("getJDBCMinorVersion");
  }

  @Override
  public int getMaxBinaryLiteralLength() throws SQLException {
    throw unsupported("getMaxBinaryLiteralLength");
  }

  @Override
  public int getMaxCatalogNameLength() throws SQLException {
    throw unsupported("getMaxCatalogNameLength");
  }

  @Override
  public int getMaxCharLiteralLength() throws SQLException {
    throw unsupported("getMaxCharLiteralLength");
  }

  @Override
  public int getMaxColumnNameLength() throws SQLException {
    throw unsupported("getMaxColumnNameLength");
  }

  @Override
  public int getMaxColumnsInGroupBy() throws SQLException {
    throw unsupported("getMaxColumnsInGroupBy");
  }

  @Override
  public int getMaxColumnsInIndex() throws SQLException {
    throw unsupported("getMaxColumnsInIndex");
  }

  @Override
  public int getMaxColumnsInOrderBy() throws SQLException {
    throw unsupported("getMaxColumnsInOrderBy");
  }

  @Override
  public int getMaxColumnsInSelect() throws SQLException {
    throw unsupported("getMaxColumnsInSelect");
  }

  @Override
  public int getMaxColumnsInTable() throws SQLException {
    throw unsupported("getMaxColumnsInTable");
  }

  @Override
  public int getMaxConnections() throws SQLException {
    throw unsupported("getMaxConnections");
  }

  @Override
  public int getMaxCursorNameLength() throws SQLException {
    throw unsupported("getMaxCursorNameLength");
  }

  @Override
  public int getMaxIndexLength() throws SQLException {
    throw unsupported("getMaxIndexLength");
  }

  @Override
  public int getMaxProcedureNameLength() throws SQLException {
    throw unsupported("getMaxProcedureNameLength");
  }

  @Override
  public int getMaxRowSize() throws SQLException {
    throw unsupported("getMaxRowSize");
  }

  @Override
  public int getMaxSchemaNameLength() throws SQLException {
    throw unsupported("getMaxSchemaNameLength");
  }

  @Override
  public int getMaxStatementLength() throws SQLException {
    throw unsupported("getMaxStatementLength");
  }

  @Override
  public int getMaxStatements() throws SQLException {
    throw unsupported("getMaxStatements");
  }

  @Override
  public int getMaxTableNameLength() throws SQLException {
    throw unsupported("getMaxTableNameLength");
  }

  @Override
  public int getMaxTablesInSelect() throws SQLException {
    throw unsupported("getMaxTablesInSelect");
  }

  @Override
  public int getMaxUserNameLength() throws SQLException {
    throw unsupported("getMaxUserNameLength");
  }

  @Override
  public String getNumericFunctions() throws SQLException {
    throw unsupported("getNumericFunctions");
  }

  @Override
  public java.sql.ResultSet getPrimaryKeys(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getPrimaryKeys");
  }

  @Override
  public java.sql.ResultSet getProcedureColumns(String a0, String a1, String a2, String a3)
      throws SQLException {
    throw unsupported("getProcedureColumns");
  }

  @Override
  public String getProcedureTerm() throws SQLException {
    throw unsupported("getProcedureTerm");
  }

  @Override
  public java.sql.ResultSet getProcedures(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getProcedures");
  }

  @Override
  public java.sql.ResultSet getPseudoColumns(String a0, String a1, String a2, String a3)
      throws SQLException {
    throw unsupported("getPseudoColumns");
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    throw unsupported("getResultSetHoldability");
  }

  @Override
  public java.sql.RowIdLifetime getRowIdLifetime() throws SQLException {
    throw unsupported("getRowIdLifetime");
  }

  @Override
  public String getSQLKeywords() throws SQLException {
    throw unsupported("getSQLKeywords");
  }

  @Override
  public int getSQLStateType() throws SQLException {
    throw unsupported("getSQLStateType");
  }

  @Override
  public String getSchemaTerm() throws SQLException {
    throw unsupported("getSchemaTerm");
  }

  @Override
  public java.sql.ResultSet getSchemas() throws SQLException {
    throw unsupported("getSchemas");
  }

  @Override
  public java.sql.ResultSet getSchemas(String a0, String a1) throws SQLException {
    throw unsupported("getSchemas");
  }

  @Override
  public String getSearchStringEscape() throws SQLException {
    throw unsupported("getSearchStringEscape");
  }

  @Override
  public String getStringFunctions() throws SQLException {
    throw unsupported("getStringFunctions");
  }

  @Override
  public java.sql.ResultSet getSuperTables(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getSuperTables");
  }

  @Override
  public java.sql.ResultSet getSuperTypes(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getSuperTypes");
  }

  @Override
  public String getSystemFunctions() throws SQLException {
    throw unsupported("getSystemFunctions");
  }

  @Override
  public java.sql.ResultSet getTablePrivileges(String a0, String a1, String a2)
      throws SQLException {
    throw unsupported("getTablePrivileges");
  }

  @Override
  public java.sql.ResultSet getTableTypes() throws SQLException {
    throw unsupported("getTableTypes");
  }

  @Override
  public java.sql.ResultSet getTables(String a0, String a1, String a2, String[] a3)
      throws SQLException {
    throw unsupported("getTables");
  }

  @Override
  public String getTimeDateFunctions() throws SQLException {
    throw unsupported("getTimeDateFunctions");
  }

  @Override
  public java.sql.ResultSet getTypeInfo() throws SQLException {
    throw unsupported("getTypeInfo");
  }

  @Override
  public java.sql.ResultSet getUDTs(String a0, String a1, String a2, int[] a3) throws SQLException {
    throw unsupported("getUDTs");
  }

  @Override
  public String getURL() throws SQLException {
    throw unsupported("getURL");
  }

  @Override
  public String getUserName() throws SQLException {
    throw unsupported("getUserName");
  }

  @Override
  public java.sql.ResultSet getVersionColumns(String a0, String a1, String a2) throws SQLException {
    throw unsupported("getVersionColumns");
  }

  @Override
  public boolean insertsAreDetected(int a0) throws SQLException {
    throw unsupported("insertsAreDetected");
  }

  @Override
  public boolean isCatalogAtStart() throws SQLException {
    throw unsupported("isCatalogAtStart");
  }

  @Override
  public boolean isReadOnly() throws SQLException {
    throw unsupported("isReadOnly");
  }

  @Override
  public boolean locatorsUpdateCopy() throws SQLException {
    throw unsupported("locatorsUpdateCopy");
  }

  @Override
  public boolean nullPlusNonNullIsNull() throws SQLException {
    throw unsupported("nullPlusNonNullIsNull");
  }

  @Override
  public boolean nullsAreSortedAtEnd() throws SQLException {
    throw unsupported("nullsAreSortedAtEnd");
  }

  @Override
  public boolean nullsAreSortedAtStart() throws SQLException {
    throw unsupported("nullsAreSortedAtStart");
  }

  @Override
  public boolean nullsAreSortedHigh() throws SQLException {
    throw unsupported("nullsAreSortedHigh");
  }

  @Override
  public boolean nullsAreSortedLow() throws SQLException {
    throw unsupported("nullsAreSortedLow");
  }

  @Override
  public boolean othersDeletesAreVisible(int a0) throws SQLException {
    throw unsupported("othersDeletesAreVisible");
  }

  @Override
  public boolean othersInsertsAreVisible(int a0) throws SQLException {
    throw unsupported("othersInsertsAreVisible");
  }

  @Override
  public boolean othersUpdatesAreVisible(int a0) throws SQLException {
    throw unsupported("othersUpdatesAreVisible");
  }

  @Override
  public boolean ownDeletesAreVisible(int a0) throws SQLException {
    throw unsupported("ownDeletesAreVisible");
  }

  @Override
  public boolean ownInsertsAreVisible(int a0) throws SQLException {
    throw unsupported("ownInsertsAreVisible");
  }

  @Override
  public boolean ownUpdatesAreVisible(int a0) throws SQLException {
    throw unsupported("ownUpdatesAreVisible");
  }

  @Override
  public boolean storesLowerCaseIdentifiers() throws SQLException {
    throw unsupported("storesLowerCaseIdentifiers");
  }

  @Override
  public boolean storesLowerCaseQuotedIdentifiers() throws SQLException {
    throw unsupported("storesLowerCaseQuotedIdentifiers");
  }

  @Override
  public boolean storesMixedCaseIdentifiers() throws SQLException {
    throw unsupported("storesMixedCaseIdentifiers");
  }

  @Override
  public boolean storesMixedCaseQuotedIdentifiers() throws SQLException {
    throw unsupported("storesMixedCaseQuotedIdentifiers");
  }

  @Override
  public boolean storesUpperCaseIdentifiers() throws SQLException {
    throw unsupported("storesUpperCaseIdentifiers");
  }

  @Override
  public boolean storesUpperCaseQuotedIdentifiers() throws SQLException {
    throw unsupported("storesUpperCaseQuotedIdentifiers");
  }

  @Override
  public boolean supportsANSI92EntryLevelSQL() throws SQLException {
    throw unsupported("supportsANSI92EntryLevelSQL");
  }

  @Override
  public boolean supportsANSI92FullSQL() throws SQLException {
    throw unsupported("supportsANSI92FullSQL");
  }

  @Override
  public boolean supportsANSI92IntermediateSQL() throws SQLException {
    throw unsupported("supportsANSI92IntermediateSQL");
  }

  @Override
  public boolean supportsAlterTableWithAddColumn() throws SQLException {
    throw unsupported("supportsAlterTableWithAddColumn");
  }

  @Override
  public boolean supportsAlterTableWithDropColumn() throws SQLException {
    throw unsupported("supportsAlterTableWithDropColumn");
  }

  @Override
  public boolean supportsBatchUpdates() throws SQLException {
    throw unsupported("supportsBatchUpdates");
  }

  @Override
  public boolean supportsCatalogsInDataManipulation() throws SQLException {
    throw unsupported("supportsCatalogsInDataManipulation");
  }

  @Override
  public boolean supportsCatalogsInIndexDefinitions() throws SQLException {
    throw unsupported("supportsCatalogsInIndexDefinitions");
  }

  @Override
  public boolean supportsCatalogsInPrivilegeDefinitions() throws SQLException {
    throw unsupported("supportsCatalogsInPrivilegeDefinitions");
  }

  @Override
  public boolean supportsCatalogsInProcedureCalls() throws SQLException {
    throw unsupported("supportsCatalogsInProcedureCalls");
  }

  @Override
  public boolean supportsCatalogsInTableDefinitions() throws SQLException {
    throw unsupported("supportsCatalogsInTableDefinitions");
  }

  @Override
  public boolean supportsColumnAliasing() throws SQLException {
    throw unsupported("supportsColumnAliasing");
  }

  @Override
  public boolean supportsConvert() throws SQLException {
    throw unsupported("supportsConvert");
  }

  @Override
  public boolean supportsConvert(int a0, int a1) throws SQLException {
    throw unsupported("supportsConvert");
  }

  @Override
  public boolean supportsCoreSQLGrammar() throws SQLException {
    throw unsupported("supportsCoreSQLGrammar");
  }

  @Override
  public boolean supportsCorrelatedSubqueries() throws SQLException {
    throw unsupported("supportsCorrelatedSubqueries");
  }

  @Override
  public boolean supportsDataDefinitionAndDataManipulationTransactions() throws SQLException {
    throw unsupported("supportsDataDefinitionAndDataManipulationTransactions");
  }

  @Override
  public boolean supportsDataManipulationTransactionsOnly() throws SQLException {
    throw unsupported("supportsDataManipulationTransactionsOnly");
  }

  @Override
  public boolean supportsDifferentTableCorrelationNames() throws SQLException {
    throw unsupported("supportsDifferentTableCorrelationNames");
  }

  @Override
  public boolean supportsExpressionsInOrderBy() throws SQLException {
    throw unsupported("supportsExpressionsInOrderBy");
  }

  @Override
  public boolean supportsExtendedSQLGrammar() throws SQLException {
    throw unsupported("supportsExtendedSQLGrammar");
  }

  @Override
  public boolean supportsFullOuterJoins() throws SQLException {
    throw unsupported("supportsFullOuterJoins");
  }

  @Override
  public boolean supportsGetGeneratedKeys() throws SQLException {
    throw unsupported("supportsGetGeneratedKeys");
  }

  @Override
  public boolean supportsGroupBy() throws SQLException {
    throw unsupported("supportsGroupBy");
  }

  @Override
  public boolean supportsGroupByBeyondSelect() throws SQLException {
    throw unsupported("supportsGroupByBeyondSelect");
  }

  @Override
  public boolean supportsGroupByUnrelated() throws SQLException {
    throw unsupported("supportsGroupByUnrelated");
  }

  @Override
  public boolean supportsIntegrityEnhancementFacility() throws SQLException {
    throw unsupported("supportsIntegrityEnhancementFacility");
  }

  @Override
  public boolean supportsLikeEscapeClause() throws SQLException {
    throw unsupported("supportsLikeEscapeClause");
  }

  @Override
  public boolean supportsLimitedOuterJoins() throws SQLException {
    throw unsupported("supportsLimitedOuterJoins");
  }

  @Override
  public boolean supportsMinimumSQLGrammar() throws SQLException {
    throw unsupported("supportsMinimumSQLGrammar");
  }

  @Override
  public boolean supportsMixedCaseIdentifiers() throws SQLException {
    throw unsupported("supportsMixedCaseIdentifiers");
  }

  @Override
  public boolean supportsMixedCaseQuotedIdentifiers() throws SQLException {
    throw unsupported("supportsMixedCaseQuotedIdentifiers");
  }

  @Override
  public boolean supportsMultipleOpenResults() throws SQLException {
    throw unsupported("supportsMultipleOpenResults");
  }

  @Override
  public boolean supportsMultipleResultSets() throws SQLException {
    throw unsupported("supportsMultipleResultSets");
  }

  @Override
  public boolean supportsMultipleTransactions() throws SQLException {
    throw unsupported("supportsMultipleTransactions");
  }

  @Override
  public boolean supportsNamedParameters() throws SQLException {
    throw unsupported("supportsNamedParameters");
  }

  @Override
  public boolean supportsNonNullableColumns() throws SQLException {
    throw unsupported("supportsNonNullableColumns");
  }

  @Override
  public boolean supportsOpenCursorsAcrossCommit() throws SQLException {
    throw unsupported("supportsOpenCursorsAcrossCommit");
  }

  @Override
  public boolean supportsOpenCursorsAcrossRollback() throws SQLException {
    throw unsupported("supportsOpenCursorsAcrossRollback");
  }

  @Override
  public boolean supportsOpenStatementsAcrossCommit() throws SQLException {
    throw unsupported("supportsOpenStatementsAcrossCommit");
  }

  @Override
  public boolean supportsOpenStatementsAcrossRollback() throws SQLException {
    throw unsupported("supportsOpenStatementsAcrossRollback");
  }

  @Override
  public boolean supportsOrderByUnrelated() throws SQLException {
    throw unsupported("supportsOrderByUnrelated");
  }

  @Override
  public boolean supportsOuterJoins() throws SQLException {
    throw unsupported("supportsOuterJoins");
  }

  @Override
  public boolean supportsPositionedDelete() throws SQLException {
    throw unsupported("supportsPositionedDelete");
  }

  @Override
  public boolean supportsPositionedUpdate() throws SQLException {
    throw unsupported("supportsPositionedUpdate");
  }

  @Override
  public boolean supportsResultSetConcurrency(int a0, int a1) throws SQLException {
    throw unsupported("supportsResultSetConcurrency");
  }

  @Override
  public boolean supportsResultSetHoldability(int a0) throws SQLException {
    throw unsupported("supportsResultSetHoldability");
  }

  @Override
  public boolean supportsResultSetType(int a0) throws SQLException {
    throw unsupported("supportsResultSetType");
  }

  @Override
  public boolean supportsSavepoints() throws SQLException {
    throw unsupported("supportsSavepoints");
  }

  @Override
  public boolean supportsSchemasInDataManipulation() throws SQLException {
    throw unsupported("supportsSchemasInDataManipulation");
  }

  @Override
  public boolean supportsSchemasInIndexDefinitions() throws SQLException {
    throw unsupported("supportsSchemasInIndexDefinitions");
  }

  @Override
  public boolean supportsSchemasInPrivilegeDefinitions() throws SQLException {
    throw unsupported("supportsSchemasInPrivilegeDefinitions");
  }

  @Override
  public boolean supportsSchemasInProcedureCalls() throws SQLException {
    throw unsupported("supportsSchemasInProcedureCalls");
  }

  @Override
  public boolean supportsSchemasInTableDefinitions() throws SQLException {
    throw unsupported("supportsSchemasInTableDefinitions");
  }

  @Override
  public boolean supportsSelectForUpdate() throws SQLException {
    throw unsupported("supportsSelectForUpdate");
  }

  @Override
  public boolean supportsStatementPooling() throws SQLException {
    throw unsupported("supportsStatementPooling");
  }

  @Override
  public boolean supportsStoredFunctionsUsingCallSyntax() throws SQLException {
    throw unsupported("supportsStoredFunctionsUsingCallSyntax");
  }

  @Override
  public boolean supportsStoredProcedures() throws SQLException {
    throw unsupported("supportsStoredProcedures");
  }

  @Override
  public boolean supportsSubqueriesInComparisons() throws SQLException {
    throw unsupported("supportsSubqueriesInComparisons");
  }

  @Override
  public boolean supportsSubqueriesInExists() throws SQLException {
    throw unsupported("supportsSubqueriesInExists");
  }

  @Override
  public boolean supportsSubqueriesInIns() throws SQLException {
    throw unsupported("supportsSubqueriesInIns");
  }

  @Override
  public boolean supportsSubqueriesInQuantifieds() throws SQLException {
    throw unsupported("supportsSubqueriesInQuantifieds");
  }

  @Override
  public boolean supportsTableCorrelationNames() throws SQLException {
    throw unsupported("supportsTableCorrelationNames");
  }

  @Override
  public boolean supportsTransactionIsolationLevel(int a0) throws SQLException {
    throw unsupported("supportsTransactionIsolationLevel");
  }

  @Override
  public boolean supportsTransactions() throws SQLException {
    throw unsupported("supportsTransactions");
  }

  @Override
  public boolean supportsUnion() throws SQLException {
    throw unsupported("supportsUnion");
  }

  @Override
  public boolean supportsUnionAll() throws SQLException {
    throw unsupported("supportsUnionAll");
  }

  @Override
  public boolean updatesAreDetected(int a0) throws SQLException {
    throw unsupported("updatesAreDetected");
  }

  @Override
  public boolean usesLocalFilePerTable() throws SQLException {
    throw unsupported("usesLocalFilePerTable");
  }

  @Override
  public boolean usesLocalFiles() throws SQLException {
    throw unsupported("usesLocalFiles");
  }
}
