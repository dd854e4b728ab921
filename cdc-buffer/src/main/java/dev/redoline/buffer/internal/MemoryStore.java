package dev.redoline.buffer.internal;

import dev.redoline.core.Change;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The changes of one transaction held on the heap: slot {@code i} holds the change at position
 * {@code i}, {@code null} once an undo row removed it, with a {@link RowIndex} for undo rows.
 *
 * <pre>{@code
 * MemoryStore store = new MemoryStore();
 * long bytes = store.add(change);     // accounted heap of the change and its index entry
 * int position = store.removeNewest(change.rowId());
 * }</pre>
 */
final class MemoryStore {

  /** Heap of one list slot (a reference, with the list's growth slack). */
  private static final long SLOT_BYTES = 6;

  private final ArrayList<Change> changes = new ArrayList<>();
  private final RowIndex index = new RowIndex();
  private long bytes;
  private long live;
  private Change lastRemoved;

  /** Appends at position {@link #positions()}; returns the heap bytes it added. */
  long add(Change change) {
    changes.add(change);
    long added = SLOT_BYTES + ChangeSizer.estimate(change);
    if (change.rowId() != null) {
      index.push(change.rowId(), changes.size() - 1);
      added += RowIndex.ENTRY_BYTES;
    }
    bytes += added;
    live++;
    return added;
  }

  /** Positions used so far, removed ones included. */
  int positions() {
    return changes.size();
  }

  long live() {
    return live;
  }

  long bytes() {
    return bytes;
  }

  /**
   * Removes the newest live change with {@code rowId}; its position, or -1 when none. The freed
   * bytes are {@code bytes()} before minus after.
   */
  int removeNewest(String rowId) {
    int position = index.pop(rowId);
    if (position >= 0) {
      Change removed = changes.set(position, null);
      lastRemoved = removed;
      bytes -= SLOT_BYTES + ChangeSizer.estimate(removed) + RowIndex.ENTRY_BYTES;
      live--;
    }
    return position;
  }

  /** The change the last successful {@link #removeNewest} removed. */
  Change lastRemoved() {
    return lastRemoved;
  }

  /** The change at {@code position}, or {@code null} when removed. */
  Change changeAt(int position) {
    return changes.get(position);
  }

  /** Live changes at {@code from} or later, in order. */
  void forEachFrom(int from, Consumer<Change> action) {
    forEachBetween(from, changes.size(), action);
  }

  /** Live changes at positions {@code from} (inclusive) to {@code to} (exclusive), in order. */
  void forEachBetween(int from, int to, Consumer<Change> action) {
    for (int i = from; i < to; i++) {
      Change change = changes.get(i);
      if (change != null) {
        action.accept(change);
      }
    }
  }

  /** Writes every live change, with its position, to {@code target}. */
  void spillTo(SpillStore target) {
    for (int i = 0; i < changes.size(); i++) {
      Change change = changes.get(i);
      if (change != null) {
        target.add(change, i);
      } else {
        target.skip(i);
      }
    }
  }

  /** The live changes as a list, for publishing. */
  List<Change> liveChanges() {
    List<Change> result = new ArrayList<>((int) live);
    forEachFrom(0, result::add);
    return result;
  }
}
