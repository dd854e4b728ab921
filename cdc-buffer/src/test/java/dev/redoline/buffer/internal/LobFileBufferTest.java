package dev.redoline.buffer.internal;

import static dev.redoline.buffer.internal.Changes.TABLE;
import static dev.redoline.buffer.internal.Changes.TIME;
import static dev.redoline.buffer.internal.Changes.address;
import static dev.redoline.buffer.internal.Changes.rowId;
import static dev.redoline.buffer.internal.Changes.xid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.ManualClock;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.Xid;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A LOB value streamed through a file of the spill directory, in the buffer: accounted at its
 * handle, spilled as a reference, never journaled, and its file deleted on every path by which its
 * change stops being deliverable or is acknowledged. Each test runs with nothing spilled (budget
 * unbounded) and with every transaction spilled (budget 0).
 */
class LobFileBufferTest {

  @TempDir Path temp;
  final ManualClock clock = new ManualClock(TIME);
  final Xid xid = xid(1, 1);

  private TransactionBuffer buffer(long budget, boolean journal) {
    TransactionBuffer.Builder b =
        TransactionBuffer.builder()
            .spillDirectory(temp.resolve("spill"))
            .memoryBudgetBytes(budget)
            .spillBufferBytes(64)
            .clock(clock)
            .journalAfter(Duration.ofMinutes(5));
    if (journal) {
      b.journal(FileTransactionJournal.open(temp.resolve("journal")));
    }
    TransactionBuffer buffer = b.build();
    buffer.open();
    return buffer;
  }

  /** Opens the transaction and writes a BLOB of {@code size} bytes to a new LOB file. */
  private StreamedLob blob(TransactionBuffer buffer, Xid xid, int size) {
    buffer.hold(xid, Scn.of(1000), address(1), false);
    LobFile file = buffer.newLobFile(xid, false);
    byte[] bytes = new byte[size];
    for (int i = 0; i < size; i++) {
      bytes[i] = (byte) (i * 7);
    }
    file.write(0, bytes);
    return file.seal();
  }

  private static Change insert(long id, long block, StreamedLob lob) {
    return new Change(
        Operation.INSERT,
        TABLE,
        1,
        null,
        Row.of(id, "doc-" + id, lob),
        Scn.of(1000 + block),
        address(block),
        0,
        rowId(id),
        TIME);
  }

