package dev.redoline.simulator.internal.oracle;

/** The {@code OPTIONS} of {@code DBMS_LOGMNR.ADD_LOGFILE}, with their package constants. */
public enum LogFileOption {
  /** Ends the current session and starts a new list with this file. */
  NEW(1),
  REMOVEFILE(2),
  ADDFILE(3);

  private final int value;

  LogFileOption(int value) {
    this.value = value;
  }

  /** The number DBMS_LOGMNR.ADD_LOGFILE's OPTIONS gives the option. */
  public int value() {
    return value;
  }

  /**
   * The option of a constant's value; ORA-01286-like misuse is out of scope, so unknown values are
   * ADDFILE.
   */
  public static LogFileOption of(long value) {
    for (LogFileOption o : values()) {
      if (o.value() == value) {
        return o;
      }
    }
    return ADDFILE;
  }
}
