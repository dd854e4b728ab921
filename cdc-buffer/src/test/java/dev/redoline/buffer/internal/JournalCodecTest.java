package dev.redoline.buffer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.ChangeSequence;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class JournalCodecTest {

  private static final TransactionInfo INFO =
      new TransactionInfo(Changes.xid(4, 77), Scn.of(900), Changes.address(1), Changes.TIME, "APP");

  private static List<Change> changes(JournalEntry entry) {
    List<Change> out = new ArrayList<>();
    entry.changes().forEach(out::add);
    return out;
  }

  private static JournalEntry entry(TransactionInfo info, List<Change> changes) {
    return new JournalEntry(
        info,
        Changes.address(9),
        ChangeSequence.of(changes),
        List.of(new JournalEntry.Removal(Changes.address(2), 5)));
  }

  @Test
  void write_everyValueTypeReadsBackEqual() {
    Change change = ChangeCodecTest.updateOfEveryType();
    TransactionInfo sparse = new TransactionInfo(Changes.xid(1, 2), Scn.ZERO, null, null, null);
    for (TransactionInfo info : List.of(INFO, sparse)) {
      JournalEntry back =
          JournalCodec.read(JournalCodec.write(entry(info, List.of(change, Changes.insert(1, 2)))));
      assertThat(back.transaction()).isEqualTo(info);
      assertThat(back.upTo()).isEqualTo(Changes.address(9));
      assertThat(changes(back)).containsExactly(change, Changes.insert(1, 2));
      assertThat(back.removed()).containsExactly(new JournalEntry.Removal(Changes.address(2), 5));
    }
  }

  @Test
  void write_aChangeIsEncodedExactlyAsInSpillFiles() {
    Change change = ChangeCodecTest.updateOfEveryType();
    ByteWriter spill = new ByteWriter(256);
    ChangeCodec.write(change, spill);
    byte[] spilled = Arrays.copyOf(spill.array(), spill.size());

    byte[] record = JournalCodec.write(entry(INFO, List.of(change)));
    int at = indexOf(record, spilled);
    assertThat(at).as("the spill form of the change inside the journal record").isPositive();
  }

  private static int indexOf(byte[] haystack, byte[] needle) {
    for (int i = 0; i + needle.length <= haystack.length; i++) {
      if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void read_aRecordOfAnEarlierRelease_isRefusedWithCdc2102NamingTheWayOut() {
    byte[] bytes = JournalCodec.write(entry(INFO, List.of(Changes.insert(1, 1))));
    bytes[0] = 1;
    assertThatThrownBy(() -> JournalCodec.read(bytes))
        .isInstanceOfSatisfying(
            CdcException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.JOURNAL_CORRUPT);
              assertThat(e.detail())
                  .startsWith(
                      "a record of format version 1, written by an earlier release; this "
                          + "release reads version 2 only: let the journaled transactions end before upgrading");
            });
  }

  @Test
  void read_unknownVersionOrDamagedBytes_areRefusedWithCdc2102() {
    byte[] bytes = JournalCodec.write(entry(INFO, List.of(Changes.insert(1, 1))));
    byte[] later = bytes.clone();
    later[0] = 9;
    assertThatThrownBy(() -> JournalCodec.read(later))
        .isInstanceOf(CdcException.class)
        .hasMessageContaining("a record of unknown format version 9");
    assertThatThrownBy(() -> JournalCodec.read(Arrays.copyOf(bytes, bytes.length - 9)))
        .isInstanceOf(CdcException.class)
        .hasMessageContaining("an unreadable record: ");
    assertThatThrownBy(() -> JournalCodec.read(Arrays.copyOf(bytes, bytes.length + 1)))
        .isInstanceOf(CdcException.class)
        .hasMessageContaining("bytes after the end of the record");
  }

  /**
   * Stored records (spill files, the journal file and topic) name an operation by a byte whose
   * meaning must never change, whatever the order of the enum's constants.
   */
  @Test
  void storedOperationBytes_areStable() {
    assertThat(firstByte(Changes.insert(1, 2))).isEqualTo(0);
    assertThat(firstByte(Changes.update(1, 2, Changes.rowId(1)))).isEqualTo(1);
  }

  private static int firstByte(Change change) {
    ByteWriter out = new ByteWriter(256);
    ChangeCodec.write(change, out);
    return out.array()[0];
  }
}
