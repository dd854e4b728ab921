package dev.redoline.core.internal;

import dev.redoline.core.Change;
import java.util.Iterator;
import java.util.List;

/**
 * The changes of a transaction in redo order, possibly streamed from disk rather than held in
 * memory: a transaction larger than the heap is read one change at a time.
 *
 * <p>Each {@link #iterator()} reads the sequence from the start. Implementations backed by files
 * fail with a {@link dev.redoline.core.CdcException} (never silently stop early) when the data is
 * unreadable.
 */
public interface ChangeSequence extends Iterable<Change> {

  /** The number of changes. */
  long size();

  /** A sequence over a list held in memory. */
  static ChangeSequence of(List<Change> changes) {
    List<Change> copy = List.copyOf(changes);
    return new ChangeSequence() {
      @Override
      public long size() {
        return copy.size();
      }

      @Override
      public Iterator<Change> iterator() {
        return copy.iterator();
      }

      @Override
      public String toString() {
        return "ChangeSequence[" + copy.size() + " in memory]";
      }
    };
  }
}
