package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.logminer.PreflightProblem;
import dev.redoline.logminer.internal.ArchiveDestination;
import dev.redoline.logminer.internal.ContainerData;
import dev.redoline.logminer.internal.DatabaseState;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.NoLoggingSegment;
import dev.redoline.logminer.internal.PdbState;
import dev.redoline.logminer.internal.SessionContainer;
import dev.redoline.logminer.internal.SnapshotPreflight;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks, before capture starts, that the database can be captured as configured.
 *
 * <pre>{@code
 * try (LogMinerGateway db = JdbcGateway.connect(config)) {
 *   List<PreflightProblem> problems = Preflight.of(config).check(db);
 *   for (PreflightProblem p : problems) {
 *     if (!p.warning()) throw p.toException();
 *     log.warn("{}: {}", p.key(), p.message());
 *   }
 * }
 * }</pre>
 *
 * <p>It uses the {@link LogMinerGateway} port only, so it runs on the simulator as on Oracle; a
 * gateway that is also a {@link PreflightProbe} (the JDBC one) is asked for the grants no port call
 * shows and for each table's supplemental logging. The checks, each a {@link PreflightProblem}
 * naming the key it concerns:
 *
 * <ul>
 *   <li>CDC-4003 ({@code cdc.database.user}): a view the port reads answers ORA-00942 or ORA-01031,
 *       or the probe finds a privilege missing.
 *   <li>CDC-4004 ({@code cdc.database.url}): LOG_MODE is not ARCHIVELOG.
 *   <li>CDC-4005: minimal supplemental logging off ({@code cdc.database.url}); a captured table
 *       without ALL COLUMN logging when the database does not log all columns ({@code
 *       cdc.tables.include}). Without a probe, only database-wide ALL proves a table logged.
 *   <li>CDC-4008 ({@code cdc.database.url}): PDBs are named but the session is not at CDB$ROOT
 *       ({@code SYS_CONTEXT('USERENV', 'CON_NAME')}), where LogMiner runs.
 *   <li>CDC-4003 ({@code cdc.database.user}): the user's CONTAINER_DATA (DBA_CONTAINER_DATA) hides
 *       a named PDB from V$PDBS, V$CONTAINERS, a CDB_ view or GV$TRANSACTION.
 *   <li>CDC-4006 ({@code cdc.database.pdbs}): a PDB that does not exist or is not open, or PDBs
 *       named for a non-container database.
 *   <li>CDC-4009 ({@code cdc.tables.include}), a warning: FORCE_LOGGING is off and a captured table
 *       or partition is NOLOGGING.
 *   <li>CDC-4001: a container database with no PDB named ({@code cdc.database.pdbs}); a named
 *       archive destination that does not exist or is not VALID ({@code cdc.archive.destination});
 *       {@code archive_only} without a VALID LOCAL destination ({@code cdc.capture.mode}); on RAC,
 *       a thread's newest archived log at the destination the capture reads that this instance
 *       cannot open, the destination being local to another node ({@link ArchiveReach}).
 *   <li>CDC-4003 ({@code cdc.snapshot.mode}): snapshots are on and the user may not read a captured
 *       table {@code AS OF SCN}.
 *   <li>CDC-4090 ({@code cdc.database.time.zone}), a warning: no zone is configured and the
 *       server's clock zone is known only as an offset other than UTC.
 * </ul>
 *
 * <p>Each problem carries its fix ({@link PreflightProblem#fix()}, written by {@link
 * PreflightFixes}).
 *
 * <p>Other database errors are not problems of the setup: they propagate as {@link SQLException}s.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is one method per check of the list above, and most of each is the
 * problem it builds: the message naming the value at fault and the fix. How the checks fit:
 *
 * <ul>
 *   <li><b>Every problem at once.</b> The checks do not stop at the first problem, so an operator
 *       fixes a new database in one round. A view the user may not read ({@code readable}) becomes
 *       one CDC-4003 naming the GRANT, reported once however often it is read, and the check that
 *       needed it is skipped rather than guessed: an unreadable V$DATABASE ends the checks after
 *       the privileges, an unreadable view inside a check leaves that check without a finding.
 *   <li><b>The containers decide the rest.</b> The PDB checks return the containers the later
 *       checks look at: a single {@code null} for a non-container database, the named PDBs that are
 *       open, or none when the session cannot see them (not at CDB$ROOT, CONTAINER_DATA hiding
 *       one). With none, the table checks find nothing, so a setup problem of the containers is
 *       reported as itself, not as missing logging on tables that could not be listed.
 *   <li><b>The same rules as the capture.</b> The root and CONTAINER_DATA rules come from {@link
 *       CaptureSessionChecks} and the flashback rule from {@link SnapshotPreflight}, which the
 *       capture itself applies when it connects and when it starts: preflight and start cannot
 *       disagree. The tables are those the capture would take, the include patterns less the
 *       excludes, from the same dictionary queries.
 *   <li><b>Errors and warnings.</b> A warning (NOLOGGING segments without FORCE_LOGGING, a clock
 *       zone known only as an offset) describes a risk, not a setup that cannot work: capture may
 *       start with it. Without a {@link PreflightProbe} a table's own logging cannot be read, so
 *       only database-wide ALL COLUMN logging counts as proof, and each table is reported
 *       otherwise: a false alarm is fixed by a statement, a missed table loses columns.
 * </ul>
 */
