package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.util.Arrays;

/**
 * The value of an Oracle 23ai {@code VECTOR} column: a fixed number of dimensions of one format.
 * Immutable; every accessor returns a copy.
 *
 * <pre>{@code
 * VectorValue v = VectorValue.ofFloat32(1.5f, -2f);
 * VectorValue same = VectorValue.fromImage(v.toImage());    // Oracle's storage image and back
 * assert same.equals(v) && v.get(1) == -2.0;
 * }</pre>
 *
 * <p>The storage image ({@link #toImage}, {@link #fromImage}) is the one Oracle's JDBC driver
 * (ojdbc11 23.26, {@code oracle.sql.VECTOR}) and python-oracledb read and write: byte {@code 0xDB},
 * a version (0, or 1 for BINARY), two flag bytes ({@code 0x0012} for numbers, {@code 0x0010} for
 * BINARY), the format (2 FLOAT32, 3 FLOAT64, 4 INT8, 5 BINARY), the dimension count as 4 bytes, 8
 * reserved bytes (the norm, written as zeros) and then the dimensions, all big-endian: floats in
 * the byte-sortable form of BINARY_FLOAT/BINARY_DOUBLE (sign bit flipped when positive, every bit
 * inverted when negative), INT8 as signed bytes, BINARY as packed bits, 8 dimensions a byte, the
 * first dimension in the high bit. Sparse vectors (flag {@code 0x0020}) are refused.
 */
public final class VectorValue {

  /** The storage format of one dimension. */
  public enum Format {
    FLOAT32(2, 32),
    FLOAT64(3, 64),
    INT8(4, 8),
    BINARY(5, 1);

    private final int code;
    private final int bits;

    Format(int code, int bits) {
      this.code = code;
      this.bits = bits;
    }

    /** Bits of one dimension, as {@link OracleType#precision()} of a {@code VECTOR} column. */
    public int bits() {
      return bits;
    }

    static Format ofCode(int code) {
      for (Format f : values()) {
        if (f.code == code) {
          return f;
        }
      }
      throw new IllegalArgumentException("VECTOR format byte " + code + " is none of 2, 3, 4, 5");
    }
  }

  private static final int MAGIC = 0xDB;
  private static final int FLAG_NORM = 0x0002;
  private static final int FLAG_NORM_RESERVED = 0x0010;
  private static final int FLAG_SPARSE = 0x0020;
  private static final int HEADER = 9;
  private static final int NORM = 8;

  private final Format format;
  private final int dimensions;

  /**
   * The numbers of FLOAT32, FLOAT64 and INT8 vectors (each exact as a double); empty for BINARY.
   */
  private final double[] numbers;

  /** The packed bits of a BINARY vector; empty otherwise. */
  private final byte[] bits;

  private VectorValue(Format format, int dimensions, double[] numbers, byte[] bits) {
    this.format = format;
    this.dimensions = dimensions;
    this.numbers = numbers;
    this.bits = bits;
  }

