package dev.redoline.logminer.internal;

import java.util.Set;

/**
 * The {@code OPTIONS} of {@code DBMS_LOGMNR.START_LOGMNR}. The gateway passes them as the sum of
 * the package constants named in the PL/SQL call ({@code SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG +
 * SYS.DBMS_LOGMNR.NO_ROWID_IN_STMT}), so the database resolves their values and none is assumed
 * here.
 */
public enum MiningOption {
  /** Read the dictionary from the redo (DBMS_LOGMNR_D.BUILD). */
  DICT_FROM_REDO_LOGS,
  /** Use the current data dictionary. */
  DICT_FROM_ONLINE_CATALOG,
  /** Apply DDL in the redo to the LogMiner dictionary (with DICT_FROM_REDO_LOGS). */
  DDL_DICT_TRACKING,
  /** Only committed transactions, grouped, in commit order. */
  COMMITTED_DATA_ONLY,
  /** Skip corrupt blocks, reporting them as CORRUPTED_BLOCKS rows. */
  SKIP_CORRUPTION,
  /** No trailing {@code ;} in SQL_REDO / SQL_UNDO. */
  NO_SQL_DELIMITER,
  /** No ROWID clause in SQL_REDO / SQL_UNDO (the ROW_ID column keeps its value). */
  NO_ROWID_IN_STMT,
  /** Multi-line formatting, never used by connectors. */
  PRINT_PRETTY_SQL,
  /** Desupported in 19c: ORA-44609. */
  CONTINUOUS_MINE;

  /**
   * The {@code OPTIONS} argument: the named constants added up, in declaration order (so one set of
   * options is always one statement text), or {@code 0} for none.
   */
  public static String sum(Set<MiningOption> options) {
    StringBuilder sum = new StringBuilder();
    for (MiningOption option : values()) {
      if (options.contains(option)) {
        sum.append(sum.length() == 0 ? "" : " + ").append("SYS.DBMS_LOGMNR.").append(option.name());
      }
    }
    return sum.length() == 0 ? "0" : sum.toString();
  }
}