public final class Preflight {

  private final CdcConfig config;

  private Preflight(CdcConfig config) {
    this.config = config;
  }

  /** The checks of {@code config}. */
  public static Preflight of(CdcConfig config) {
    return new Preflight(Objects.requireNonNull(config, "config == null"));
  }

  /**
   * Every problem found, in the order of the list above; capture can start when none is an error
   * ({@link PreflightProblem#warning()} is false for errors).
   */
  public List<PreflightProblem> check(LogMinerGateway gateway) throws SQLException {
    Objects.requireNonNull(gateway, "gateway == null");
    List<PreflightProblem> problems = new ArrayList<>();
    DatabaseState db = readable(gateway::database, "V$DATABASE", problems);
    probeViews(gateway, problems);
    if (gateway instanceof PreflightProbe probe) {
      for (String missing : probe.missingPrivileges()) {
        problems.add(
            PreflightProblem.fixedBy(
                CdcConfig.DATABASE_USER.name(),
                ErrorCode.MISSING_PRIVILEGE,
                "user " + user() + " lacks " + missing,
                PreflightFixes.grant(missing, user())));
      }
    }
    if (db == null) {
      return problems;
    }
    if (db.logMode() != DatabaseState.LogMode.ARCHIVELOG) {
      problems.add(
          PreflightProblem.fixedBy(
              CdcConfig.DATABASE_URL.name(),
              ErrorCode.ARCHIVELOG_MODE_OFF,
              "database "
                  + db.name()
                  + " has LOG_MODE "
                  + db.logMode()
                  + "; capture needs ARCHIVELOG",
              PreflightFixes.ARCHIVELOG));
    }
    if (!db.supplementalLogDataMin()) {
      problems.add(
          PreflightProblem.fixedBy(
              CdcConfig.DATABASE_URL.name(),
              ErrorCode.SUPPLEMENTAL_LOGGING_MISSING,
              "database " + db.name() + " has SUPPLEMENTAL_LOG_DATA_MIN = NO",
              PreflightFixes.MINIMAL_LOGGING));
    }
    List<String> containers = checkPdbs(gateway, db, problems);
    if (!db.supplementalLogDataAll()) {
      checkTableLogging(gateway, containers, problems);
    }
    checkNoLogging(gateway, containers, problems);
    checkArchiveDestination(gateway, problems);
    checkFlashback(gateway, problems);
    checkTimeZone(db, problems);
    return problems;
  }

  @FunctionalInterface
  private interface Read<T> {
    T read() throws SQLException;
  }

  /** The value read, or {@code null} after recording CDC-4003 when the view may not be read. */
  private <T> T readable(Read<T> read, String view, List<PreflightProblem> problems)
      throws SQLException {
    try {
      return read.read();
    } catch (SQLException e) {
      if (!JdbcProbes.deniedAccess(e)) {
        throw e;
      }
      PreflightProblem problem =
          PreflightProblem.fixedBy(
              CdcConfig.DATABASE_USER.name(),
              ErrorCode.MISSING_PRIVILEGE,
              "user "
                  + user()
                  + " cannot read "
                  + view
                  + " (ORA-"
                  + String.format("%05d", e.getErrorCode())
                  + ")",
              PreflightFixes.grantSelect(view, user()));
      if (!problems.contains(problem)) { // a view read twice is reported once
        problems.add(problem);
      }
      return null;
    }
  }

