package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * One row of {@code V$ARCHIVED_LOG}: one copy of one log sequence at one destination.
 *
 * @param name NAME, the file path; {@code null} for a log cleared without archiving
 * @param destId DEST_ID
 * @param thread THREAD#
 * @param sequence SEQUENCE#
 * @param firstScn FIRST_CHANGE#
 * @param nextScn NEXT_CHANGE#, the first SCN of the next sequence
 * @param firstTime FIRST_TIME
 * @param blocks BLOCKS
 * @param blockSize BLOCK_SIZE
 * @param status STATUS
 * @param standbyDest STANDBY_DEST
 * @param dictionaryBegin DICTIONARY_BEGIN
 * @param dictionaryEnd DICTIONARY_END
 * @param resetlogsScn RESETLOGS_CHANGE#
 */
public record ArchivedLog(
    String name,
    int destId,
    int thread,
    long sequence,
    Scn firstScn,
    Scn nextScn,
    LocalDateTime firstTime,
    long blocks,
    int blockSize,
    Status status,
    boolean standbyDest,
    boolean dictionaryBegin,
    boolean dictionaryEnd,
    Scn resetlogsScn) {

  /** V$ARCHIVED_LOG.STATUS. */
  public enum Status {
    /** Available. */
    A,
    /** Deleted (DELETED='YES'); the row stays, the file is gone. */
    D,
    /** Unavailable. */
    U,
    /** Expired. */
    X
  }

  public ArchivedLog {
    Objects.requireNonNull(firstScn, "firstScn == null");
    Objects.requireNonNull(nextScn, "nextScn == null");
    Objects.requireNonNull(status, "status == null");
    Objects.requireNonNull(resetlogsScn, "resetlogsScn == null");
  }

  /** DELETED = 'YES'. */
  public boolean deleted() {
    return status == Status.D;
  }

  /** BLOCKS * BLOCK_SIZE. */
  public long bytes() {
    return blocks * blockSize;
  }

  /** Whether the log holds redo of {@code scn}: {@code firstScn <= scn < nextScn}. */
  public boolean contains(Scn scn) {
    return firstScn.compareTo(scn) <= 0 && scn.compareTo(nextScn) < 0;
  }
}