  public static VectorValue ofFloat32(float... values) {
    Checks.notNull(values, "values");
    double[] numbers = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      numbers[i] = values[i];
    }
    return new VectorValue(Format.FLOAT32, values.length, numbers, new byte[0]);
  }

  public static VectorValue ofFloat64(double... values) {
    Checks.notNull(values, "values");
    return new VectorValue(Format.FLOAT64, values.length, values.clone(), new byte[0]);
  }

  public static VectorValue ofInt8(byte... values) {
    Checks.notNull(values, "values");
    double[] numbers = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      numbers[i] = values[i];
    }
    return new VectorValue(Format.INT8, values.length, numbers, new byte[0]);
  }

  /**
   * A BINARY vector of {@code packed.length * 8} dimensions, the first in the high bit of byte 0.
   */
  public static VectorValue ofBinary(byte... packed) {
    Checks.notNull(packed, "packed");
    return new VectorValue(Format.BINARY, packed.length * 8, new double[0], packed.clone());
  }

  /**
   * Reads Oracle's storage image (see the class comment).
   *
   * @throws IllegalArgumentException saying what is wrong (never showing the dimensions' values)
   */
  public static VectorValue fromImage(byte[] image) {
    Checks.notNull(image, "image");
    Checks.argument(
        image.length >= HEADER && (image[0] & 0xFF) == MAGIC,
        "a VECTOR image starts with byte db and has 9 header bytes (%s bytes given)",
        image.length);
    int flags = (image[2] & 0xFF) << 8 | image[3] & 0xFF;
    Checks.argument((flags & FLAG_SPARSE) == 0, "sparse VECTOR images are not decoded");
    Format format = Format.ofCode(image[4] & 0xFF);
    long count =
        (image[5] & 0xFFL) << 24
            | (image[6] & 0xFF) << 16
            | (image[7] & 0xFF) << 8
            | image[8] & 0xFF;
    int at = HEADER + ((flags & (FLAG_NORM | FLAG_NORM_RESERVED)) != 0 ? NORM : 0);
    long expected = format == Format.BINARY ? (count + 7) / 8 : count * (format.bits / 8);
    Checks.argument(
        image.length - at == expected,
        "a %s VECTOR of %s dimensions has %s value bytes, not %s",
        format,
        count,
        expected,
        image.length - at);
    if (format == Format.BINARY) {
      Checks.argument(
          count % 8 == 0, "a BINARY VECTOR has a multiple of 8 dimensions, not %s", count);
      return new VectorValue(
          format, (int) count, new double[0], Arrays.copyOfRange(image, at, image.length));
    }
    double[] numbers = new double[(int) count];
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] =
          switch (format) {
            case FLOAT32 -> Float.intBitsToFloat((int) unsortable(image, at + 4 * i, 4));
            case FLOAT64 -> Double.longBitsToDouble(unsortable(image, at + 8 * i, 8));
            default -> image[at + i];
          };
    }
    return new VectorValue(format, (int) count, numbers, new byte[0]);
  }

  /** Oracle's storage image of this vector, as its JDBC driver writes it (norm bytes zero). */
  public byte[] toImage() {
    int valueBytes = format == Format.BINARY ? bits.length : dimensions * (format.bits / 8);
    byte[] out = new byte[HEADER + NORM + valueBytes];
    int flags = format == Format.BINARY ? FLAG_NORM_RESERVED : FLAG_NORM | FLAG_NORM_RESERVED;
    out[0] = (byte) MAGIC;
    out[1] = (byte) (format == Format.BINARY ? 1 : 0);
    out[2] = (byte) (flags >> 8);
    out[3] = (byte) flags;
    out[4] = (byte) format.code;
    for (int k = 0; k < 4; k++) {
      out[5 + k] = (byte) (dimensions >>> (24 - 8 * k));
    }
    int at = HEADER + NORM;
    if (format == Format.BINARY) {
      System.arraycopy(bits, 0, out, at, bits.length);
      return out;
    }
    for (int i = 0; i < dimensions; i++) {
      switch (format) {
        case FLOAT32 ->
            sortable(
                Float.floatToRawIntBits((float) numbers[i]) & 0xFFFF_FFFFL, out, at + 4 * i, 4);
        case FLOAT64 -> sortable(Double.doubleToRawLongBits(numbers[i]), out, at + 8 * i, 8);
        default -> out[at + i] = (byte) numbers[i];
      }
    }
    return out;
  }

  /** The {@code n}-byte big-endian IEEE bits of a byte-sortable float at {@code at}. */
  private static long unsortable(byte[] b, int at, int n) {
    long v = 0;
    for (int k = 0; k < n; k++) {
      v = v << 8 | (b[at + k] & 0xFF);
    }
    long sign = 1L << (8 * n - 1);
    long mask = n == 8 ? -1L : (1L << (8 * n)) - 1;
    return (v & sign) != 0 ? v & ~sign : ~v & mask;
  }

  private static void sortable(long ieee, byte[] out, int at, int n) {
    long sign = 1L << (8 * n - 1);
    long v = (ieee & sign) == 0 ? ieee | sign : ~ieee;
    for (int k = 0; k < n; k++) {
      out[at + k] = (byte) (v >>> (8 * (n - 1 - k)));
    }
  }

  public Format format() {
    return format;
  }

  public int dimensions() {
    return dimensions;
  }

  /** Dimension {@code i}: its number, or 0 or 1 for a BINARY vector. */
  public double get(int i) {
    Checks.argument(i >= 0 && i < dimensions, "dimension %s of %s", i, dimensions);
    return format == Format.BINARY ? (bits[i >> 3] >> (7 - (i & 7))) & 1 : numbers[i];
  }

  /** Every dimension as {@link #get} gives it. */
  public double[] toDoubleArray() {
    if (format != Format.BINARY) {
      return numbers.clone();
    }
    double[] out = new double[dimensions];
    for (int i = 0; i < dimensions; i++) {
      out[i] = get(i);
    }
    return out;
  }

  /** The packed bits of a BINARY vector (empty for other formats). */
  public byte[] toPackedBits() {
    return bits.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VectorValue v
        && v.format == format
        && v.dimensions == dimensions
        && Arrays.equals(v.numbers, numbers)
        && Arrays.equals(v.bits, bits);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * format.hashCode() + Arrays.hashCode(numbers)) + Arrays.hashCode(bits);
  }

  /**
   * The vector as text, in the shape {@code FROM_VECTOR} writes ({@code [1.5,-2.0,0.0]}; BINARY as
   * one number 0 to 255 per 8 dimensions), the numbers in Java's notation. A sink that knows no
   * VECTOR mapping and writes {@code toString()} so still writes the value.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(2 + 8 * Math.max(dimensions, bits.length)).append('[');
    int n = format == Format.BINARY ? bits.length : dimensions;
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        sb.append(',');
      }
      switch (format) {
        case FLOAT32 -> sb.append((float) numbers[i]);
        case FLOAT64 -> sb.append(numbers[i]);
        case INT8 -> sb.append((int) numbers[i]);
        default -> sb.append(bits[i] & 0xFF);
      }
    }
    return sb.append(']').toString();
  }
}
