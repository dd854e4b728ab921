package dev.redoline.simulator.internal.oracle;

import java.util.EnumSet;
import java.util.Set;

/**
 * The option constants of {@code DBMS_LOGMNR.START_LOGMNR} with their values in the package
 * specification, as the database knows them. Clients name them ({@code OPTIONS =>
 * SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG + SYS.DBMS_LOGMNR.NO_ROWID_IN_STMT}) or pass their sum;
 * either way only the simulator holds the numbers: the package specification's, as public LogMiner
 * clients that pass a sum use them.
 */
public enum LogMinerOption {
  COMMITTED_DATA_ONLY(2),
  SKIP_CORRUPTION(4),
  DDL_DICT_TRACKING(8),
  DICT_FROM_ONLINE_CATALOG(16),
  DICT_FROM_REDO_LOGS(32),
  NO_SQL_DELIMITER(64),
  PRINT_PRETTY_SQL(512),
  CONTINUOUS_MINE(1024),
  NO_ROWID_IN_STMT(2048);

  private final int value;

  LogMinerOption(int value) {
    this.value = value;
  }

  /** The bit of the option in DBMS_LOGMNR.START_LOGMNR's OPTIONS sum. */
  public int value() {
    return value;
  }

  /**
   * The options whose bits are set in {@code sum}; bits of no known option are ignored, as Oracle
   * does.
   */
  public static Set<LogMinerOption> of(long sum) {
    Set<LogMinerOption> out = EnumSet.noneOf(LogMinerOption.class);
    for (LogMinerOption o : values()) {
      if ((sum & o.value()) != 0) {
        out.add(o);
      }
    }
    return out;
  }
}
