package dev.redoline.logminer.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The file an Oracle error about an archived log names (ORA-00308, ORA-01284). */
final class ArchivedFile {

  private static final Pattern NAMED =
      Pattern.compile(
          "ORA-00308: cannot open archived log '([^']+)'|ORA-01284: file (\\S+) cannot be opened");

  private ArchivedFile() {}

  /** The file named in {@code message}, quoted, or {@code "(file not named)"}. */
  static String named(String message) {
    Matcher m = NAMED.matcher(String.valueOf(message));
    if (!m.find()) {
      return "(file not named)";
    }
    return "'" + (m.group(1) != null ? m.group(1) : m.group(2)) + "'";
  }
}
