package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.time.LocalDateTime;
import java.util.Objects;

/**
 * One row of {@code V$THREAD}.
 *
 * <p>{@link #lastRedoAddress()} is the end of the redo LGWR has written for the thread: every
 * record at or below it is in the log file, every record above it is not yet. This is the end of a
 * mining step (docs/architecture.md#positions, rule 2), settled inside the last block at what the
 * step read there, because LGWR may write a partly filled block again with more records. {@code
 * lastRedoScn} is the highest SCN written, which can lag CURRENT_SCN and differ between threads.
 *
 * @param thread THREAD#
 * @param status OPEN or CLOSED
 * @param enabled ENABLED
 * @param instance the instance number owning the thread
 * @param sequence SEQUENCE# of the current log
 * @param checkpointScn CHECKPOINT_CHANGE#: where a closed thread's redo ends
 * @param enableScn ENABLE_CHANGE#
 * @param disableScn DISABLE_CHANGE# (zero when never disabled)
 * @param lastRedoSequence LAST_REDO_SEQUENCE#
 * @param lastRedoBlock LAST_REDO_BLOCK
 * @param lastRedoScn LAST_REDO_CHANGE#
 * @param lastRedoTime LAST_REDO_TIME, database local time
 */
public record RedoThreadState(
    int thread,
    Status status,
    Enabled enabled,
    int instance,
    long sequence,
    Scn checkpointScn,
    Scn enableScn,
    Scn disableScn,
    long lastRedoSequence,
    long lastRedoBlock,
    Scn lastRedoScn,
    LocalDateTime lastRedoTime) {

  /** V$THREAD.STATUS. */
  public enum Status {
    OPEN,
    CLOSED
  }

  /** V$THREAD.ENABLED. */
  public enum Enabled {
    DISABLED,
    PRIVATE,
    PUBLIC
  }

  public RedoThreadState {
    Objects.requireNonNull(status, "status == null");
    Objects.requireNonNull(enabled, "enabled == null");
    Objects.requireNonNull(checkpointScn, "checkpointScn == null");
    Objects.requireNonNull(enableScn, "enableScn == null");
    Objects.requireNonNull(disableScn, "disableScn == null");
    Objects.requireNonNull(lastRedoScn, "lastRedoScn == null");
  }

  /**
   * The highest address written: block {@link #lastRedoBlock} of {@link #lastRedoSequence}, at its
   * last byte offset, so every record written so far compares at or below it.
   */
  public RedoAddress lastRedoAddress() {
    return new RedoAddress(thread, lastRedoSequence, lastRedoBlock, 0xFFFF);
  }
}
