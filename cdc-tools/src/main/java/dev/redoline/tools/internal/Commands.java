package dev.redoline.tools.internal;

import dev.redoline.verify.VerifyCommand;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The tool's commands by name: the one place a new command is added (a module's static {@code
 * run(args, out, err)} entry wired in as a {@link Command}).
 */
public final class Commands {

  /** One command: its arguments after its name, the output streams and the environment. */
  @FunctionalInterface
  interface Command {
    ExitCode run(List<String> args, PrintStream out, PrintStream err, Function<String, String> env)
        throws UsageException;
  }

  private record Entry(String summary, Command command) {}

  private static final Map<String, Entry> COMMANDS = new LinkedHashMap<>();

  static {
    COMMANDS.put(
        "check",
        new Entry(
            "run the preflight checks against a database; print each problem's fix",
            CheckCommand::run));
    COMMANDS.put(
        "position",
        new Entry("show a stored position, or move it back to an SCN", PositionCommand::run));
    COMMANDS.put(
        "bundle",
        new Entry(
            "write a bug-report bundle of a capture, without its secrets", BundleCommand::run));
    COMMANDS.put(
        "verify",
        new Entry(
            "compare a consumer's copy with the database at an SCN; repair what differs",
            Commands::verify));
  }

  static final String HELP_HEAD =
      """
      Usage: redoline <command> [arguments]   (redoline <command> --help for its own)

      Commands:
      """;

  private Commands() {}

  /** Runs the command line; the exit code of the command, or {@link ExitCode#USAGE}. */
  public static ExitCode run(
      List<String> argv, PrintStream out, PrintStream err, Function<String, String> env) {
    if (argv.isEmpty() || argv.get(0).equals("--help") || argv.get(0).equals("help")) {
      (argv.isEmpty() ? err : out).print(help());
      return argv.isEmpty() ? ExitCode.USAGE : ExitCode.OK;
    }
    Entry entry = COMMANDS.get(argv.get(0));
    if (entry == null) {
      err.println("redoline: unknown command " + argv.get(0));
      err.print(help());
      return ExitCode.USAGE;
    }
    try {
      return entry.command().run(argv.subList(1, argv.size()), out, err, env);
    } catch (UsageException e) {
      err.println(
          "redoline "
              + argv.get(0)
              + ": "
              + e.getMessage()
              + " (redoline "
              + argv.get(0)
              + " --help)");
      return ExitCode.USAGE;
    } catch (dev.redoline.core.CdcException e) {
      // configuration the options made invalid (CDC-4001, CDC-4002): its message never shows a
      // password
      err.println("redoline " + argv.get(0) + ": " + e.getMessage());
      return e.errorCode().number() / 1000 == 4 ? ExitCode.USAGE : ExitCode.FAILED;
    }
  }

  static String help() {
    StringBuilder help = new StringBuilder(HELP_HEAD);
    COMMANDS.forEach((name, e) -> help.append(String.format("  %-10s %s%n", name, e.summary())));
    return help.append('\n').append(ExitCode.help("the command found a problem")).toString();
  }

  /**
   * {@code redoline verify}: the reconciliation's own command line, whose exit statuses are the
   * tool's.
   */
  private static ExitCode verify(
      List<String> args, PrintStream out, PrintStream err, Function<String, String> env) {
    int status = VerifyCommand.run(args.toArray(String[]::new), out, err);
    for (ExitCode code : ExitCode.values()) {
      if (code.status() == status) {
        return code;
      }
    }
    return ExitCode.FAILED;
  }
}
