package dev.redoline.logminer.internal;

import dev.redoline.core.Bytes;
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
 */
final class LobContent {

  private final StringBuilder text;
  private byte[] bytes;
  private int size;

  private LobContent(StringBuilder text, byte[] bytes, int size) {
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

  /** The stored size: bytes, or 2 per character (UTF-16, as Oracle stores CLOB in a multi-byte database). */
  long storedBytes() {
    return text != null ? 2L * text.length() : size;
  }

  void write(long offset, Object data) {
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

  /** An XML DOC WRITE: appended. */
  void append(String data) {
    text.append(data);
  }

  void trim(long length) {
    if (text != null) {
      text.setLength((int) Math.min(length, text.length()));
    } else {
      size = (int) Math.min(length, size);
    }
  }

  void erase(long offset, long amount) {
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

  /** The value: a String, or Bytes for a BLOB. */
  Object value() {
    return text != null ? text.toString() : Bytes.of(Arrays.copyOf(bytes, size));
  }
}
