package dev.redoline.simulator.internal.sql;

import dev.redoline.simulator.internal.oracle.LogFile;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Column values as the views hold them: NUMBERs as decimals (SCNs are unsigned), flags as YES/NO.
 */
public final class SqlValues {

  /** {@code NEXT_CHANGE#} of a log still being written: 2^64 - 1. */
  static final BigDecimal MAX_SCN =
      new BigDecimal(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));

  private SqlValues() {}

  /** An SCN; {@link LogFile#OPEN_END} (the simulator's "no end yet") is {@link #MAX_SCN}. */
  static BigDecimal scn(long scn) {
    return scn == LogFile.OPEN_END ? MAX_SCN : BigDecimal.valueOf(scn);
  }

  static String yesNo(boolean yes) {
    return yes ? "YES" : "NO";
  }

  static String yn(boolean yes) {
    return yes ? "Y" : "N";
  }
}
