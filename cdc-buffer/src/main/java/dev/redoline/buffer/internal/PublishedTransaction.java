package dev.redoline.buffer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.internal.Transaction;
import java.io.IOException;
import java.util.List;

/**
 * A committed transaction handed from the apply thread to its consumer, with the spill file (if
 * any) its changes stream from. The consumer releases it when done; the file is deleted then. The
 * LOB files of its {@link dev.redoline.core.StreamedLob} values stay until the sink acknowledges
 * the transaction ({@link TransactionBuffer#acknowledged}), or go with {@link #discard()}.
 *
 * <pre>{@code
 * buffer.commit(xid, scn, address, time).ifPresent(published -> {
 *   try (published) {
 *     for (Change change : published.transaction().changes()) { sink.accept(change); }
 *   }
 * });
 * }</pre>
 *
 * <p>Threads: created on the apply thread; read and released on any one consumer thread. The
 * hand-off through the engine's queue publishes it safely. Releasing twice is harmless.
 */
public final class PublishedTransaction implements AutoCloseable {

  private final Transaction transaction;
  private final SpilledSequence spilled;

  /**
   * The files of its streamed LOB values: they outlive {@link #close()}, until acknowledged or
   * {@link #discard()}.
   */
  private final List<LobFile> lobFiles;

  PublishedTransaction(Transaction transaction, SpilledSequence spilled, List<LobFile> lobFiles) {
    this.transaction = transaction;
    this.spilled = spilled;
    this.lobFiles = lobFiles;
  }

  /** The committed transaction; valid until {@link #close()}. */
  public Transaction transaction() {
    return transaction;
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
            "cannot delete spill file of transaction " + transaction.xid() + ": " + e,
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
    return "PublishedTransaction[" + transaction.commit() + ", " + transaction.changes() + "]";
  }
}
