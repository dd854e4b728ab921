package dev.redoline.buffer.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte array that {@link ChangeCodec} writes into; reused across frames so encoding a
 * change allocates nothing once the array has grown to the largest frame.
 */
final class ByteWriter {

  private byte[] bytes;
  private int size;

  ByteWriter(int initialCapacity) {
    bytes = new byte[Math.max(16, initialCapacity)];
  }

  void reset() {
    size = 0;
  }

  int size() {
    return size;
  }

  byte[] array() {
    return bytes;
  }

  private void ensure(int more) {
    if (size + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
  }

  void putByte(int value) {
    ensure(1);
    bytes[size++] = (byte) value;
  }

  void putInt(int value) {
    ensure(4);
    bytes[size++] = (byte) (value >>> 24);
    bytes[size++] = (byte) (value >>> 16);
    bytes[size++] = (byte) (value >>> 8);
    bytes[size++] = (byte) value;
  }

  void putLong(long value) {
    putInt((int) (value >>> 32));
    putInt((int) value);
  }

  void putBytes(byte[] value) {
    putInt(value.length);
    ensure(value.length);
    System.arraycopy(value, 0, bytes, size, value.length);
    size += value.length;
  }

  /** UTF-8 text; callers route strings holding surrogates through {@link #putUtf16}. */
  void putUtf8(String value) {
    putBytes(value.getBytes(StandardCharsets.UTF_8));
  }

  /** Two bytes per char: lossless for any String, including unpaired surrogates. */
  void putUtf16(String value) {
    putInt(value.length());
    ensure(value.length() * 2);
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      bytes[size++] = (byte) (c >>> 8);
      bytes[size++] = (byte) c;
    }
  }
}
