package dev.redoline.tools.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.embedded.BugReportBundle;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code redoline bundle}: the bug-report bundle of a capture ({@link BugReportBundle}) from its
 * settings file, without its secrets.
 */
final class BundleCommand {

  static final String HELP =
      """
      Usage: redoline bundle --config FILE --out BUNDLE.zip [--set KEY=VALUE ...]

      Writes one zip to attach to a bug report: the capture's recording (cdc.recording.dir), its
      stored positions and table layouts (cdc.state.dir), its settings with passwords hidden, and
      the versions of Redoline, Java and the operating system. Row values are left out.

      Options:
        --config FILE          the capture's settings (an engine's or a connector's properties)
        --out FILE             the zip to write
        --set KEY=VALUE        a setting over the file's; repeatable
        --help                 this text

      """
          + ExitCode.help("(not used)");

  private BundleCommand() {}

  static ExitCode run(
      List<String> argv, PrintStream out, PrintStream err, Function<String, String> env)
      throws UsageException {
    Set<String> options = new HashSet<>(DatabaseOptions.OPTIONS);
    options.add("--out");
    Arguments args = Arguments.parse(argv, options, Set.of("--help"));
    if (args.flag("--help")) {
      out.print(HELP);
      return ExitCode.OK;
    }
    if (args.option("--config") == null
        || args.option("--out") == null
        || !args.positionals().isEmpty()) {
      throw new UsageException("bundle needs --config FILE and --out FILE, and nothing else");
    }
    try {
      CdcConfig config = DatabaseOptions.config(args, null, Map.of(), env);
      for (String entry : BugReportBundle.write(config, List.of(), Path.of(args.option("--out")))) {
        out.println(entry);
      }
      out.println("Written: " + args.option("--out"));
      return ExitCode.OK;
    } catch (IOException e) {
      err.println("No bundle written: " + e);
      return ExitCode.FAILED;
    }
  }
}
