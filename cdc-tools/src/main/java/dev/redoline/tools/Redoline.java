package dev.redoline.tools;

import dev.redoline.tools.internal.Commands;
import java.io.PrintStream;
import java.util.List;

/**
 * The {@code redoline} command-line tool: {@code check}, {@code position show|set}. The launcher
 * {@code bin/redoline} of the tool's archive runs {@link #main}; tests and other programs call
 * {@link #run} with their own streams.
 *
 * <pre>{@code
 * int status = Redoline.run(new String[] {"check", "jdbc:redoline:sim:demo", "--tables", "SHOP.*"},
 *     System.out, System.err);
 * }</pre>
 */
public final class Redoline {

  private Redoline() {}

  /** Runs the command line and exits with its status. */
  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * Runs the command line, printing to {@code out} and {@code err}; passwords are read from the
   * process environment ({@code --password-env}) or a file, never from the arguments.
   *
   * @return the exit status: 0 done, 1 the command found a problem, 2 a wrong command line, 3 it
   *     could not run
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return Commands.run(List.of(args), out, err, System::getenv).status();
  }
}
