package dev.redoline.buffer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.Commit;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import dev.redoline.core.internal.Checks;
import java.io.IOException;
import java.util.List;

/**
 * A committed transaction, the one form it has from the buffer to the engine's publisher: its
 * {@link Commit} and its changes in redo order, with the spill file (if any) they stream from. The
 * consumer releases it when done; the file is deleted then. The LOB files of its {@link
 * dev.redoline.core.StreamedLob} values stay until the sink acknowledges the transaction ({@link
 * TransactionBuffer#acknowledged}), or go with {@link #discard()}.
 *
 * <pre>{@code
 * buffer.commit(xid, scn, address, time).ifPresent(published -> {
 *   try (published) {
 *     for (Change change : published.changes()) { sink.accept(change); }
 *   }
 * });
 * }</pre>
 *
 * <p>Threads: created on the apply thread; read and released on any one consumer thread. The
 * hand-off through the engine's queue publishes it safely. Releasing twice is harmless.
 */
public final class PublishedTransaction implements AutoCloseable {

  private final Commit commit;
  private final ChangeSequence changes;
  private final SpilledSequence spilled;

  /**
   * The files of its streamed LOB values: they outlive {@link #close()}, until acknowledged or
   * {@link #discard()}.
   */
  private final List<LobFile> lobFiles;

  PublishedTransaction(
      Commit commit, ChangeSequence changes, SpilledSequence spilled, List<LobFile> lobFiles) {
    this.commit = Checks.notNull(commit, "commit");
    this.changes = Checks.notNull(changes, "changes");
    Checks.argument(
        commit.size() == changes.size(),
        "Transaction %s: commit says %s changes, sequence has %s",
        commit.xid(),
        commit.size(),
        changes.size());
    this.spilled = spilled;
    this.lobFiles = lobFiles;
  }

  /** The commit: XID, SCNs, commit address and time, user, and the number of changes. */
  public Commit commit() {
    return commit;
  }

  public Xid xid() {
    return commit.xid();
  }

  /**
   * The changes in redo order, iterated rather than materialised (from the spill file when {@link
   * #spilled()}); each iteration reads from the start. Valid until {@link #close()}.
   */
  public ChangeSequence changes() {
    return changes;
  }

  /** Whether the changes stream from a spill file. */
  public boolean spilled() {
    return spilled != null;
  }

  /** Releases the transaction: closes open readers and deletes its spill file. */
  @Override
  public void close() {
    if (spilled != null) {
      try {
        spilled.delete();
      } catch (IOException e) {
        throw new CdcException(
            ErrorCode.SPILL_FILE_CORRUPT,
            "cannot delete spill file of transaction " + commit.xid() + ": " + e,
            e);
      }
    }
  }

  /**
   * Releases the transaction without delivering it (a capture that starts over drops what it has
   * not published): as {@link #close()}, and its LOB files are deleted too, since no sink will read
   * or acknowledge them.
   */
  public void discard() {
    try {
      close();
    } finally {
      lobFiles.forEach(LobFile::release);
    }
  }

  @Override
  public String toString() {
    return "PublishedTransaction[" + commit + ", " + changes + "]";
  }
}
