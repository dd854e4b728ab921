package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;

/**
 * Whether a capture could start mining at an SCN now: the question a move of a stored position back
 * to an SCN must answer first. It is the log inventory's own: the first step of a capture without
 * cursors starting at that SCN is planned over the current log views, so a sequence deleted at the
 * archive destination (CDC-2002), missing everywhere (CDC-2001) or not archived yet in {@code
 * archive_only} mode refuses the SCN exactly as a start would.
 */
final class RedoAvailability {

  private RedoAvailability() {}

  /**
   * Returns when every redo thread's logs from {@code scn} on are available.
   *
   * @throws CdcException CDC-2002 or CDC-2001 naming the thread and sequence that are gone
   */
  static void require(LogMinerGateway db, CdcConfig config, Scn scn, Instant now)
      throws SQLException {
    CaptureSettings settings = CaptureSettings.of(config);
    LogInventory inventory =
        new LogInventory(settings.mode(), settings.archiveDestination(), settings.lgwrMaxDelay());
    LogInventory.Snapshot snapshot =
        new LogInventory.Snapshot(
            db.threads(),
            db.database().currentScn(),
            db.onlineLogs(),
            db.archivedLogs(Scn.ZERO),
            db.archiveDestinations(),
            db.instancesWritingRedo());
    if (inventory.plan(snapshot, Map.of(), scn, Integer.MAX_VALUE, now)
        instanceof LogInventory.Wait wait) {
      throw new CdcException(
          ErrorCode.LOG_SEQUENCE_GAP,
          "redo from SCN " + scn + " is not all available: " + wait.reason());
    }
  }
}
