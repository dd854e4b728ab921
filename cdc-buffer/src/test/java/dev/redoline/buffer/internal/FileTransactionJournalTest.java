package dev.redoline.buffer.internal;

import static dev.redoline.buffer.internal.Changes.address;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.ChangeSequence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTransactionJournalTest extends JournalContract {

  @TempDir Path temp;

  @Override
  protected TransactionJournal journal() {
    return FileTransactionJournal.open(temp.resolve("journal"));
  }

  @Override
  protected TransactionJournal reopen() {
    return FileTransactionJournal.open(temp.resolve("journal"));
  }

  private static final TransactionInfo INFO =
      new TransactionInfo(Changes.xid(4, 77), Scn.of(900), address(1), TIME, "APP");

  private Path onlyFile() throws Exception {
    try (var files = Files.list(temp.resolve("journal"))) {
      return files.findFirst().orElseThrow();
    }
  }

  @Test
  void load_tornLastAppend_isIgnoredAndCutOffByTheNextAppend() throws Exception {
    TransactionJournal journal = journal();
    journal.append(
        new JournalEntry(INFO, address(2), ChangeSequence.of(List.of(insert(1, 2))), List.of()));
    long valid = Files.size(onlyFile());
    journal.append(
        new JournalEntry(INFO, address(3), ChangeSequence.of(List.of(insert(2, 3))), List.of()));
    byte[] bytes = Files.readAllBytes(onlyFile());
    Files.write(onlyFile(), Arrays.copyOf(bytes, (int) valid + 7)); // crash inside the append

    TransactionJournal restarted = reopen();
    List<JournaledTransaction> loaded = restarted.load();
    assertThat(loaded.get(0).upTo()).isEqualTo(address(2));
    assertThat(loaded.get(0).changes()).containsExactly(insert(1, 2));

    restarted.append(
        new JournalEntry(INFO, address(4), ChangeSequence.of(List.of(insert(3, 4))), List.of()));
    assertThat(reopen().load().get(0).changes()).containsExactly(insert(1, 2), insert(3, 4));
  }

  /**
   * A crash (or a stop interrupting the capture thread) inside a transaction's first append leaves
   * a file without a complete append, down to an empty one. The next process journals the
   * transaction again from its start; that append must make a whole file, header included, or a
   * later load skips the file and the restart position, already past the journaled rows, loses
   * them.
   */
  @Test
  void append_afterATornFirstAppend_startsTheFileOverAndLoadsBack() throws Exception {
    for (int keep : new int[] {0, 7}) {
      Path dir = temp.resolve("journal");
      journal()
          .append(
              new JournalEntry(
                  INFO, address(2), ChangeSequence.of(List.of(insert(1, 2))), List.of()));
      byte[] bytes = Files.readAllBytes(onlyFile());
      Files.write(onlyFile(), Arrays.copyOf(bytes, keep)); // crash inside the first append
      assertThat(reopen().load()).as("kept %s bytes", keep).isEmpty();

      reopen()
          .append(
              new JournalEntry(
                  INFO,
                  address(3),
                  ChangeSequence.of(List.of(insert(1, 2), insert(2, 3))),
                  List.of()));
      List<JournaledTransaction> loaded = reopen().load();
      assertThat(loaded).as("kept %s bytes", keep).hasSize(1);
      assertThat(loaded.get(0).transaction()).isEqualTo(INFO);
      assertThat(loaded.get(0).upTo()).isEqualTo(address(3));
      assertThat(loaded.get(0).changes()).containsExactly(insert(1, 2), insert(2, 3));
      reopen().remove(INFO.xid());
      assertThat(Files.list(dir).count()).isZero();
    }
  }

  @Test
  void load_flippedByte_failsWithJournalCorrupt() throws Exception {
    journal()
        .append(
            new JournalEntry(
                INFO,
                address(2),
                ChangeSequence.of(List.of(insert(1, 2), insert(2, 3))),
                List.of()));
    byte[] bytes = Files.readAllBytes(onlyFile());
    bytes[bytes.length / 2] ^= 0x01;
    Files.write(onlyFile(), bytes);

    assertThatThrownBy(() -> reopen().load())
        .isInstanceOf(CdcException.class)
        .satisfies(
            e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.JOURNAL_CORRUPT))
        .hasMessageStartingWith(
            "CDC-2102 A transaction journal entry failed its checksum or cannot "
                + "be read: journal file "
                + onlyFile()
                + ": checksum mismatch in frame at offset ");
  }

  @Test
  void open_directoryThatCannotBeCreated_isLocalStorageFailedNotCorrupt() throws Exception {
    Path file = Files.writeString(temp.resolve("a-file"), "x");
    assertThatThrownBy(() -> FileTransactionJournal.open(file.resolve("journal")))
        .isInstanceOf(CdcException.class)
        .satisfies(
            e ->
                assertThat(((CdcException) e).errorCode())
                    .isEqualTo(ErrorCode.LOCAL_STORAGE_FAILED))
        .hasMessageContaining("cannot create the journal directory");
  }
}
