package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.buffer.internal.JournalContract;
import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.Xid;
import dev.redoline.logminer.seam.JournalStore;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The journal contract over a sink's store, kept in memory here as a topic keeps it in Kafka: what
 * the engine writes to a store it reads back the same.
 */
class StoredJournalTest extends JournalContract {

  /** The records kept, per transaction in append order; survives a reopen as a topic does. */
  private final Map<Xid, List<List<byte[]>>> kept = new LinkedHashMap<>();

  private final JournalStore store =
      new JournalStore() {
        @Override
        public void append(Xid xid, List<byte[]> records) {
          kept.computeIfAbsent(xid, x -> new ArrayList<>()).add(List.copyOf(records));
        }

        @Override
        public List<Record> load() {
          List<Record> all = new ArrayList<>();
          kept.forEach(
              (xid, appends) -> {
                for (int a = 0; a < appends.size(); a++) {
                  for (int s = 0; s < appends.get(a).size(); s++) {
                    all.add(
                        new Record(
                            xid, "memory " + xid + "/" + a + "/" + s, appends.get(a).get(s)));
                  }
                }
              });
          return all;
        }

        @Override
        public void remove(Xid xid) {
          kept.remove(xid);
        }
      };

  @Override
  protected TransactionJournal journal() {
    return reopen();
  }

  @Override
  protected TransactionJournal reopen() {
    return new StoredJournal(store);
  }

  @Test
  void append_slicesALargeAppendIntoRecordsOfAtMostTheSliceSize() {
    List<Change> changes = new ArrayList<>();
    for (int i = 1; i <= StoredJournal.SLICE_CHANGES * 2 + 1; i++) {
      changes.add(insert(i, i));
    }
    journal().append(entry(INFO, changes.size(), changes));
    assertThat(kept.get(XID)).hasSize(1);
    assertThat(kept.get(XID).get(0)).as("records of one append").hasSize(3);
    assertThat(changes(reopen().load().get(0))).containsExactlyElementsOf(changes);
  }

  @Test
  void load_anUnreadableRecord_failsNamingWhereItIsKept() {
    kept.computeIfAbsent(XID, x -> new ArrayList<>()).add(List.of(new byte[] {9}));
    assertThatThrownBy(() -> reopen().load())
        .isInstanceOf(CdcException.class)
        .hasMessageStartingWith("CDC-2102 ")
        .hasMessageContaining("memory " + XID + "/0/0: a record of unknown format version 9");
  }
}
