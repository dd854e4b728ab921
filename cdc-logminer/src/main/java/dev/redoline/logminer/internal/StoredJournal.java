package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.JournalCodec;
import dev.redoline.buffer.internal.JournalEntry;
import dev.redoline.buffer.internal.JournaledTransaction;
import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import dev.redoline.logminer.seam.JournalStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The buffer's {@link TransactionJournal} over a sink's {@link JournalStore}: each append becomes
 * records of at most {@link #SLICE_CHANGES} changes in {@link JournalCodec}'s form, and a load
 * joins a transaction's records again, without the changes later records remove.
 *
 * <p>Memory: a load reads every record and returns the journaled changes from the heap (the file
 * journal streams them from disk instead), so a restart needs heap for every journaled change.
 */
public final class StoredJournal implements TransactionJournal {

  /**
   * Changes per record; keeps records far below Kafka's default 1 MiB message size for usual rows.
   */
  public static final int SLICE_CHANGES = 500;

  private final JournalStore store;

  public StoredJournal(JournalStore store) {
    this.store = Objects.requireNonNull(store, "store == null");
  }

  @Override
  public void append(JournalEntry entry) {
    Objects.requireNonNull(entry, "entry == null");
    List<byte[]> records = new ArrayList<>();
    List<Change> slice = new ArrayList<>();
    for (Change change : entry.changes()) { // read now: the sequence may stream from a spill file
      slice.add(change);
      if (slice.size() == SLICE_CHANGES) {
        records.add(record(entry, slice, List.of()));
        slice = new ArrayList<>();
      }
    }
    records.add(record(entry, slice, entry.removed()));
    store.append(entry.transaction().xid(), records);
  }

  private static byte[] record(
      JournalEntry entry, List<Change> changes, List<JournalEntry.Removal> removed) {
    return JournalCodec.write(
        new JournalEntry(entry.transaction(), entry.upTo(), ChangeSequence.of(changes), removed));
  }

  @Override
  public List<JournaledTransaction> load() {
    Map<Xid, List<JournalEntry>> entries = new LinkedHashMap<>();
    for (JournalStore.Record record : store.load()) {
      JournalEntry entry;
      try {
        entry = JournalCodec.read(record.value());
      } catch (CdcException e) {
        throw new CdcException(ErrorCode.JOURNAL_CORRUPT, record.origin() + ": " + e.detail());
      }
      if (!entry.transaction().xid().equals(record.xid())) {
        throw new CdcException(
            ErrorCode.JOURNAL_CORRUPT,
            record.origin() + ": holds transaction " + entry.transaction().xid());
      }
      entries.computeIfAbsent(record.xid(), x -> new ArrayList<>()).add(entry);
    }
    List<JournaledTransaction> result = new ArrayList<>();
    entries.values().forEach(e -> result.add(assemble(e)));
    return result;
  }

  /**
   * The changes of every record in append order, without the removed ones; the last record's mark.
   */
  private static JournaledTransaction assemble(List<JournalEntry> records) {
    Set<JournalEntry.Removal> removed = new HashSet<>();
    records.forEach(r -> removed.addAll(r.removed()));
    List<Change> changes = new ArrayList<>();
    for (JournalEntry record : records) {
      for (Change change : record.changes()) {
        if (!JournalEntry.Removal.removes(removed, change)) {
          changes.add(change);
        }
      }
    }
    return new JournaledTransaction(
        records.get(0).transaction(),
        records.get(records.size() - 1).upTo(),
        ChangeSequence.of(changes));
  }

  @Override
  public void remove(Xid xid) {
    store.remove(Objects.requireNonNull(xid, "xid == null"));
  }
}
