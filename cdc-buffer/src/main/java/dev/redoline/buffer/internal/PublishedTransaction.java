package dev.redoline.buffer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.internal.Transaction;
import java.io.IOException;

/**
 * A committed transaction handed from the apply thread to its consumer, with the spill file (if
 * any) its changes stream from. The consumer releases it when done; the file is deleted then.
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

  PublishedTransaction(Transaction transaction, SpilledSequence spilled) {
    this.transaction = transaction;
    this.spilled = spilled;
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
        throw new CdcException(ErrorCode.SPILL_FILE_CORRUPT,
            "cannot delete spill file of transaction " + transaction.xid() + ": " + e, e);
      }
    }
  }

  @Override
  public String toString() {
    return "PublishedTransaction[" + transaction.commit() + ", " + transaction.changes() + "]";
  }
}
