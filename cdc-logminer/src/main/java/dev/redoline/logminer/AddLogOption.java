package dev.redoline.logminer;

/** The {@code OPTIONS} of {@code DBMS_LOGMNR.ADD_LOGFILE}, with the package's constant values. */
public enum AddLogOption {
  /** Ends the current session and starts a new list with this file. */
  NEW(1),
  /** Adds the file to the list; ORA-01289 when the same file or thread/sequence is listed. */
  ADDFILE(3);

  private final int value;

  AddLogOption(int value) {
    this.value = value;
  }

  /** The {@code DBMS_LOGMNR} constant. */
  public int value() {
    return value;
  }
}
