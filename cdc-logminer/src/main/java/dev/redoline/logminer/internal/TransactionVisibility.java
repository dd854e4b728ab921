package dev.redoline.logminer.internal;

import dev.redoline.core.TableId;
import dev.redoline.core.internal.OracleError;
import java.sql.SQLException;
import java.util.List;

/**
 * Which captured PDBs' transactions GV$TRANSACTION hides from the capture user. A common user at
 * CDB$ROOT sees only the containers its CONTAINER_DATA covers; every open transaction of a hidden
 * PDB would look ended to the orphan check, so the check is skipped while any is hidden: a
 * transaction is never declared an orphan on a list that cannot hold it.
 */
final class TransactionVisibility {

  private TransactionVisibility() {}

  /**
   * The PDBs of {@code cdc.database.pdbs} ({@code configured}, as written) whose GV$TRANSACTION
   * rows the session cannot see; all of them when DBA_CONTAINER_DATA itself may not be read, since
   * then nothing proves they are shown. Empty for a capture without PDBs.
   */
  static List<String> hiddenPdbs(LogMinerGateway db, List<String> configured) throws SQLException {
    if (configured.isEmpty()) {
      return List.of();
    }
    List<String> pdbs = configured.stream().map(p -> TableId.splitIdentifiers(p).get(0)).toList();
    try {
      return db.containerData().hidden("GV$TRANSACTION", pdbs);
    } catch (SQLException e) {
      OracleError.Meaning meaning =
          OracleError.find(e.getErrorCode()).map(OracleError::meaning).orElse(null);
      if (meaning != OracleError.Meaning.PRIVILEGE_MISSING) {
        throw e;
      }
      return pdbs;
    }
  }
}
