package dev.redoline.embedded;

import dev.redoline.core.Change;
import dev.redoline.core.Commit;
import dev.redoline.core.Position;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.logminer.seam.StreamEvent;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * One committed transaction as a {@link ChangeHandler} receives it: its {@link Commit} (XID, commit
 * SCN and address, time, user, size) and its changes in redo order, streamed.
 *
 * <pre>{@code
 * ChangeHandler handler = tx -> {
 *   for (Change change : tx.changes()) {            // streamed: once, in redo order
 *     TableLayout layout = tx.layout(change);       // column names and types
 *     store(layout, change);
 *   }
 *   saveOffsetInMyDatabase(tx.position());           // known once every change was read
 *   audit(tx.commit().size(), tx.tableCounts());      // so are the changes per table
 * };
 * }</pre>
 *
 * <h2>Streaming</h2>
 *
 * {@link #changes()} can be iterated <em>once</em>: each {@code next()} reads the next change of
 * the transaction the engine handed over whole, from memory or from its spill file. That is what
 * lets a transaction of millions of changes through without holding it in memory; a handler that
 * needs the changes twice keeps its own copy. Changes the handler does not read are skipped by the
 * engine once it returns. The object is valid only during the {@code handle} call, on the delivery
 * thread.
 */
public final class CommittedTransaction {

  /** Finds the layout version a change was decoded with. */
  interface Layouts {
    TableLayout layout(Change change);
  }

  private final StreamEvent.ChangeEvent first;
  private final Iterator<StreamEvent.ChangeEvent> rest;
  private final Layouts layouts;
  private boolean iterated;
  private long taken;
  private StreamEvent.ChangeEvent last;

  /** {@code first}: the transaction's first change delivered; {@code rest}: the ones after it. */
  CommittedTransaction(
      StreamEvent.ChangeEvent first, Iterator<StreamEvent.ChangeEvent> rest, Layouts layouts) {
    this.first = first;
    this.rest = rest;
    this.layouts = layouts;
  }

  /** The commit: XID, SCNs, commit address and time, user, and the number of changes. */
  public Commit commit() {
    return first.commit();
  }

  public Xid xid() {
    return first.commit().xid();
  }

  /**
   * Whether this batch is a snapshot chunk rather than a transaction: its changes are op {@link
   * dev.redoline.core.Operation#READ}, the rows of one table as of {@code commit().scn()},
   * delivered between the last transaction committed at or below that SCN and the first above it
   * (XID 0000000000000000, no redo address). Each change's place in its table's snapshot is {@link
   * #snapshotMark(Change)}.
   */
  public boolean snapshot() {
    return first.snapshot() != null;
  }

  /**
   * The snapshot mark of the change most recently read from {@link #changes()}: the chunk's table
   * and SCN and whether the row is its table's first, last or neither; {@code null} for the changes
   * of a transaction.
   *
   * @throws IllegalStateException before any change was read
   */
  public dev.redoline.core.SnapshotMark snapshotMark(Change change) {
    Objects.requireNonNull(change, "change == null");
    if (last == null || last.change() != change) {
      throw new IllegalStateException("snapshotMark takes the change changes() returned last");
    }
    return last.snapshot();
  }

  /**
   * The index of the first change this call delivers: 0, unless the stored position was taken in
   * the middle of this transaction by an {@link OffsetStore} of the user's.
   */
  public long firstIndex() {
    return first.index();
  }

  /** How many changes {@link #changes()} yields: {@code commit().size() - firstIndex()}. */
  public long size() {
    return first.commit().size() - first.index();
  }

  /**
   * The changes in redo order, streamed from the engine's queue.
   *
   * @throws IllegalStateException when called a second time: the changes stream once
   */
  public Iterable<Change> changes() {
    if (iterated) {
      throw new IllegalStateException(
          "The changes of transaction "
              + xid()
              + " stream from the capture and can be "
              + "iterated once; keep your own copy to read them again");
    }
    iterated = true;
    return this::iterator;
  }

  private Iterator<Change> iterator() {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return more();
      }

      @Override
      public Change next() {
        if (!hasNext()) {
          throw new NoSuchElementException("transaction " + xid() + " has " + taken + " changes");
        }
        return take().change();
      }
    };
  }

  /** Whether changes are left to read. */
  private boolean more() {
    return taken == 0 || rest.hasNext();
  }

  private StreamEvent.ChangeEvent take() {
    StreamEvent.ChangeEvent event = taken == 0 ? first : rest.next();
    taken++;
    last = event;
    return event;
  }

  /**
   * The column names and types the change was decoded with.
   *
   * @throws IllegalStateException when the engine has no such layout version (a bug: schema events
   *     come before the changes that use them)
   */
  public TableLayout layout(Change change) {
    Objects.requireNonNull(change, "change == null");
    TableLayout layout = layouts.layout(change);
    if (layout == null) {
      throw new IllegalStateException(
          "No layout version " + change.layoutVersion() + " of " + change.table());
    }
    return layout;
  }

  /**
   * The position to store once this transaction is handled: what an {@link OffsetStore} kept in the
   * sink's database writes in the same transaction as the changes.
   *
   * @throws IllegalStateException before every change has been read from {@link #changes()}
   */
  public Position position() {
    if (more()) {
      throw new IllegalStateException(
          "The position of transaction "
              + xid()
              + " is known once all its "
              + size()
              + " changes are read; "
              + taken
              + " read so far");
    }
    return last.position();
  }

  /**
   * How many changes each table has in the whole transaction, in the order the tables first appear:
   * the {@code data_collections} of Debezium's transaction END event (the total, its {@code
   * event_count}, is {@code commit().size()}). Counted over every change delivered of the
   * transaction, also those a restart in its middle does not deliver again; a transaction the
   * initial snapshot holds some changes of counts without them and says so in {@link
   * Commit#partial()}.
   *
   * @throws IllegalStateException before every change has been read from {@link #changes()}: the
   *     changes stream, so the counts are known with the last one
   */
  public Map<TableId, Long> tableCounts() {
    if (more()) {
      throw new IllegalStateException(
          "The table counts of transaction "
              + xid()
              + " are known once all its "
              + size()
              + " changes are read; "
              + taken
              + " read so far");
    }
    return last.tableCounts();
  }

  /** Reads what the handler left unread; the engine calls it after the handler returns. */
  Position finish() {
    while (more()) {
      take();
    }
    return last.position();
  }

  @Override
  public String toString() {
    return "CommittedTransaction[" + xid() + " at " + commit().mark() + ", " + size() + " changes]";
  }
}
