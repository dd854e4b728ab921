package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepRowStoreTest {

  private static final String SENTINEL = "SENTINEL-STEP-4be1";

  @TempDir Path spill;

  private static RedoRow row(int i) {
    return new RedoRow(
        Scn.of(100 + i),
        null,
        null,
        LocalDateTime.of(2026, 1, 1, 0, 0),
        null,
        null,
        new Xid(1, 2, 3),
        RedoRow.INSERT,
        "INSERT",
        false,
        "SHOP",
        "CARDS",
        "AAAB" + i,
        "APP",
        new RedoAddress(1, 5, 10 + i, 16),
        0,
        false,
        77,
        1,
        77,
        "insert into \"SHOP\".\"CARDS\"(\"ID\",\"PAN\") values ('" + i + "','" + SENTINEL + "')",
        null,
        null,
        0,
        null,
        null,
        null);
  }

  @Test
  void aStepWithinItsBudget_isOneChunkOnTheHeap_andWritesNoFile() throws Exception {
    try (StepRowStore store = new StepRowStore(1 << 20, spill)) {
      for (int i = 0; i < 100; i++) {
        store.add(row(i));
      }
      assertThat(store.spilledRows()).isZero();
      List<List<RedoRow>> chunks = new ArrayList<>();
      store.forEachChunk(r -> true, chunks::add);
      assertThat(chunks).hasSize(1);
      assertThat(chunks.get(0)).hasSize(100);
    }
    assertThat(files()).isEmpty();
  }

  @Test
  void rowsBeyondTheBudget_goToAnEncipheredStepFile_andComeBackInOrderInChunks() throws Exception {
    List<RedoRow> added = new ArrayList<>();
    long budget = 4 * StepRowStore.heapBytes(row(0));
    try (StepRowStore store = new StepRowStore(budget, spill)) {
      for (int i = 0; i < 200; i++) {
        store.add(row(i));
        added.add(row(i));
      }
      assertThat(store.size()).isEqualTo(200);
      assertThat(store.spilledRows()).isEqualTo(196);
      List<RedoRow> pulled = new ArrayList<>();
      try (RowCursor cursor = store.cursor()) {
        for (RedoRow r = cursor.next(); r != null; r = cursor.next()) {
          pulled.add(r);
        }
      }
      assertThat(pulled).isEqualTo(added);
      // every file the step wrote, while it exists: no value of any row in any form
      List<Path> written = files();
      assertThat(written).hasSize(1);
      assertThat(written.get(0).getFileName().toString()).startsWith("step-").endsWith(".spill");
      String bytes = new String(Files.readAllBytes(written.get(0)), StandardCharsets.ISO_8859_1);
      byte[] ascii = SENTINEL.getBytes(StandardCharsets.US_ASCII);
      assertThat(bytes)
          .doesNotContain(SENTINEL)
          .doesNotContain(
              new String(SENTINEL.getBytes(StandardCharsets.UTF_16BE), StandardCharsets.ISO_8859_1))
          .doesNotContain(HexFormat.of().formatHex(ascii))
          .doesNotContain("CARDS");
      List<List<RedoRow>> chunks = new ArrayList<>();
      store.forEachChunk(r -> r.scn().compareTo(Scn.of(250)) <= 0, chunks::add);
      assertThat(chunks.size()).isGreaterThan(2);
      assertThat(chunks.stream().flatMap(List::stream).toList()).isEqualTo(added.subList(0, 151));
    }
    assertThat(files()).as("the step file is deleted with the step").isEmpty();
  }

  private List<Path> files() throws Exception {
    try (Stream<Path> list = Files.list(spill)) {
      return list.toList();
    }
  }
}
