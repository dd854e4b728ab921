package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.OracleError;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Before a capture that snapshots starts: every captured table can be read {@code AS OF SCN}.
 * Oracle asks for {@code SELECT} and either the {@code FLASHBACK} object privilege on the table or
 * {@code FLASHBACK ANY TABLE}, and refuses the read with ORA-01031 otherwise. So each table is
 * asked for a flashback query that selects no column and no row ({@link
 * LogMinerGateway#probeAsOf}): the privileges are checked, nothing is read. Tables the session
 * cannot even see fail later the way they fail today; tables of a PDB are read through a session
 * moved into it, so theirs is checked at their first chunk.
 */
public final class SnapshotPreflight {

  private SnapshotPreflight() {}

  /**
   * The check of a capture's first connection: {@link #requireFlashback} of every captured table
   * when {@code cdc.snapshot.mode} snapshots, nothing with {@code no_data}.
   */
  static CaptureConnection.FirstCheck of(CaptureSettings settings, SnapshotSettings snapshots) {
    if (!snapshots.mode().snapshots()) {
      return db -> {};
    }
    return db ->
        requireFlashback(
            db,
            new TableCatalog(
                TableFilter.of(settings.tablesInclude(), settings.tablesExclude()),
                settings.pdbs(),
                List.of()),
            snapshots.user());
  }

  /**
   * The captured tables (of the session's container) that {@code db}'s user may not read as of an
   * SCN, when {@code cdc.snapshot.mode} snapshots; empty otherwise. The preflight's question.
   */
  public static List<TableId> deniedFlashback(LogMinerGateway db, CdcConfig config)
      throws SQLException {
    if (!SnapshotSettings.of(config).mode().snapshots()) {
      return List.of();
    }
    CaptureSettings settings = CaptureSettings.of(config);
    return denied(
        db,
        new TableCatalog(
            TableFilter.of(settings.tablesInclude(), settings.tablesExclude()),
            settings.pdbs(),
            List.of()));
  }

  /**
   * Throws CDC-4003 naming every captured table (of the session's container) that {@code db}'s user
   * may not read as of an SCN, with the GRANT to run.
   */
  static void requireFlashback(LogMinerGateway db, TableCatalog catalog, String user)
      throws SQLException {
    List<String> denied = denied(db, catalog).stream().map(TableId::quoted).toList();
    if (!denied.isEmpty()) {
      String grantee = user == null || user.isBlank() ? "<cdc.database.user>" : user;
      StringBuilder grants = new StringBuilder();
      for (String table : denied) {
        grants
            .append("GRANT FLASHBACK ON ")
            .append(table)
            .append(" TO ")
            .append(grantee)
            .append("; ");
      }
      throw new CdcException(
          ErrorCode.MISSING_PRIVILEGE,
          "cdc.snapshot.mode snapshots, but user "
              + grantee
              + " may not read "
              + String.join(", ", denied)
              + " AS OF SCN (ORA-01031: no FLASHBACK on the table and no "
              + "FLASHBACK ANY TABLE). Run "
              + grants
              + "or GRANT FLASHBACK ANY TABLE TO "
              + grantee
              + "; or set cdc.snapshot.mode=no_data");
    }
  }

  private static List<TableId> denied(LogMinerGateway db, TableCatalog catalog)
      throws SQLException {
    catalog.resolve(db);
    Scn now = db.database().currentScn();
    List<TableId> denied = new ArrayList<>();
    for (TableLayout layout : catalog.layouts()) {
      if (layout.table().pdb() != null) {
        continue;
      }
      try {
        db.probeAsOf(layout.table(), now);
      } catch (SQLException e) {
        // any other refusal (ORA-01555 with a tiny undo, ORA-01466 after a DDL) is the chunks' to
        // handle
        if (e.getErrorCode() == OracleError.INSUFFICIENT_PRIVILEGES.number()) {
          denied.add(layout.table());
        }
      }
    }
    return denied;
  }
}
