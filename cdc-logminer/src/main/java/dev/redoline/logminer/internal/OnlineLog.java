package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * One online redo log group ({@code V$LOG} with its first {@code V$LOGFILE} member).
 *
 * <p>The CURRENT log has {@code nextScn} = {@link Scn#MAX}; UNUSED groups have sequence, first and
 * next SCN zero. A log holds SCN {@code s} iff {@code firstScn <= s < nextScn}.
 *
 * @param group GROUP#
 * @param thread THREAD#
 * @param sequence SEQUENCE#
 * @param bytes BYTES, the group's size
 * @param blockSize BLOCKSIZE (512, 1024 or 4096)
 * @param fileName the member's path ({@code V$LOGFILE.MEMBER})
 * @param archived ARCHIVED
 * @param status STATUS
 * @param firstScn FIRST_CHANGE#
 * @param firstTime FIRST_TIME (null when unused)
 * @param nextScn NEXT_CHANGE#
 */
public record OnlineLog(
    int group,
    int thread,
    long sequence,
    long bytes,
    int blockSize,
    String fileName,
    boolean archived,
    Status status,
    Scn firstScn,
    LocalDateTime firstTime,
    Scn nextScn) {

  /** V$LOG.STATUS. */
  public enum Status {
    UNUSED,
    CURRENT,
    ACTIVE,
    INACTIVE
  }

  public OnlineLog {
    Objects.requireNonNull(fileName, "fileName == null");
    Objects.requireNonNull(status, "status == null");
    Objects.requireNonNull(firstScn, "firstScn == null");
    Objects.requireNonNull(nextScn, "nextScn == null");
  }

  /** Whether the log holds redo of {@code scn}: {@code firstScn <= scn < nextScn}. */
  public boolean contains(Scn scn) {
    return status != Status.UNUSED && firstScn.compareTo(scn) <= 0 && scn.compareTo(nextScn) < 0;
  }
}
