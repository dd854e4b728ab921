package dev.redoline.logminer.internal;

/**
 * The {@code OPTIONS} of {@code DBMS_LOGMNR.ADD_LOGFILE}. The gateway passes the package constant
 * by name ({@code SYS.DBMS_LOGMNR.ADDFILE}), so no constant's value is assumed here.
 */
public enum AddLogOption {
  /** Ends the current session and starts a new list with this file. */
  NEW,
  /** Adds the file to the list; ORA-01289 when the same file or thread/sequence is listed. */
  ADDFILE;

  /** The constant as PL/SQL names it. */
  public String constant() {
    return "SYS.DBMS_LOGMNR." + name();
  }
}
