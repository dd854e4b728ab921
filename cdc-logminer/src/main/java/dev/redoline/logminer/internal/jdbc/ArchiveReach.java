package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.logminer.PreflightProblem;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchiveDestination;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.RedoThreadState;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The preflight check that the archived logs of every RAC thread can be read by the instance the
 * capture connects to. With a node-local archive destination ({@code LOG_ARCHIVE_DEST_n} a
 * directory of each node's own disk) an instance archives its own thread's logs to its own disk:
 * V$ARCHIVED_LOG lists them on every instance, but LogMiner on another node cannot open them
 * (ORA-01284 over ORA-00308 and ORA-27037), so the capture would stop at the first archived log of
 * another thread it needs. Oracle's RAC guide asks for archives on storage every node reads (ASM, a
 * cluster file system, or NFS); Debezium's documentation asks for the same.
 *
 * <p>The check adds the newest available archived log of each thread at the destination the capture
 * reads ({@code cdc.archive.destination}, else the first VALID LOCAL one) to the preflight's own
 * LogMiner session and removes it again: the only proof that the file opens from here. A
 * single-instance database is not checked. Errors other than a file that cannot be opened
 * propagate.
 */
final class ArchiveReach {

  /** ORA-01284 (file cannot be opened), ORA-00308 (cannot open archived log), ORA-27037. */
  private static final Set<Integer> UNREADABLE = Set.of(1284, 308, 27037);

  private ArchiveReach() {}

  /**
   * Adds a CDC-4001 for each thread whose newest archived log the connected instance cannot open.
   */
  static void check(
      LogMinerGateway gateway,
      CdcConfig config,
      List<ArchiveDestination> destinations,
      List<PreflightProblem> problems)
      throws SQLException {
    if (problems.stream().anyMatch(p -> !p.warning())) {
      return; // a session that cannot mine (not at the root, no privilege) would fail the probe
    }
    List<RedoThreadState> threads = gateway.threads();
    if (threads.size() < 2) {
      return;
    }
    String named = config.get(CdcConfig.ARCHIVE_DESTINATION);
    Optional<ArchiveDestination> read =
        named.isEmpty()
            ? destinations.stream().filter(ArchiveDestination::usableLocal).findFirst()
            : destinations.stream().filter(d -> d.name().equalsIgnoreCase(named)).findFirst();
    if (read.isEmpty()) {
      return; // reported by the destination checks
    }
    ArchiveDestination destination = read.get();
    List<ArchivedLog> logs = gateway.archivedLogs(Scn.ZERO);
    for (RedoThreadState thread : threads) {
      Optional<ArchivedLog> newest =
          logs.stream()
              .filter(l -> l.thread() == thread.thread())
              .filter(l -> l.destId() == destination.destId() && !l.deleted())
              .max(Comparator.comparingLong(ArchivedLog::sequence));
      if (newest.isPresent()) {
        probe(gateway, destination, newest.get(), problems);
      }
    }
  }

  private static void probe(
      LogMinerGateway gateway,
      ArchiveDestination destination,
      ArchivedLog log,
      List<PreflightProblem> problems)
      throws SQLException {
    try {
      gateway.addLogFile(log.name(), AddLogOption.NEW);
    } catch (SQLException e) {
      if (!unreadable(e)) {
        throw e;
      }
      problems.add(
          PreflightProblem.fixedBy(
              CdcConfig.ARCHIVE_DESTINATION.name(),
              ErrorCode.INVALID_CONFIGURATION,
              "archived log "
                  + log.name()
                  + " of thread "
                  + log.thread()
                  + " at "
                  + destination.name()
                  + " cannot be opened by the instance this capture connects to (ORA-"
                  + String.format("%05d", e.getErrorCode())
                  + "): the destination is on another RAC node's own disk",
              "put "
                  + destination.name()
                  + " on storage every node reads (ASM, e.g. LOCATION=+FRA, or a cluster file"
                  + " system), or "
                  + PreflightFixes.setting(
                      CdcConfig.ARCHIVE_DESTINATION,
                      "<a destination every instance archives to shared storage>")));
      return;
    }
    gateway.removeLogFile(log.name());
  }

  /** Whether {@code e}, or an error under it, says the file cannot be opened. */
  private static boolean unreadable(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s && UNREADABLE.contains(s.getErrorCode())) {
        return true;
      }
    }
    String text = String.valueOf(e.getMessage());
    return text.contains("ORA-01284") || text.contains("ORA-00308") || text.contains("ORA-27037");
  }
}