  /**
   * Reads every view the inventory needs once; {@code archivedLogs(MAX)} reads its view without
   * rows.
   */
  private void probeViews(LogMinerGateway gateway, List<PreflightProblem> problems)
      throws SQLException {
    readable(gateway::threads, "V$THREAD", problems);
    readable(gateway::onlineLogs, "V$LOG and V$LOGFILE", problems);
    readable(() -> gateway.archivedLogs(Scn.MAX), "V$ARCHIVED_LOG", problems);
    readable(gateway::archiveDestinations, "V$ARCHIVE_DEST_STATUS", problems);
    readable(gateway::pdbs, "V$PDBS", problems);
    readable(() -> gateway.activeTransactions(false), "V$TRANSACTION", problems);
  }

  /**
   * Checks cdc.database.pdbs; returns the containers to capture from ({@code null} for a non-CDB).
   */
  private List<String> checkPdbs(
      LogMinerGateway gateway, DatabaseState db, List<PreflightProblem> problems)
      throws SQLException {
    String key = CdcConfig.DATABASE_PDBS.name();
    List<String> named = CaptureSessionChecks.pdbs(config);
    List<String> containers = new ArrayList<>();
    if (!db.cdb()) {
      for (String pdb : named) {
        problems.add(
            PreflightProblem.fixedBy(
                key,
                ErrorCode.UNKNOWN_PDB,
                "PDB "
                    + pdb
                    + " cannot be captured: database "
                    + db.name()
                    + " is not a container database",
                PreflightFixes.setting(CdcConfig.DATABASE_PDBS, "")));
      }
      containers.add(null);
      return containers;
    }
    if (named.isEmpty()) {
      problems.add(
          PreflightProblem.fixedBy(
              key,
              ErrorCode.INVALID_CONFIGURATION,
              "is empty, but database "
                  + db.name()
                  + " is a container database: name the PDBs to capture",
              PreflightFixes.setting(CdcConfig.DATABASE_PDBS, "<PDB>[,<PDB>...]")));
      return containers;
    }
    if (!canSeePdbs(gateway, named, problems)) {
      return containers; // what V$PDBS and the CDB_ views show this session says nothing about the
      // PDBs
    }
    List<PdbState> pdbs = readable(gateway::pdbs, "V$PDBS", problems);
    if (pdbs == null) {
      return containers; // already reported as a missing privilege
    }
    for (String pdb : named) {
      PdbState state = pdbs.stream().filter(p -> p.name().equals(pdb)).findFirst().orElse(null);
      if (state == null) {
        List<String> existing = pdbs.stream().map(PdbState::name).toList();
        problems.add(
            PreflightProblem.fixedBy(
                key,
                ErrorCode.UNKNOWN_PDB,
                "PDB " + pdb + " does not exist; V$PDBS lists " + existing,
                PreflightFixes.setting(
                    CdcConfig.DATABASE_PDBS,
                    "<one or more of " + String.join(",", existing) + ">")));
      } else if (!state.open()) {
        problems.add(
            PreflightProblem.fixedBy(
                key,
                ErrorCode.UNKNOWN_PDB,
                "PDB " + pdb + " is " + state.openMode() + ", not open",
                PreflightFixes.openPdb(pdb)));
      } else {
        containers.add(pdb);
      }
    }
    return containers;
  }

  /**
   * CDC-4008 when the session is in a PDB, CDC-4003 when CONTAINER_DATA hides a named PDB from a
   * view the capture reads (GV$TRANSACTION included); whether the PDBs can be checked further.
   */
  private boolean canSeePdbs(
      LogMinerGateway gateway, List<String> named, List<PreflightProblem> problems)
      throws SQLException {
    SessionContainer at = gateway.sessionContainer();
    if (!at.canMine()) {
      problems.add(
          PreflightProblem.fixedBy(
              CdcConfig.DATABASE_URL.name(),
              ErrorCode.SESSION_NOT_IN_ROOT,
              CaptureSessionChecks.notAtRoot(at),
              PreflightFixes.setting(
                  CdcConfig.DATABASE_URL, "<a URL of the container database's own service>")));
      return false;
    }
    ContainerData data = readable(gateway::containerData, "DBA_CONTAINER_DATA", problems);
    String lacking =
        data == null ? null : CaptureSessionChecks.lacksContainerData(config, data, named, true);
    if (lacking != null) {
      problems.add(
          PreflightProblem.fixedBy(
              CdcConfig.DATABASE_USER.name(),
              ErrorCode.MISSING_PRIVILEGE,
              lacking,
              PreflightFixes.containerData(user())));
      return false;
    }
    return true;
  }

