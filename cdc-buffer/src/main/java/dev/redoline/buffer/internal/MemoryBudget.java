package dev.redoline.buffer.internal;

import dev.redoline.core.Change;
import java.util.Collection;

/**
 * The heap accounting of a buffer's open transactions and the decision to spill: while the
 * estimated heap is over budget, the largest transaction still in memory moves to a spill file.
 *
 * <pre>{@code
 * MemoryBudget memory = new MemoryBudget(256L << 20, spillDirectory, 8192);
 * memory.tracked();
 * memory.append(tx, change);
 * int spilled = memory.spillWhileOver(open.all());
 * memory.untracked(tx);
 * }</pre>
 *
 * <p>Every operation that changes a transaction's accounted heap (append, undo, spill) goes through
 * here, so that {@link #bytes()} stays the sum over open transactions without walking them on every
 * row.
 */
final class MemoryBudget {

  private final long budgetBytes;
  private final SpillDirectory spillDirectory;
  private final int spillBufferBytes;
  private long bytes;
  private int inMemoryTransactions;

  MemoryBudget(long budgetBytes, SpillDirectory spillDirectory, int spillBufferBytes) {
    this.budgetBytes = budgetBytes;
    this.spillDirectory = spillDirectory;
    this.spillBufferBytes = spillBufferBytes;
  }

  /** The estimated heap of all open transactions. */
  long bytes() {
    return bytes;
  }

  /** A new transaction starts in memory with no changes. */
  void tracked() {
    inMemoryTransactions++;
  }

  /** The transaction left the buffer; its heap no longer counts. */
  void untracked(OpenTransaction tx) {
    bytes -= tx.memoryBytes();
    if (!tx.spilled()) {
      inMemoryTransactions--;
    }
  }

  void append(OpenTransaction tx, Change change) {
    long before = tx.memoryBytes();
    tx.add(change);
    bytes += tx.memoryBytes() - before;
  }

  /** Removes the newest change of {@code tx} with {@code rowId}; whether one was removed. */
  boolean removeNewest(OpenTransaction tx, String rowId) {
    long before = tx.memoryBytes();
    boolean removed = tx.removeNewest(rowId);
    bytes += tx.memoryBytes() - before;
    return removed;
  }

  /**
   * Spills the largest in-memory transactions of {@code open} until the heap is within budget or
   * none is left in memory; returns how many were spilled.
   */
  int spillWhileOver(Collection<OpenTransaction> open) {
    int spills = 0;
    while (bytes > budgetBytes && inMemoryTransactions > 0) {
      OpenTransaction largest = null;
      for (OpenTransaction tx : open) {
        if (!tx.spilled() && (largest == null || tx.memoryBytes() > largest.memoryBytes())) {
          largest = tx;
        }
      }
      if (largest.size() == 0) {
        // Only spill files' own buffers are left over budget; an empty file frees nothing.
        return spills;
      }
      long before = largest.memoryBytes();
      largest.spillTo(spillDirectory.newFile(largest.xid()), spillBufferBytes);
      bytes += largest.memoryBytes() - before;
      inMemoryTransactions--;
      spills++;
    }
    return spills;
  }
}
