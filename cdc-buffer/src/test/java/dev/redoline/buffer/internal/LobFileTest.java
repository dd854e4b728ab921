package dev.redoline.buffer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LobFileTest {

  @TempDir Path temp;

  private static byte[] read(StreamedLob lob) throws IOException {
    try (InputStream in = lob.openStream()) {
      return in.readAllBytes();
    }
  }

  @Test
  void characterFile_fillsWithSpaces_truncates_andIsOwnerOnly() throws IOException {
    LobFile file = LobFile.create(temp.resolve("lob-1.spill"), true);
    file.write(0, new byte[] {0, 'a', 0, 'b'});
    file.fill(4, 10); // a hole of three characters
    file.write(10, new byte[] {0, 'c'});
    file.fill(2, 4); // an erase of 'b'
    file.truncate(100); // longer: nothing cut
    assertThat(file.size()).isEqualTo(12);
    file.truncate(10);
    StreamedLob lob = file.seal();
    assertThat(lob.length()).isEqualTo(5);
    assertThat(read(lob)).containsExactly(0, 'a', 0, ' ', 0, ' ', 0, ' ', 0, ' ');
    if (FrameWriter.POSIX) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.path())))
          .isEqualTo("rw-------");
    }
    assertThatThrownBy(() -> file.write(0, new byte[2])).isInstanceOf(IllegalStateException.class);
    file.release();
    assertThat(file.path()).doesNotExist();
  }

  @Test
  void binaryFile_fillsWithZeros_overLargeRanges() throws IOException {
    LobFile file = LobFile.create(temp.resolve("lob-2.spill"), false);
    file.fill(0, 200_001);
    file.write(200_001, new byte[] {9});
    byte[] content = read(file.seal());
    assertThat(content).hasSize(200_002);
    assertThat(content[200_001]).isEqualTo((byte) 9);
    for (int i = 0; i < 200_001; i++) {
      assertThat(content[i]).isZero();
    }
  }

  @Test
  void spillCodec_writesAReference_readBackEqual_overTheSameFile() throws IOException {
    LobFile file = LobFile.create(temp.resolve("lob-3.spill"), true);
    file.write(0, new byte[] {0, 'x', 0, 'y'});
    StreamedLob lob = file.seal();
    Change change =
        new Change(
            Operation.INSERT,
            Changes.TABLE,
            1,
            null,
            Row.of(1L, "a", lob),
            Scn.of(1),
            Changes.address(1),
            0,
            Changes.rowId(1),
            Changes.TIME);
    ByteWriter out = new ByteWriter(64);
    ChangeCodec.write(change, out);
    assertThat(out.size()).as("a reference, not the content").isLessThan(300);
    Change back = ChangeCodec.read(new ByteReader(out.array(), 0, out.size()));
    assertThat(back).isEqualTo(change);
    StreamedLob again = (StreamedLob) back.after().get(2);
    assertThat(again.length()).isEqualTo(2);
    assertThat(read(again)).containsExactly(0, 'x', 0, 'y');
  }
}