  private void checkTableLogging(
      LogMinerGateway gateway, List<String> containers, List<PreflightProblem> problems)
      throws SQLException {
    PreflightProbe probe = gateway instanceof PreflightProbe p ? p : null;
    for (TableId table : capturedTables(gateway, containers, problems)) {
      if (probe == null || !probe.allColumnLogging(table)) {
        problems.add(
            PreflightProblem.fixedBy(
                CdcConfig.TABLES_INCLUDE.name(),
                ErrorCode.SUPPLEMENTAL_LOGGING_MISSING,
                "captured table "
                    + table
                    + " has no ALL COLUMN supplemental logging and the database logs "
                    + "only minimal supplemental data",
                PreflightFixes.allColumnLogging(table)));
      }
    }
  }

  /**
   * A CDC-4009 warning naming the captured tables and partitions with LOGGING 'NO' when
   * V$DATABASE.FORCE_LOGGING is off: direct-path loads into them write no change redo, so their
   * rows never reach LogMiner (and nothing in the redo says they are missing).
   */
  private void checkNoLogging(
      LogMinerGateway gateway, List<String> containers, List<PreflightProblem> problems)
      throws SQLException {
    Boolean forced = readable(gateway::forceLogging, "V$DATABASE", problems);
    if (forced == null || forced) {
      return;
    }
    List<TablePattern> excludes =
        config.get(CdcConfig.TABLES_EXCLUDE).stream().map(TablePattern::parse).toList();
    Set<String> unlogged = new java.util.LinkedHashSet<>();
    for (String text : config.get(CdcConfig.TABLES_INCLUDE)) {
      TablePattern include = TablePattern.parse(text);
      for (String container : containers) {
        if (include.coversContainer(container)) {
          List<NoLoggingSegment> segments =
              readable(
                  () ->
                      gateway.noLoggingSegments(
                          container, include.ownerRegex(), include.tableRegex()),
                  container == null
                      ? "ALL_TABLES and ALL_TAB_PARTITIONS"
                      : "CDB_TABLES and CDB_TAB_PARTITIONS",
                  problems);
          for (NoLoggingSegment s : segments == null ? List.<NoLoggingSegment>of() : segments) {
            if (excludes.stream().noneMatch(x -> x.matches(s.table()))) {
              unlogged.add(s.toString());
            }
          }
        }
      }
    }
    if (!unlogged.isEmpty()) {
      problems.add(
          new PreflightProblem(
              CdcConfig.TABLES_INCLUDE.name(),
              ErrorCode.NOLOGGING_WITHOUT_FORCE_LOGGING,
              "V$DATABASE.FORCE_LOGGING is NO and captured tables or partitions are NOLOGGING: "
                  + String.join(", ", unlogged)
                  + "; direct-path loads into them write no redo, so capture never "
                  + "sees those rows",
              true,
              PreflightFixes.FORCE_LOGGING));
    }
  }

  /**
   * The tables of {@code containers} that cdc.tables.include matches and cdc.tables.exclude does
   * not.
   */
  private Set<TableId> capturedTables(
      LogMinerGateway gateway, List<String> containers, List<PreflightProblem> problems)
      throws SQLException {
    List<TablePattern> excludes =
        config.get(CdcConfig.TABLES_EXCLUDE).stream().map(TablePattern::parse).toList();
    Set<TableId> tables = new TreeSet<>();
    for (String text : config.get(CdcConfig.TABLES_INCLUDE)) {
      TablePattern include = TablePattern.parse(text);
      for (String container : containers) {
        if (!include.coversContainer(container)) {
          continue;
        }
        List<DictionaryObject> objects =
            readable(
                () -> gateway.objects(container, include.ownerRegex(), include.tableRegex()),
                container == null ? "ALL_OBJECTS" : "CDB_OBJECTS",
                problems);
        for (DictionaryObject o : objects == null ? List.<DictionaryObject>of() : objects) {
          if (o.partition() == null && excludes.stream().noneMatch(x -> x.matches(o.table()))) {
            tables.add(o.table());
          }
        }
      }
    }
    return tables;
  }

