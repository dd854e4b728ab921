package dev.redoline.buffer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepRowFileTest {

  @TempDir Path dir;

  private static RedoRow row(int i, String sqlRedo) {
    boolean full = i % 2 == 0;
    return new RedoRow(
        Scn.of(1000 + i),
        full ? Scn.of(7) : null,
        full ? Scn.of(9) : null,
        LocalDateTime.of(2026, 3, 29, 2, 30, 15),
        full ? LocalDateTime.of(2026, 3, 29, 2, 0) : null,
        full ? LocalDateTime.of(2026, 3, 29, 2, 31) : null,
        new Xid(3, 17, 0xFFFF_FFFFL),
        1,
        "INSERT",
        i % 3 == 0,
        "SHOP",
        "ORDERS",
        full ? "AAAB" : null,
        full ? "APP" : null,
        new RedoAddress(2, 41, 0xFFFF_FFFFL - i, i % 65536),
        i,
        i % 5 == 0,
        full ? 77 : null,
        full ? 1 : null,
        full ? 78 : null,
        sqlRedo,
        full ? "undo" : null,
        full ? "info" : null,
        1291,
        full ? "PDB1" : null,
        full ? 3 : null,
        full ? 123456789L : null);
  }

  @Test
  void rowsComeBackEqualInOrder_asOftenAsRead() throws Exception {
    List<RedoRow> written = new ArrayList<>();
    try (StepRowFile file = StepRowFile.create(dir.resolve("spill"))) {
      for (int i = 0; i < 500; i++) {
        RedoRow r =
            row(i, "insert into \"SHOP\".\"ORDERS\" values ('" + i + "\uD83D\uDE00', '\uD800')");
        written.add(r);
        file.append(r);
      }
      assertThat(file.rows()).isEqualTo(500);
      for (int pass = 0; pass < 2; pass++) {
        List<RedoRow> read = new ArrayList<>();
        try (StepRowFile.Rows rows = file.read()) {
          for (RedoRow r = rows.next(); r != null; r = rows.next()) {
            read.add(r);
          }
        }
        assertThat(read).isEqualTo(written);
      }
      assertThatThrownBy(() -> file.append(written.get(0)))
          .isInstanceOf(IllegalStateException.class);
    }
    try (var left = Files.list(dir.resolve("spill"))) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void noValueIsInTheFileInTheClear_andTheFileIsOwnerOnly() throws Exception {
    String sentinel = "SENTINEL-STEP-91c2";
    try (StepRowFile file = StepRowFile.create(dir)) {
      for (int i = 0; i < 200; i++) {
        file.append(
            row(i, "insert into \"SHOP\".\"ORDERS\"(\"CARD\") values ('" + sentinel + "')"));
      }
      file.read().close(); // flushed to the file
      byte[] bytes = Files.readAllBytes(file.path());
      assertThat(bytes.length).isGreaterThan(200 * sentinel.length());
      assertThat(new String(bytes, StandardCharsets.ISO_8859_1))
          .doesNotContain(sentinel)
          .doesNotContain("ORDERS");
      if (FrameWriter.POSIX) {
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.path())))
            .isEqualTo("rw-------");
      }
    }
  }

  @Test
  void aDamagedFrameIsCorrupt_notOtherRows() throws Exception {
    try (StepRowFile file = StepRowFile.create(dir)) {
      file.append(row(1, "insert"));
      file.read().close();
      byte[] bytes = Files.readAllBytes(file.path());
      bytes[bytes.length - 3] ^= 0x40;
      Files.write(file.path(), bytes);
      try (StepRowFile.Rows rows = file.read()) {
        assertThatThrownBy(rows::next)
            .isInstanceOf(CdcException.class)
            .hasMessageContaining("CDC-2101");
      }
    }
  }

  @Test
  void aBufferOpeningOnTheDirectoryDeletesAStepFileLeftBehind() throws Exception {
    StepRowFile left = StepRowFile.create(dir);
    left.append(row(1, "insert"));
    left.read().close();
    assertThat(Files.exists(left.path())).isTrue();
    new SpillDirectory(dir).prepare();
    assertThat(Files.exists(left.path())).isFalse();
  }
}
