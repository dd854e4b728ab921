package dev.redoline.simulator.internal.oracle;

/**
 * Consecutive sequences of one thread missing from a LogMiner session: a V$LOGMNR_LOGS row with
 * STATUS 4 and INFO 'MISSING_LOGFILE', and, once a session tolerated them, a MISSING_SCN row.
 *
 * @param thread the redo thread
 * @param fromSequence the first missing sequence
 * @param toSequence the last missing sequence
 * @param firstScn FIRST_CHANGE# of the first missing log
 * @param nextScn NEXT_CHANGE# of the last missing log
 */
public record LogGap(int thread, long fromSequence, long toSequence, long firstScn, long nextScn) {

  /** Its FILENAME in V$LOGMNR_LOGS. */
  public String description() {
    return "Missing log file(s) for thread number "
        + thread
        + ", sequence number(s) "
        + fromSequence
        + " to "
        + toSequence;
  }
}
