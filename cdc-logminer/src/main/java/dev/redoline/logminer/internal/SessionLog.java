package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;

/**
 * One row of {@code V$LOGMNR_LOGS}.
 *
 * @param logId LOG_ID
 * @param fileName FILENAME (for a missing range: {@code Missing log file(s) for thread number 1,
 *     sequence number(s) 100 to 102})
 * @param thread THREAD_ID
 * @param sequence THREAD_SQN
 * @param lowScn LOW_SCN
 * @param nextScn NEXT_SCN
 * @param status STATUS: 0 will be processed, 1 first file, 2 pruned, 4 missing
 * @param info INFO, e.g. {@code MISSING_LOGFILE}
 */
public record SessionLog(
    long logId,
    String fileName,
    int thread,
    long sequence,
    Scn lowScn,
    Scn nextScn,
    int status,
    String info) {}