  private List<Path> lobFiles() throws IOException {
    Path dir = temp.resolve("spill");
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.getFileName().toString().startsWith(SpillDirectory.LOB_PREFIX))
          .toList();
    }
  }

  private static byte[] read(StreamedLob lob) throws IOException {
    try (InputStream in = lob.openStream()) {
      return in.readAllBytes();
    }
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void committedValue_readsUntilAcknowledgedWhole_thenIsCdc5004(long budget) throws IOException {
    TransactionBuffer buffer = buffer(budget, false);
    StreamedLob lob = blob(buffer, xid, 100_000);
    buffer.add(xid, insert(1, 2, lob));
    buffer.add(xid, insert(2, 3, blob(buffer, xid, 10)));
    PublishedTransaction published =
        buffer.commit(xid, Scn.of(5000), address(9), TIME).orElseThrow();
    List<Change> changes = new ArrayList<>();
    published.changes().forEach(changes::add);
    published.close(); // the changes are queued: the sink has not delivered them yet
    StreamedLob delivered = (StreamedLob) changes.get(0).after().get(2);
    assertThat(delivered).isEqualTo(lob);
    assertThat(read(delivered)).isEqualTo(read(lob)).hasSize(100_000);

    CommitMark mark = new CommitMark(Scn.of(5000), address(9));
    buffer.acknowledged(mark, false); // the first change of it only
    assertThat(lobFiles()).hasSize(2);
    buffer.acknowledged(mark, true);
    assertThat(lobFiles()).isEmpty();
    assertThatThrownBy(() -> read(delivered))
        .isInstanceOf(CdcException.class)
        .satisfies(
            e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.LOB_RELEASED));
    buffer.close();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void undoRow_ofTheChange_deletesItsFile_andKeepsTheOthers(long budget) throws IOException {
    TransactionBuffer buffer = buffer(budget, false);
    StreamedLob kept = blob(buffer, xid, 50);
    buffer.add(xid, insert(1, 2, kept));
    buffer.add(xid, insert(2, 3, blob(buffer, xid, 60)));
    assertThat(buffer.undo(xid, rowId(2), Scn.of(1004), address(4))).isTrue();
    assertThat(lobFiles()).hasSize(1);
    assertThat(read(kept)).hasSize(50);
    buffer.close();
    assertThat(lobFiles()).as("close").isEmpty();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void rollback_orphanDrop_discardOpen_andClose_deleteTheFiles(long budget) throws IOException {
    TransactionBuffer buffer = buffer(budget, false);
    buffer.add(xid, insert(1, 2, blob(buffer, xid, 50)));
    buffer.rollback(xid, address(3));
    assertThat(lobFiles()).as("rollback").isEmpty();

    Xid orphan = xid(2, 1);
    buffer.add(orphan, insert(2, 4, blob(buffer, orphan, 50)));
    buffer.newLobFile(orphan, true); // a LOB still being written
    buffer.checkOrphans(new ActiveTransactions(Scn.of(1100), Set.of()));
    buffer.stepApplied(Scn.of(1200));
    assertThat(lobFiles()).as("orphan").isEmpty();

    Xid open = xid(3, 1);
    buffer.add(open, insert(3, 5, blob(buffer, open, 50)));
    assertThat(buffer.discardOpen()).contains(open);
    assertThat(lobFiles()).as("discardOpen").isEmpty();

    Xid committed = xid(4, 1);
    buffer.add(committed, insert(4, 6, blob(buffer, committed, 50)));
    buffer.commit(committed, Scn.of(5000), address(7), TIME).orElseThrow().close();
    buffer.close();
    assertThat(lobFiles()).as("close before the acknowledgement").isEmpty();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void publishedTransactionDiscarded_withoutDelivery_deletesItsFiles(long budget)
      throws IOException {
    TransactionBuffer buffer = buffer(budget, false);
    buffer.add(xid, insert(1, 2, blob(buffer, xid, 50)));
    buffer
        .commit(xid, Scn.of(5000), address(9), TIME)
        .orElseThrow()
        .discard(); // when_needed starts over
    assertThat(lobFiles()).isEmpty();
    buffer.acknowledged(
        new CommitMark(Scn.of(5000), address(9)), true); // later: nothing left to delete
    buffer.close();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void releaseLob_deletesAFileNoChangeCarries(long budget) throws IOException {
    TransactionBuffer buffer = buffer(budget, false);
    buffer.hold(xid, Scn.of(1000), address(1), false);
    LobFile file = buffer.newLobFile(xid, true);
    file.write(0, new byte[] {0, 'a'});
    buffer.releaseLob(xid, file);
    assertThat(lobFiles()).isEmpty();
    buffer.close();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void openingABuffer_deletesLobFilesLeftByAnEarlierProcess(long budget) throws IOException {
    TransactionBuffer first = buffer(budget, false);
    first.add(xid, insert(1, 2, blob(first, xid, 50)));
    assertThat(lobFiles()).hasSize(1); // a kill: the first buffer is never closed
    TransactionBuffer second = buffer(budget, false);
    assertThat(lobFiles()).isEmpty();
    second.close();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void transactionWithALobFile_isNeverJournaled_andHoldsTheRestartPosition(long budget)
      throws IOException {
    TransactionBuffer buffer = buffer(budget, true);
    buffer.begin(xid, Scn.of(1000), address(1), TIME, "APP");
    buffer.add(xid, insert(1, 2, blob(buffer, xid, 5000)));
    clock.advance(Duration.ofMinutes(6));
    buffer.stepApplied(Scn.of(1003));
    assertThat(buffer.metrics().journaledTransactions()).isZero();
    assertThat(buffer.resumePoint().addresses()).isEqualTo(Map.of(1, address(1)));
    byte[] journal = Files.isDirectory(temp.resolve("journal")) ? journalBytes() : new byte[0];
    assertThat(new String(journal, java.nio.charset.StandardCharsets.ISO_8859_1))
        .doesNotContain("lob-");

    assertThat(buffer.undo(xid, rowId(1), Scn.of(1004), address(4)))
        .isTrue(); // its file goes with it
    buffer.stepApplied(Scn.of(1005));
    assertThat(buffer.metrics().journaledTransactions())
        .as("no LOB file left: journaled as usual")
        .isEqualTo(1);
    buffer.close();
  }

  private byte[] journalBytes() throws IOException {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    try (Stream<Path> files = Files.walk(temp.resolve("journal"))) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        out.write(Files.readAllBytes(p));
      }
    }
    return out.toByteArray();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, Long.MAX_VALUE})
  void streamedValue_isAccountedAtItsHandle_notItsLength(long budget) {
    TransactionBuffer buffer = buffer(budget, false);
    Change small = insert(1, 2, blob(buffer, xid, 10));
    Change large = insert(1, 2, blob(buffer, xid, 3_000_000));
    assertThat(TransactionBuffer.accountedBytes(large))
        .isEqualTo(TransactionBuffer.accountedBytes(small))
        .isLessThan(1024);
    buffer.close();
  }
}
