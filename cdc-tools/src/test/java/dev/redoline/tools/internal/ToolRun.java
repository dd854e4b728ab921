package dev.redoline.tools.internal;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** One run of the tool in this JVM: its exit code and what it printed, with a given environment. */
record ToolRun(ExitCode exit, String out, String err) {

  static ToolRun of(Map<String, String> env, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ExitCode exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      exit = Commands.run(List.of(args), o, e, env::get);
    }
    return new ToolRun(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static ToolRun of(String... args) {
    return of(Map.of(), args);
  }
}
