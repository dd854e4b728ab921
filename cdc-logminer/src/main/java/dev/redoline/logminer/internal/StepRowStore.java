package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.StepRowFile;
import dev.redoline.core.RedoRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The rows of one step as they are read, in redo order: on the heap up to {@code
 * cdc.mining.step.memory.max.bytes}, every later row in a {@link StepRowFile} of the spill
 * directory. The step is still read whole before any of it is applied; it is then applied in chunks
 * ({@link #forEachChunk}): the rows held on the heap, then the file's rows a quarter of the budget
 * at a time. A step within the budget is one chunk, the list of its rows, as before the budget
 * existed.
 *
 * <p>A row is accounted at twice its SQL_REDO and SQL_UNDO characters plus a fixed {@value
 * #ROW_OVERHEAD} bytes for the record and its other columns: an estimate, which keeps the heap a
 * step takes near the budget whatever the size of its rows.
 */
final class StepRowStore implements AutoCloseable {

  /** Heap of a row besides its SQL text: the record, its address, XID, SCNs and short strings. */
  static final int ROW_OVERHEAD = 400;

  private final long budget;
  private final Path spillDirectory;
  private final List<RedoRow> memory = new ArrayList<>();
  private long memoryBytes;
  private StepRowFile file;
  private long rows;

  StepRowStore(long budgetBytes, Path spillDirectory) {
    this.budget = budgetBytes;
    this.spillDirectory = spillDirectory;
  }

  static long heapBytes(RedoRow row) {
    return ROW_OVERHEAD
        + 2L * (row.sqlRedo().length() + (row.sqlUndo() == null ? 0 : row.sqlUndo().length()));
  }

  /** Adds the next row of the step. */
  void add(RedoRow row) {
    rows++;
    if (file == null) {
      long bytes = heapBytes(row);
      if (memoryBytes + bytes <= budget || memory.isEmpty()) {
        memory.add(row);
        memoryBytes += bytes;
        return;
      }
      file = StepRowFile.create(spillDirectory);
    }
    file.append(row);
  }

  /** Rows added. */
  long size() {
    return rows;
  }

  /** Rows in the step file (0 when the step fits its budget). */
  long spilledRows() {
    return file == null ? 0 : file.rows();
  }

  /** Bytes of the step file (0 when the step fits its budget). */
  long spilledBytes() {
    return file == null ? 0 : file.bytes();
  }

  /** Every row, in order. */
  void forEach(Consumer<RedoRow> action) {
    memory.forEach(action);
    if (file != null) {
      try (StepRowFile.Rows rest = file.read()) {
        for (RedoRow row = rest.next(); row != null; row = rest.next()) {
          action.accept(row);
        }
      }
    }
  }

  /**
   * The rows {@code keep} accepts, in order and in chunks: all of them at once when the step fits
   * its budget, else the heap's rows, then the file's rows a quarter of the budget at a time. The
   * last pass: the heap's rows are let go once their chunk is handed over.
   */
  void forEachChunk(Predicate<RedoRow> keep, Consumer<List<RedoRow>> chunk) {
    List<RedoRow> first = new ArrayList<>(memory.size());
    for (RedoRow row : memory) {
      if (keep.test(row)) {
        first.add(row);
      }
    }
    memory.clear();
    chunk.accept(first);
    first = null;
    if (file == null) {
      return;
    }
    long chunkBudget = Math.max(1, budget / 4);
    List<RedoRow> next = new ArrayList<>();
    long bytes = 0;
    try (StepRowFile.Rows rest = file.read()) {
      for (RedoRow row = rest.next(); row != null; row = rest.next()) {
        if (!keep.test(row)) {
          continue;
        }
        next.add(row);
        bytes += heapBytes(row);
        if (bytes >= chunkBudget) {
          chunk.accept(next);
          next = new ArrayList<>();
          bytes = 0;
        }
      }
    }
    if (!next.isEmpty()) {
      chunk.accept(next);
    }
  }

  /** Every row, in order, pulled one at a time: the heap's, then the file's. */
  RowCursor cursor() {
    return new RowCursor() {
      private int next;
      private StepRowFile.Rows rest;

      @Override
      public RedoRow next() {
        if (next < memory.size()) {
          return memory.get(next++);
        }
        if (file == null) {
          return null;
        }
        if (rest == null) {
          rest = file.read();
        }
        return rest.next();
      }

      @Override
      public void cancel() {
        // reads the heap or a local file: nothing to cancel
      }

      @Override
      public void close() {
        if (rest != null) {
          rest.close();
        }
      }
    };
  }

  /** Deletes the step file, if any. */
  @Override
  public void close() {
    if (file != null) {
      file.close();
    }
  }
}
