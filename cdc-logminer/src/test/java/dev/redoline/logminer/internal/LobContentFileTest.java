package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Bytes;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.Xid;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same random DBMS_LOB operations (writes at offsets with holes and overlaps, trims, erases)
 * applied to a content kept on the heap and to one moved to a LOB file at a random step give the
 * same value: the file applies them exactly as the heap does. A failing seed is in the test name.
 */
class LobContentFileTest {

  @TempDir Path temp;
  private TransactionBuffer buffer;
  private final Xid xid = new Xid(3, 4, 5);

  static LongStream seeds() {
    return LongStream.rangeClosed(1, 60);
  }

  @BeforeEach
  void open() {
    buffer = TransactionBuffer.builder().spillDirectory(temp).build();
    buffer.open();
    buffer.hold(xid, Scn.of(1), new RedoAddress(1, 1, 1, 0), false);
  }

  @AfterEach
  void close() {
    buffer.close();
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void randomOperations_giveTheSameContent_onTheHeapAndInAFile(long seed) throws IOException {
    Random random = new Random(seed);
    boolean character = seed % 2 == 0;
    LobContent heap = character ? LobContent.text("") : LobContent.binary(Bytes.of(new byte[0]));
    LobContent file = character ? LobContent.text("") : LobContent.binary(Bytes.of(new byte[0]));
    int moveAt = random.nextInt(6);
    for (int step = 0; step < 40; step++) {
      if (step == moveAt) {
        file.moveTo(buffer.newLobFile(xid, character));
      }
      long length = heap.storedBytes() / (character ? 2 : 1);
      switch (random.nextInt(6)) {
        case 0, 1, 2 -> {
          long offset = 1L + random.nextInt((int) length + 300);
          Object data =
              character
                  ? text(random, 1 + random.nextInt(400))
                  : bytes(random, 1 + random.nextInt(400));
          heap.write(offset, data);
          file.write(offset, data);
        }
        case 3 -> {
          long to = random.nextInt(5) == 0 ? 0 : random.nextInt((int) length + 20);
          heap.trim(to);
          file.trim(to);
        }
        default -> {
          long offset = 1L + random.nextInt((int) length + 20);
          long amount = random.nextInt(500);
          heap.erase(offset, amount);
          file.erase(offset, amount);
        }
      }
      assertThat(file.storedBytes())
          .as("seed %s step %s", seed, step)
          .isEqualTo(heap.storedBytes());
    }
    Object expected = heap.value();
    Object streamed = file.value();
    assertThat(streamed).isInstanceOf(StreamedLob.class);
    StreamedLob lob = (StreamedLob) streamed;
    if (character) {
      assertThat(lob.length()).isEqualTo(((String) expected).length());
      assertThat(read(lob.openReader())).as("seed %s", seed).isEqualTo(expected);
    } else {
      try (InputStream in = lob.openStream()) {
        assertThat(Bytes.of(in.readAllBytes())).as("seed %s", seed).isEqualTo(expected);
      }
    }
  }

  @org.junit.jupiter.api.Test
  void blobTrimmedThenWrittenPastItsEnd_hasZerosInTheHole_notTheCutBytes() {
    LobContent heap = LobContent.binary(Bytes.of(new byte[] {1, 2, 3}));
    heap.trim(1);
    heap.write(3, Bytes.of(new byte[] {9}));
    assertThat(heap.value()).isEqualTo(Bytes.of(new byte[] {1, 0, 9}));
  }

  private static String read(Reader reader) throws IOException {
    StringWriter out = new StringWriter();
    try (reader) {
      reader.transferTo(out);
    }
    return out.toString();
  }

  /** Letters and, now and then, a character outside Latin-1 or half a surrogate pair. */
  private static String text(Random random, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      int kind = random.nextInt(40);
      sb.append(
          kind == 0
              ? '\uD83D'
              : kind == 1 ? '\u00e9' : kind == 2 ? '\u4e2d' : (char) ('a' + random.nextInt(26)));
    }
    return sb.toString();
  }

  private static Bytes bytes(Random random, int length) {
    byte[] b = new byte[length];
    random.nextBytes(b);
    return Bytes.of(b);
  }
}
