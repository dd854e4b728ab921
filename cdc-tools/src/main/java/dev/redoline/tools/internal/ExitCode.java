package dev.redoline.tools.internal;

/**
 * What a {@code redoline} command's exit status means; every command's {@code --help} lists them.
 */
public enum ExitCode {
  /** Done: the database is ready (warnings aside), the position was shown or moved. */
  OK(0),
  /** The command ran and found a problem: preflight errors, a move that was refused. */
  PROBLEMS(1),
  /** The command line is wrong; the usage was printed. */
  USAGE(2),
  /** The command could not run: the database or a file could not be read. */
  FAILED(3);

  private final int status;

  ExitCode(int status) {
    this.status = status;
  }

  /** The process exit status. */
  public int status() {
    return status;
  }

  /** The lines of {@code --help} that explain the exit statuses. */
  static String help(String problems) {
    return "Exit status: 0 done; 1 "
        + problems
        + "; 2 wrong command line; 3 could not run (database or file"
        + " unreadable).\n";
  }
}
