package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class StreamedLobTest {

  /**
   * Content on the heap, released on demand: what a file of the spill directory is to the value.
   */
  private static final class HeapSource implements StreamedLob.Source {
    final byte[] content;
    final boolean character;
    boolean released;

    HeapSource(byte[] content, boolean character) {
      this.content = content;
      this.character = character;
    }

    @Override
    public long storedBytes() {
      return content.length;
    }

    @Override
    public boolean character() {
      return character;
    }

    @Override
    public InputStream open() throws IOException {
      if (released) {
        throw new NoSuchFileException("lob-1.spill");
      }
      return new ByteArrayInputStream(content);
    }

    @Override
    public String describe() {
      return "heap";
    }
  }

  private static String read(Reader reader) throws IOException {
    StringWriter out = new StringWriter();
    try (reader) {
      reader.transferTo(out);
    }
    return out.toString();
  }

  @Test
  void characterLob_readsBackEveryUnit_anUnpairedSurrogateIncluded() throws IOException {
    String text = "Dear \uD83D\uDE00 \uD800 end" + "x".repeat(70_000);
    StreamedLob lob = StreamedLob.of(new HeapSource(utf16(text), true));
    assertThat(lob.isCharacter()).isTrue();
    assertThat(lob.length()).isEqualTo(text.length());
    assertThat(read(lob.openReader())).isEqualTo(text);
    try (InputStream in = lob.openStream()) {
      assertThat(in.readAllBytes()).hasSize(2 * text.length());
    }
  }

  /** Two bytes per unit, as stored: String.getBytes would replace an unpaired surrogate. */
  private static byte[] utf16(String text) {
    byte[] out = new byte[2 * text.length()];
    for (int i = 0; i < text.length(); i++) {
      out[2 * i] = (byte) (text.charAt(i) >> 8);
      out[2 * i + 1] = (byte) text.charAt(i);
    }
    return out;
  }

  @Test
  void blob_streamsItsBytes_andRefusesAReader() throws IOException {
    byte[] bytes = {0, 1, 2, (byte) 0xff};
    StreamedLob lob = StreamedLob.of(new HeapSource(bytes, false));
    assertThat(lob.length()).isEqualTo(4);
    try (InputStream in = lob.openStream()) {
      assertThat(in.readAllBytes()).containsExactly(bytes);
    }
    assertThatThrownBy(lob::openReader)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("openStream");
  }

  @Test
  void readAfterRelease_isCdc5004_neverContent() {
    HeapSource source = new HeapSource("secret".getBytes(StandardCharsets.UTF_16BE), true);
    StreamedLob lob = StreamedLob.of(source);
    source.released = true;
    assertThatThrownBy(lob::openReader)
        .isInstanceOf(CdcException.class)
        .satisfies(
            e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.LOB_RELEASED))
        .hasMessageNotContaining("secret");
  }

  @Test
  void equalsAndToString_neverShowTheContent() {
    HeapSource source = new HeapSource("secret".getBytes(StandardCharsets.UTF_16BE), true);
    StreamedLob lob = StreamedLob.of(source);
    assertThat(lob)
        .isEqualTo(StreamedLob.of(source))
        .isNotEqualTo(
            StreamedLob.of(new HeapSource("secret".getBytes(StandardCharsets.UTF_16BE), true)));
    assertThat(lob.toString()).contains("6 characters").doesNotContain("secret");
    assertThat(Row.of(1L, lob).get(1)).isSameAs(lob);
  }

  @Test
  void characterSourceOfAnOddSize_isRefused() {
    assertThatThrownBy(() -> StreamedLob.of(new HeapSource(new byte[3], true)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
