package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.LobFile;
import dev.redoline.core.Bytes;
import dev.redoline.core.StreamedLob;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The content of one LOB as its LOB rows build it, applied as DBMS_LOB applies them: a write at an
 * offset past the end first fills the hole with spaces (CLOB, NCLOB, XML) or zero bytes (BLOB),
 * then overwrites or extends; an erase writes the same fillers over its range, clipped to the
 * length, and keeps the length; a trim cuts. Offsets are 1-based, in characters or bytes.
 *
 * <pre>{@code
 * LobContent c = LobContent.text("");
 * c.write(3, "xy");        // "  xy"
 * c.erase(1, 1);           // "  xy"
 * c.trim(3);               // "  x"
 * Object value = c.value();
 * }</pre>
 *
 * <h2>Heap or file</h2>
 *
 * The content starts on the heap. {@link #moveTo} moves it into a {@link LobFile} of the spill
 * directory (a character LOB as UTF-16BE, 2 bytes per character, so that an offset is a byte
 * position), and every later operation is applied there with the same result; the value is then a
 * {@link StreamedLob} over the file. {@code LobContentFileTest} checks random operation sequences
 * give the same content either way.
 */
final class LobContent {

  private final boolean character;
  private StringBuilder text;
  private byte[] bytes;
  private int size;

  /** Where the content is once moved off the heap; then {@code text} and {@code bytes} are null. */
  private LobFile file;

  private LobContent(StringBuilder text, byte[] bytes, int size) {
    this.character = text != null;
    this.text = text;
    this.bytes = bytes;
    this.size = size;
  }

  static LobContent text(String initial) {
    return new LobContent(new StringBuilder(initial), null, 0);
  }

  static LobContent binary(Bytes initial) {
    byte[] b = initial.toByteArray();
    return new LobContent(null, b, b.length);
  }

  /** A copy of a known value: a String or Bytes. */
  static LobContent of(Object value) {
    return value instanceof Bytes b ? binary(b) : text((String) value);
  }

  /**
   * A copy of a streamed value into {@code target}, a new file: the value stays as it is (the
   * change carrying it may still be delivered).
   */
  static LobContent copyOf(StreamedLob value, LobFile target) {
    LobContent content = value.isCharacter() ? text("") : binary(Bytes.of(new byte[0]));
    content.moveTo(target);
    byte[] chunk = new byte[64 * 1024];
    long at = 0;
    try (InputStream in = value.openStream()) {
      for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
        target.write(at, n == chunk.length ? chunk : Arrays.copyOf(chunk, n));
        at += n;
      }
    } catch (IOException e) {
      throw new dev.redoline.core.CdcException(
          dev.redoline.core.ErrorCode.LOCAL_STORAGE_FAILED,
          "cannot copy " + value + " to " + target + ": " + e,
          e);
    }
    return content;
  }

  /** Whether it is characters (CLOB, NCLOB, XML, extended string) rather than bytes. */
  boolean isCharacter() {
    return character;
  }

  /** Whether the content is in a file. */
  boolean inFile() {
    return file != null;
  }

  /**
   * The stored size: bytes, or 2 per character (UTF-16, as Oracle stores CLOB in a multi-byte
   * database).
   */
  long storedBytes() {
    return file != null ? file.size() : character ? 2L * text.length() : size;
  }

  /**
   * The stored size a write of {@code data} at {@code offset} would leave: what decides a move
   * first.
   */
  long storedBytesAfterWrite(long offset, Object data) {
    long length = character ? ((String) data).length() : ((Bytes) data).size();
    return Math.max(storedBytes(), unit() * (offset - 1 + length));
  }

  private int unit() {
    return character ? 2 : 1;
  }

  /** Moves the content from the heap into {@code target}, a new empty file; it stays there. */
  void moveTo(LobFile target) {
    if (file != null) {
      throw new IllegalStateException("the content is already in " + file);
    }
    target.write(0, character ? utf16(text, 0, text.length()) : Arrays.copyOf(bytes, size));
    file = target;
    text = null;
    bytes = null;
  }

  void write(long offset, Object data) {
    if (file != null) {
      long at = unit() * (offset - 1);
      if (at > file.size()) {
        file.fill(file.size(), at);
      }
      String s = character ? (String) data : null;
      file.write(at, character ? utf16(s, 0, s.length()) : ((Bytes) data).toByteArray());
      return;
    }
    int at = Math.toIntExact(offset - 1);
    if (text != null) {
      String add = (String) data;
      while (text.length() < at) {
        text.append(' ');
      }
      text.replace(at, Math.min(text.length(), at + add.length()), add);
      return;
    }
    byte[] add = ((Bytes) data).toByteArray();
    int end = Math.addExact(at, add.length);
    if (end > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(end, bytes.length + (bytes.length >> 1)));
    }
    System.arraycopy(add, 0, bytes, at, add.length);
    size = Math.max(size, end);
  }

  /** An XML DOC WRITE: appended (XML stays on the heap). */
  void append(String data) {
    text.append(data);
  }

  void trim(long length) {
    if (file != null) {
      file.truncate(Math.min(unit() * length, file.size()));
    } else if (text != null) {
      text.setLength((int) Math.min(length, text.length()));
    } else {
      int cut = (int) Math.min(length, size);
      Arrays.fill(
          bytes, cut, size,
          (byte) 0); // a later write past the end leaves zeros there, not the cut bytes
      size = cut;
    }
  }

  void erase(long offset, long amount) {
    if (file != null) {
      long from = Math.min(unit() * (offset - 1), file.size());
      long to = Math.min(unit() * (offset - 1 + amount), file.size());
      if (to > from) {
        file.fill(from, to);
      }
      return;
    }
    int length = text != null ? text.length() : size;
    int from = (int) Math.min(offset - 1, length);
    int to = (int) Math.min(offset - 1 + amount, length);
    for (int i = from; i < to; i++) {
      if (text != null) {
        text.setCharAt(i, ' ');
      } else {
        bytes[i] = 0;
      }
    }
  }

  /**
   * The value: a String, Bytes for a BLOB, or a {@link StreamedLob} once in a file (which is sealed
   * then).
   */
  Object value() {
    if (file != null) {
      return file.seal();
    }
    return text != null ? text.toString() : Bytes.of(Arrays.copyOf(bytes, size));
  }

  /** The file the content is in, or null on the heap. */
  LobFile file() {
    return file;
  }

  /** Two bytes per UTF-16 unit, high first, each unit as it is (an unpaired surrogate included). */
  static byte[] utf16(CharSequence s, int from, int to) {
    byte[] out = new byte[2 * (to - from)];
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      out[2 * (i - from)] = (byte) (c >> 8);
      out[2 * (i - from) + 1] = (byte) c;
    }
    return out;
  }
}
