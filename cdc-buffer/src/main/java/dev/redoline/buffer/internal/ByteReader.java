package dev.redoline.buffer.internal;

import java.nio.charset.StandardCharsets;

/**
 * Reads what {@link ByteWriter} wrote. Running past the end throws {@link FrameFormatException},
 * which the file readers turn into a typed CDC error naming the file.
 */
final class ByteReader {

  private final byte[] bytes;
  private final int end;
  private int position;

  ByteReader(byte[] bytes, int offset, int length) {
    this.bytes = bytes;
    this.position = offset;
    this.end = offset + length;
  }

  /** Bytes left to read. */
  int remaining() {
    return end - position;
  }

  boolean hasRemaining() {
    return position < end;
  }

  private void need(int count) {
    if (count < 0 || end - position < count) {
      throw new FrameFormatException(
          "frame ends early: need " + count + " bytes at " + position + ", frame ends at " + end);
    }
  }

  int getByte() {
    need(1);
    return bytes[position++];
  }

  int getInt() {
    need(4);
    int value =
        (bytes[position] & 0xFF) << 24
            | (bytes[position + 1] & 0xFF) << 16
            | (bytes[position + 2] & 0xFF) << 8
            | (bytes[position + 3] & 0xFF);
    position += 4;
    return value;
  }

  long getLong() {
    long high = getInt() & 0xFFFF_FFFFL;
    return high << 32 | (getInt() & 0xFFFF_FFFFL);
  }

  byte[] getBytes() {
    int length = getInt();
    need(length);
    byte[] value = new byte[length];
    System.arraycopy(bytes, position, value, 0, length);
    position += length;
    return value;
  }

  String getUtf8() {
    int length = getInt();
    need(length);
    String value = new String(bytes, position, length, StandardCharsets.UTF_8);
    position += length;
    return value;
  }

  String getUtf16() {
    int length = getInt();
    need(length < 0 ? -1 : length * 2);
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) ((bytes[position] & 0xFF) << 8 | (bytes[position + 1] & 0xFF));
      position += 2;
    }
    return new String(chars);
  }
}
