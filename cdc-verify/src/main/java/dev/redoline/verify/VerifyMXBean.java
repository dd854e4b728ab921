package dev.redoline.verify;

/**
 * The last verification's result over JMX, {@code dev.redoline:type=Verify,name=<name>}: zero
 * differences and a recent time are what a monitor looks for.
 */
public interface VerifyMXBean {

  /** The SCN the last verification compared at, or 0 before the first. */
  long getLastScn();

  /** Keys that differed in the last verification (missing, extra, other values). */
  long getLastDifferences();

  /**
   * Keys of the last verification that differed at a tied SCN and agreed when compared again (in
   * flight, not differences).
   */
  long getLastInFlight();

  /**
   * Keys of the last verification neither found equal nor confirmed different within its patience
   * (not differences; a later verification decides them).
   */
  long getLastUndecided();

  /** Rows Oracle held in the tables of the last verification. */
  long getLastRowsCompared();

  /** Tables the last verification could not compare. */
  long getLastTablesNotCompared();

  /** Bytes Oracle returned in the last verification. */
  long getLastSourceBytes();

  /** When the last verification ended, epoch milliseconds, or 0 before the first. */
  long getLastEndedMillis();
}
