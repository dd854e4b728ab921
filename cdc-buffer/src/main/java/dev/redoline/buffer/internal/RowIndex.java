package dev.redoline.buffer.internal;

import java.util.Arrays;
import java.util.HashMap;

/**
 * For each ROW_ID, the positions of the live changes that carry it, newest last: an undo row pops
 * the newest in O(1), whatever the size of the transaction.
 *
 * <pre>{@code
 * RowIndex index = new RowIndex();
 * index.push("AAAR3sAAEAAAACXAAA", 0);
 * index.push("AAAR3sAAEAAAACXAAA", 7);
 * assert index.pop("AAAR3sAAEAAAACXAAA") == 7;
 * }</pre>
 */
final class RowIndex {

  /** Heap estimate of one indexed position: map node, key share, stack slot. */
  static final long ENTRY_BYTES = 64;

  private final HashMap<String, Positions> byRowId = new HashMap<>();

  void push(String rowId, int position) {
    byRowId.computeIfAbsent(rowId, k -> new Positions()).push(position);
  }

  /** Removes and returns the newest position for {@code rowId}, or -1 when there is none. */
  int pop(String rowId) {
    Positions positions = byRowId.get(rowId);
    if (positions == null) {
      return -1;
    }
    int position = positions.pop();
    if (positions.size == 0) {
      byRowId.remove(rowId);
    }
    return position;
  }

  /** Whether any position is held for {@code rowId}. */
  boolean contains(String rowId) {
    return byRowId.containsKey(rowId);
  }

  void clear() {
    byRowId.clear();
  }

  /** A growable int stack; most ROW_IDs appear once, so it starts with room for two. */
  private static final class Positions {
    private int[] values = new int[2];
    private int size;

    void push(int position) {
      if (size == values.length) {
        values = Arrays.copyOf(values, size * 2);
      }
      values[size++] = position;
    }

    int pop() {
      return values[--size];
    }
  }
}
