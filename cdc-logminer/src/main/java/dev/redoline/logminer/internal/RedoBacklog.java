package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;

/**
 * How much redo a thread has written after the capture's cursor: the log switches since the
 * cursor's log, and the bytes, counted from the log sizes the listing shows (an archived copy's
 * BLOCKS * BLOCK_SIZE, else the online log's BYTES) and, for the thread's current log, up to its
 * LAST_REDO_BLOCK. A thread without a cursor yet counts from nothing read: it has no backlog
 * figure.
 */
final class RedoBacklog {

  private RedoBacklog() {}

  static StreamingFigures.ThreadFigures of(
      RedoThreadState thread, RedoAddress cursor, LogInventory.Snapshot listing) {
    if (cursor == null || cursor.sequence() <= 0) {
      return new StreamingFigures.ThreadFigures(thread.thread(), cursor, 0, 0);
    }
    long current = Math.max(thread.lastRedoSequence(), cursor.sequence());
    long bytes = 0;
    for (long sequence = cursor.sequence(); sequence <= current && bytes >= 0; sequence++) {
      long size =
          sequence == current
              ? thread.lastRedoBlock() * blockSize(thread.thread(), sequence, listing)
              : size(thread.thread(), sequence, listing);
      if (size < 0) {
        bytes = -1;
        break;
      }
      long read =
          sequence == cursor.sequence()
              ? Math.min(
                  size,
                  Math.min(cursor.block(), 0xFFFF_FFFEL)
                      * blockSize(thread.thread(), sequence, listing))
              : 0;
      bytes += size - read;
    }
    return new StreamingFigures.ThreadFigures(
        thread.thread(), cursor, current - cursor.sequence(), bytes);
  }

  /** The log's size in bytes, or -1 when the listing shows no copy of it. */
  private static long size(int thread, long sequence, LogInventory.Snapshot listing) {
    for (ArchivedLog a : listing.archived()) {
      if (a.thread() == thread && a.sequence() == sequence && !a.deleted()) {
        return a.bytes();
      }
    }
    for (OnlineLog o : listing.online()) {
      if (o.thread() == thread && o.sequence() == sequence) {
        return o.bytes();
      }
    }
    return -1;
  }

  private static long blockSize(int thread, long sequence, LogInventory.Snapshot listing) {
    for (OnlineLog o : listing.online()) {
      if (o.thread() == thread && o.sequence() == sequence) {
        return o.blockSize();
      }
    }
    for (ArchivedLog a : listing.archived()) {
      if (a.thread() == thread && a.sequence() == sequence) {
        return a.blockSize();
      }
    }
    return 512; // the usual redo block size, for a log the listing no longer shows
  }
}
