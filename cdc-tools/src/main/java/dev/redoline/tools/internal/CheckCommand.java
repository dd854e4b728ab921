package dev.redoline.tools.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ErrorCode;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.PreflightProblem;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code redoline check <database url>}: the preflight a capture runs in {@code start()} ({@link
 * Database#preflight}), run before deploying, each finding printed with its code, the key it
 * concerns and the exact SQL or setting that fixes it ({@link PreflightProblem#fix()}).
 */
final class CheckCommand {

  static final String HELP =
      """
      Usage: redoline check <database url> [options]

      Runs the checks a capture makes before it starts (archive log mode, supplemental logging,
      every grant, CONTAINER_DATA, PDBs, archive destinations, FLASHBACK on captured tables when
      snapshots are on, the server's time zone) and prints each problem with the SQL or setting
      that fixes it. Nothing is written to the database.

      Options:
      """
          + DatabaseOptions.HELP
          + """
        --help                 this text

      """
          + ExitCode.help(
              "the database is not ready: an ERROR was printed (WARNINGs alone exit 0)");

  private CheckCommand() {}

  static ExitCode run(
      List<String> argv, PrintStream out, PrintStream err, Function<String, String> env)
      throws UsageException {
    Arguments args = Arguments.parse(argv, DatabaseOptions.OPTIONS, Set.of("--help"));
    if (args.flag("--help")) {
      out.print(HELP);
      return ExitCode.OK;
    }
    if (args.positionals().size() > 1) {
      throw new UsageException(
          "check takes one database URL, got " + args.positionals().size() + " arguments");
    }
    CdcConfig config;
    try {
      config =
          DatabaseOptions.config(
              args, args.positionals().isEmpty() ? null : args.positionals().get(0), Map.of(), env);
    } catch (IOException e) {
      err.println("cannot read a file of the options: " + e);
      return ExitCode.FAILED;
    }
    String url = DatabaseOptions.printable(config.get(CdcConfig.DATABASE_URL));
    String user = config.get(CdcConfig.DATABASE_USER);
    out.println(
        "Checking "
            + url
            + (user == null || user.isEmpty() ? "" : " as user " + user)
            + ", tables "
            + String.join(",", config.get(CdcConfig.TABLES_INCLUDE)));
    List<PreflightProblem> problems = Database.fromConfig(config).preflight(config);
    int errors = 0;
    Set<String> unreachable = new HashSet<>();
    for (PreflightProblem p : problems) {
      if (p.code().number() / 1000 != 4
          || p.code() == ErrorCode.UNKNOWN_SERVICE
          || p.code() == ErrorCode.DRIVER_CLASS_MISSING) {
        unreachable.add(
            p.code().code()); // the database could not be asked: no finding about its setup
      }
      errors += p.warning() ? 0 : 1;
      out.println(
          (p.warning() ? "WARNING " : "ERROR ")
              + p.code().code()
              + " ["
              + p.key()
              + "] "
              + p.message());
      out.println(p.fix().isEmpty() ? "  action: " + p.code().action() : "  fix: " + p.fix());
    }
    if (!unreachable.isEmpty()) {
      err.println(
          "The checks could not run ("
              + String.join(", ", unreachable)
              + "); see docs/runbook.md.");
      return ExitCode.FAILED;
    }
    int warnings = problems.size() - errors;
    if (errors == 0) {
      out.println(
          "Ready: capture can start"
              + (warnings == 0
                  ? "."
                  : " (" + warnings + " warning" + (warnings == 1 ? "" : "s") + " to read)."));
      return ExitCode.OK;
    }
    out.println(
        errors
            + " error"
            + (errors == 1 ? "" : "s")
            + ", "
            + warnings
            + " warning"
            + (warnings == 1 ? "" : "s")
            + ": capture cannot start until the errors are fixed.");
    return ExitCode.PROBLEMS;
  }
}
