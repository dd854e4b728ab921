package dev.redoline.logminer.seam;

import dev.redoline.core.Xid;
import java.util.List;
import java.util.Objects;

/**
 * Where a sink keeps the journal of long open transactions, so the restart position can move past
 * their first change (docs/architecture.md#positions, rule 4): the Connect task in a compacted
 * topic beside its offsets. The engine writes the records and reads them back (their form is its
 * own, versioned); the store only keeps them per transaction. The embedded engine needs no store of
 * its own: {@link CaptureEngine.Builder#journalDirectory} keeps the journal in files.
 *
 * <h2>Contract</h2>
 *
 * <ul>
 *   <li>{@link #append} is durable and atomic when it returns: after a crash {@link #load} sees
 *       every record of the append or none.
 *   <li>{@link #load} returns every record kept, those of one transaction in the order appended.
 *   <li>{@link #remove} forgets a transaction's records; removing an unknown one does nothing.
 *   <li>A failure is a {@link dev.redoline.core.CdcException} with {@link
 *       dev.redoline.core.ErrorCode#JOURNAL_CORRUPT}, never skipped.
 * </ul>
 *
 * <p>Threads: the engine calls one method at a time (the capture thread, and the acknowledging
 * thread for removals); a store need not be thread-safe.
 */
public interface JournalStore {

  /** Keeps the {@code records} of one append of transaction {@code xid}, all or none. */
  void append(Xid xid, List<byte[]> records);

  /** Every record kept, those of a transaction in append order. */
  List<Record> load();

  /** Forgets every record of transaction {@code xid}. */
  void remove(Xid xid);

  /**
   * One record as the store keeps it.
   *
   * @param xid the transaction it belongs to
   * @param origin where the record is kept (a topic and key), for error messages
   * @param value the record's bytes
   */
  record Record(Xid xid, String origin, byte[] value) {
    public Record {
      Objects.requireNonNull(xid, "xid == null");
      Objects.requireNonNull(origin, "origin == null");
      Objects.requireNonNull(value, "value == null");
    }
  }
}
