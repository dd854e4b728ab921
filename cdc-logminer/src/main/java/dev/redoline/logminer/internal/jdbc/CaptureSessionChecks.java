package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.ContainerData;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.SessionContainer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a session must be to mine the PDBs of {@code cdc.database.pdbs}, checked where a capture
 * starts ({@link JdbcGateway#connect(CdcConfig)}) and by {@link Preflight}, with the same words:
 *
 * <ul>
 *   <li>at CDB$ROOT (CDC-4008): LogMiner runs from the root, and in a PDB the first
 *       DBMS_LOGMNR.ADD_LOGFILE would fail with ORA-65040 or ORA-01031 (19c Utilities, "Steps in a
 *       Typical LogMiner Session");
 *   <li>with CONTAINER_DATA covering those PDBs (CDC-4003): at the root, container data objects
 *       show a common user the root's rows only unless it is granted CONTAINER_DATA for the PDBs
 *       (19c Reference, "CDB_* Views"), so their tables resolve to nothing and their transactions
 *       vanish from GV$TRANSACTION.
 * </ul>
 *
 * At start only the views that resolve tables stop the capture; GV$TRANSACTION hiding a PDB only
 * turns the orphan check off for it (the engine never declares orphans it cannot see), while the
 * preflight reports it as the missing grant it is.
 */
final class CaptureSessionChecks {

  private CaptureSessionChecks() {}

  /** The PDBs of {@code cdc.database.pdbs}, as V$PDBS spells them. */
  static List<String> pdbs(CdcConfig config) {
    List<String> named = new ArrayList<>();
    for (String text : config.get(CdcConfig.DATABASE_PDBS)) {
      named.add(TableId.splitIdentifiers(text).get(0));
    }
    return named;
  }

  /**
   * Throws CDC-4008 or CDC-4003 when the session cannot mine {@code cdc.database.pdbs}; nothing
   * without PDBs.
   */
  static void requireMinable(LogMinerGateway gateway, CdcConfig config) throws SQLException {
    List<String> pdbs = pdbs(config);
    if (pdbs.isEmpty()) {
      return;
    }
    SessionContainer at = gateway.sessionContainer();
    if (!at.canMine()) {
      throw new CdcException(ErrorCode.SESSION_NOT_IN_ROOT, notAtRoot(at));
    }
    if (at.conId() == 1) {
      ContainerData data;
      try {
        data = gateway.containerData();
      } catch (SQLException e) {
        if (!JdbcProbes.deniedAccess(e)) {
          throw e;
        }
        return; // DBA_CONTAINER_DATA may not be read: the preflight says so; the views will show
        // the rest
      }
      String lacking = lacksContainerData(config, data, pdbs, false);
      if (lacking != null) {
        throw new CdcException(ErrorCode.MISSING_PRIVILEGE, lacking);
      }
    }
  }

  /** What CDC-4008 says about a session in {@code at}. */
  static String notAtRoot(SessionContainer at) {
    return "the session is in container "
        + at.name()
        + " (CON_ID "
        + at.conId()
        + "), not "
        + SessionContainer.ROOT
        + ": cdc.database.url must name the container database's own service, and cdc.database.pdbs the PDBs "
        + "to capture";
  }

  /**
   * The CDC-4003 text naming the missing CONTAINER_DATA grant and the views that hide which PDBs,
   * or {@code null} when nothing is hidden; GV$TRANSACTION is considered when {@code
   * withTransactions}.
   */
  static String lacksContainerData(
      CdcConfig config, ContainerData data, List<String> pdbs, boolean withTransactions) {
    Map<List<String>, List<String>> viewsByHidden = new LinkedHashMap<>();
    for (String view : Sql.CONTAINER_DATA_OBJECTS) {
      if (!withTransactions && view.equals("GV$TRANSACTION")) {
        continue;
      }
      List<String> hidden = data.hidden(view, pdbs);
      if (!hidden.isEmpty()) {
        viewsByHidden.computeIfAbsent(hidden, h -> new ArrayList<>()).add(view);
      }
    }
    if (viewsByHidden.isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    viewsByHidden.forEach(
        (hidden, views) ->
            parts.add(String.join(", ", hidden) + " in " + String.join(", ", views)));
    String user = config.get(CdcConfig.DATABASE_USER);
    return "user "
        + user
        + " lacks CONTAINER_DATA for "
        + String.join("; ", parts)
        + ": at "
        + SessionContainer.ROOT
        + " those views show it only the root's rows; grant ALTER USER "
        + user
        + " SET CONTAINER_DATA=ALL CONTAINER=CURRENT";
  }
}