  private void checkArchiveDestination(LogMinerGateway gateway, List<PreflightProblem> problems)
      throws SQLException {
    List<ArchiveDestination> destinations =
        readable(gateway::archiveDestinations, "V$ARCHIVE_DEST_STATUS", problems);
    if (destinations == null) {
      return; // already reported as a missing privilege
    }
    ArchiveReach.check(gateway, config, destinations, problems);
    String named = config.get(CdcConfig.ARCHIVE_DESTINATION);
    if (!named.isEmpty()) {
      ArchiveDestination d =
          destinations.stream()
              .filter(x -> x.name().equalsIgnoreCase(named))
              .findFirst()
              .orElse(null);
      if (d == null) {
        List<String> listed =
            destinations.stream()
                .filter(x -> !x.status().equals("INACTIVE"))
                .map(ArchiveDestination::name)
                .toList();
        problems.add(
            PreflightProblem.fixedBy(
                CdcConfig.ARCHIVE_DESTINATION.name(),
                ErrorCode.INVALID_CONFIGURATION,
                named + " is not an archive destination; V$ARCHIVE_DEST_STATUS lists " + listed,
                PreflightFixes.setting(
                    CdcConfig.ARCHIVE_DESTINATION,
                    "<one of "
                        + String.join(",", listed)
                        + ", or empty for the first VALID LOCAL one>")));
      } else if (!d.status().equals("VALID")) {
        problems.add(
            PreflightProblem.fixedBy(
                CdcConfig.ARCHIVE_DESTINATION.name(),
                ErrorCode.INVALID_CONFIGURATION,
                named
                    + " has STATUS "
                    + d.status()
                    + "; capture reads archived logs from a VALID destination",
                "ALTER SYSTEM SET LOG_ARCHIVE_DEST_STATE_"
                    + d.destId()
                    + "=ENABLE; (and correct LOG_ARCHIVE_DEST_"
                    + d.destId()
                    + " until V$ARCHIVE_DEST_STATUS shows it VALID) or "
                    + PreflightFixes.setting(
                        CdcConfig.ARCHIVE_DESTINATION, "<a VALID destination>")));
      }
      return;
    }
    String mode = config.get(CdcConfig.CAPTURE_MODE).toLowerCase(Locale.ROOT);
    if (mode.equals("archive_only")
        && destinations.stream().noneMatch(ArchiveDestination::usableLocal)) {
      problems.add(
          PreflightProblem.fixedBy(
              CdcConfig.CAPTURE_MODE.name(),
              ErrorCode.INVALID_CONFIGURATION,
              "archive_only needs a VALID LOCAL archive destination, and V$ARCHIVE_DEST_STATUS has none",
              "ALTER SYSTEM SET LOG_ARCHIVE_DEST_1='LOCATION=USE_DB_RECOVERY_FILE_DEST'; or "
                  + PreflightFixes.setting(CdcConfig.CAPTURE_MODE, "online")));
    }
  }

  /**
   * CDC-4003 naming the captured tables the user may not read {@code AS OF SCN} when {@code
   * cdc.snapshot.mode} snapshots: the check {@code start()} makes at its first connection.
   */
  private void checkFlashback(LogMinerGateway gateway, List<PreflightProblem> problems)
      throws SQLException {
    List<TableId> denied;
    try {
      denied = SnapshotPreflight.deniedFlashback(gateway, config);
    } catch (CdcException e) {
      if (e.errorCode() == ErrorCode.UNKNOWN_PDB) {
        return; // the tables of a PDB that is not there cannot be resolved: checkPdbs reported it
      }
      throw e;
    }
    if (!denied.isEmpty()) {
      problems.add(
          PreflightProblem.fixedBy(
              CdcConfig.SNAPSHOT_MODE.name(),
              ErrorCode.MISSING_PRIVILEGE,
              "snapshots are on, but user "
                  + user()
                  + " may not read "
                  + denied
                  + " AS OF SCN (no FLASHBACK on the table "
                  + "and no FLASHBACK ANY TABLE)",
              PreflightFixes.flashback(denied, user())));
    }
  }

  /**
   * A CDC-4090 warning when no zone is configured and the server's clock zone could only be read as
   * an offset other than UTC: change times would be off by the daylight saving shift from the
   * server clock's next change on.
   */
  private void checkTimeZone(DatabaseState db, List<PreflightProblem> problems) {
    if (config.get(CdcConfig.DATABASE_TIME_ZONE).isEmpty()
        && db.zone() instanceof ZoneOffset offset
        && !offset.equals(ZoneOffset.UTC)) {
      problems.add(
          new PreflightProblem(
              CdcConfig.DATABASE_TIME_ZONE.name(),
              ErrorCode.TIME_ZONE_ONLY_OFFSET,
              "the database server's clock is at offset "
                  + offset
                  + " and DBTIMEZONE does not name its region, so "
                  + "change times are right only until the clock's next daylight saving change",
              true,
              PreflightFixes.setting(
                  CdcConfig.DATABASE_TIME_ZONE, "<the server's region, e.g. Europe/Paris>")));
    }
  }

  private String user() {
    return config.get(CdcConfig.DATABASE_USER);
  }
}
