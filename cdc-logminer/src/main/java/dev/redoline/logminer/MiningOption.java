package dev.redoline.logminer;

import java.util.Set;

/**
 * The {@code OPTIONS} of {@code DBMS_LOGMNR.START_LOGMNR}, passed as the sum of their constants.
 * The values of the options marked inferred in LOGMINER.md section 3.2 are to be checked against
 * the 19c package specification before the JDBC gateway relies on them.
 */
public enum MiningOption {
  /** Read the dictionary from the redo (DBMS_LOGMNR_D.BUILD). */
  DICT_FROM_REDO_LOGS(32),
  /** Use the current data dictionary. */
  DICT_FROM_ONLINE_CATALOG(16),
  /** Apply DDL in the redo to the LogMiner dictionary (with DICT_FROM_REDO_LOGS). */
  DDL_DICT_TRACKING(8),
  /** Only committed transactions, grouped, in commit order. */
  COMMITTED_DATA_ONLY(2),
  /** Skip corrupt blocks, reporting them as CORRUPTED_BLOCKS rows. */
  SKIP_CORRUPTION(4),
  /** No trailing {@code ;} in SQL_REDO / SQL_UNDO. */
  NO_SQL_DELIMITER(64),
  /** No ROWID clause in SQL_REDO / SQL_UNDO (the ROW_ID column keeps its value). */
  NO_ROWID_IN_STMT(2048),
  /** Multi-line formatting, never used by connectors. */
  PRINT_PRETTY_SQL(512),
  /** Desupported in 19c: ORA-44609. */
  CONTINUOUS_MINE(1024);

  private final int value;

  MiningOption(int value) {
    this.value = value;
  }

  /** The {@code DBMS_LOGMNR} constant. */
  public int value() {
    return value;
  }

  /** The {@code OPTIONS} argument: the sum (bit-OR) of the constants. */
  public static int sum(Set<MiningOption> options) {
    int sum = 0;
    for (MiningOption option : options) {
      sum |= option.value;
    }
    return sum;
  }
}
