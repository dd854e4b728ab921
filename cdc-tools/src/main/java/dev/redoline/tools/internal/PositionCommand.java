package dev.redoline.tools.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.Database;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * {@code redoline position show|set}: a stored position decoded, or moved back to an SCN. The
 * position is an embedded engine's offset file or a Connect connector's offsets ({@link
 * PositionSource}).
 *
 * <p>A move goes back only, and only as far as the redo is still there: an SCN above the stored
 * position would skip the changes between them, and one whose redo is gone could not be mined
 * ({@link Database#requireRedoFrom}, the capture's own log inventory). The moved position is what
 * {@code cdc.start.scn} gives a first start, keeping the snapshot progress (so no table is
 * snapshotted again) and the excluded users' open transactions.
 */
final class PositionCommand {

  static final String HELP =
      """
      Usage: redoline position show <source>
             redoline position set <source> --scn SCN [--url DATABASE_URL] [database options]

      show decodes a stored position: the SCN a restart reads logs from, each redo thread's
      resume address, the last acknowledged commit, snapshot progress.
      set moves it back to SCN: the capture, restarted, delivers again every transaction
      committed after SCN. It is refused when SCN is after the stored position (changes would be
      skipped) or when redo from SCN is no longer available (a log is deleted or missing), which
      the database at --url (or cdc.database.url of --config) is asked. Stop the capture first.

      <source>, one of:
        --state-dir DIR          an embedded engine's cdc.state.dir (its offsets.json)
        --offset-file FILE       an embedded engine's offset file
        --connect-offsets FILE   the JSON of GET /connectors/<name>/offsets (- for stdin); set
                                 prints the body for PATCH /connectors/<name>/offsets
        --server PREFIX          with --connect-offsets: the partition (cdc.topic.prefix) to use
                                 when the connector has several

      Database options (set):
        --url URL              the database, when not cdc.database.url of --config
      """
          + DatabaseOptions.HELP
          + """
        --help                 this text

      """
          + ExitCode.help("the move was refused");

  private static final Set<String> SOURCE =
      Set.of("--state-dir", "--offset-file", "--connect-offsets", "--server");

  private PositionCommand() {}

  static ExitCode run(
      List<String> argv, PrintStream out, PrintStream err, Function<String, String> env)
      throws UsageException {
    Set<String> options = new HashSet<>(SOURCE);
    options.addAll(DatabaseOptions.OPTIONS);
    options.addAll(Set.of("--scn", "--url"));
    Arguments args = Arguments.parse(argv, options, Set.of("--help"));
    if (args.flag("--help") || args.positionals().isEmpty()) {
      if (!args.flag("--help")) {
        throw new UsageException("position needs show or set");
      }
      out.print(HELP);
      return ExitCode.OK;
    }
    String action = args.positionals().get(0);
    if (args.positionals().size() > 1 || !(action.equals("show") || action.equals("set"))) {
      throw new UsageException(
          "position takes show or set, got " + String.join(" ", args.positionals()));
    }
    try {
      PositionSource source = PositionSource.of(args);
      Position position = source.load();
      if (action.equals("show")) {
        out.println("Position in " + source.describe() + ":");
        describe(position, out);
        return ExitCode.OK;
      }
      return set(args, source, position, out, err, env);
    } catch (IOException e) {
      err.println("cannot read or write the position: " + e);
      return ExitCode.FAILED;
    } catch (CdcException e) {
      if (e.errorCode() == ErrorCode.INVALID_POSITION
          || e.errorCode() == ErrorCode.LOCAL_STORAGE_FAILED) {
        err.println(e.getMessage());
        return ExitCode.FAILED;
      }
      throw e;
    }
  }

  private static ExitCode set(
      Arguments args,
      PositionSource source,
      Position current,
      PrintStream out,
      PrintStream err,
      Function<String, String> env)
      throws UsageException, IOException {
    String scnText = args.option("--scn");
    if (scnText == null) {
      throw new UsageException("position set needs --scn SCN");
    }
    Scn target;
    try {
      target = Scn.parse(scnText);
    } catch (IllegalArgumentException e) {
      throw new UsageException("--scn " + scnText + ": " + e.getMessage());
    }
    PositionState held = PositionState.of(current);
    if (target.compareTo(held.resumeScn()) > 0) {
      err.println(
          "Refused: SCN "
              + target
              + " is after the stored position's resume SCN "
              + held.resumeScn()
              + "; moving forward would skip the changes between them. This tool only moves positions back.");
      return ExitCode.PROBLEMS;
    }
    // The tables play no part in the redo check; a configuration without them is still complete.
    CdcConfig config =
        DatabaseOptions.config(
            args, args.option("--url"), Map.of(CdcConfig.TABLES_INCLUDE.name(), "*.*"), env);
    try {
      Database.fromConfig(config).requireRedoFrom(config, target);
    } catch (CdcException e) {
      if (e.errorCode() == ErrorCode.LOG_PURGED || e.errorCode() == ErrorCode.LOG_SEQUENCE_GAP) {
        err.println(
            "Refused: "
                + e.errorCode().code()
                + " "
                + e.detail()
                + ". A capture moved to SCN "
                + target
                + " could not read that redo; choose a later SCN.");
        return ExitCode.PROBLEMS;
      }
      err.println(
          "Could not check the redo of "
              + DatabaseOptions.printable(config.get(CdcConfig.DATABASE_URL))
              + ": "
              + e.getMessage());
      return ExitCode.FAILED;
    }
    Position moved =
        new PositionState(
                target,
                new TreeMap<>(),
                null,
                PositionState.WHOLE,
                held.excludedOpen(),
                held.snapshot(),
                null,
                Set.of())
            .toPosition();
    out.println("Position in " + source.describe() + " before the move (keep it to undo):");
    describe(current, out);
    source.store(moved, out);
    out.println(
        "Moved back to SCN "
            + target
            + ": once restarted, the capture delivers again every transaction"
            + " committed after it.");
    return ExitCode.OK;
  }

  /** The position field by field, then its stored map form. */
  static void describe(Position position, PrintStream out) {
    PositionState p = PositionState.of(position);
    out.println("  resume SCN: " + p.resumeScn() + " (logs are chosen from here on restart)");
    for (Map.Entry<Integer, RedoAddress> e : p.resume().entrySet()) {
      out.println("  thread " + e.getKey() + ": redo read again after " + e.getValue());
    }
    out.println(
        "  last acknowledged commit: "
            + (p.lastCommit() == null
                ? "none yet"
                : p.lastCommit()
                    + (p.lastIndex() == PositionState.WHOLE
                        ? ", whole"
                        : ", up to change " + p.lastIndex())));
    if (!p.excludedOpen().isEmpty()) {
      out.println("  open transactions of excluded users: " + p.excludedOpen());
    }
    if (!p.partialOpen().isEmpty()) {
      out.println(
          "  open transactions a first start read only in part (delivered marked FIRST_START): "
              + p.partialOpen());
    }
    if (p.incarnation() != null) {
      out.println(
          "  incarnation: "
              + p.incarnation()
              + " (RESETLOGS_CHANGE#@RESETLOGS_TIME of the redo it points into)");
    }
    if (p.snapshot().tracked()) {
      out.println(
          "  snapshot: "
              + p.snapshot().tables().size()
              + " table(s) tracked"
              + (p.snapshot().adHoc().isEmpty()
                  ? ""
                  : ", " + p.snapshot().adHoc().size() + " ad-hoc snapshot(s) open"));
    }
    out.println("  stored as: " + p.toMap());
  }
}
