package dev.redoline.buffer.internal;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableId;
import dev.redoline.core.VectorValue;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * The binary form of a {@link Change} in spill files, the file journal and the Kafka journal topic
 * (through {@link JournalCodec}): every field and every {@link Row} value type, {@link Absent}, SQL
 * NULL and {@link Marker}, read back equal.
 *
 * <pre>{@code
 * ByteWriter out = new ByteWriter(256);
 * ChangeCodec.write(change, out);
 * Change back = ChangeCodec.read(new ByteReader(out.array(), 0, out.size()));
 * assert back.equals(change);
 * }</pre>
 *
 * <p>Layout: operation (its wire byte, {@code OPERATIONS}), table (pdb nullable, owner, name),
 * layout version, before and after rows (a presence byte, the slot count, then a tag byte per slot
 * and its value), SCN bits, address (thread, sequence, block, offset), SSN, ROW_ID (nullable) and
 * timestamp (seconds, nanos). Integers are big-endian. The format carries no version of its own:
 * the journal file header carries one and so does every journal record.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because the format is one table of value tags, and writing and reading each tag
 * sit side by side so a new value type is added in one place and read back in the next method: one
 * file is the whole wire format of a change. Strings without surrogates go as UTF-8 (the common
 * case, half the bytes of UTF-16), others as UTF-16 code units so an unpaired surrogate LogMiner
 * split across {@code UNISTR} parts survives the round trip.
 */
final class ChangeCodec {

  private static final int NULL = 0;
  private static final int NOT_LOGGED = 1;
  private static final int EXCLUDED = 2;
  private static final int LONG = 3;
  private static final int DECIMAL = 4;
  private static final int FLOAT = 5;
  private static final int DOUBLE = 6;
  private static final int STRING_UTF8 = 7;
  private static final int STRING_UTF16 = 8;
  private static final int LOCAL_DATE_TIME = 9;
  private static final int OFFSET_DATE_TIME = 10;
  private static final int ZONED_DATE_TIME = 11;
  private static final int INSTANT = 12;
  private static final int PERIOD = 13;
  private static final int DURATION = 14;
  private static final int BYTES = 15;
  private static final int MARKER = 16;
  private static final int BOOLEAN = 17;

  /** Oracle's VECTOR storage image ({@link VectorValue#toImage}). */
  private static final int VECTOR = 18;

  /**
   * A {@link StreamedLob}: a reference to its {@link LobFile} (path, character flag, size), not its
   * content, which stays in that file. Only spill files hold it: a transaction with a LOB file is
   * never journaled.
   */
  private static final int STREAMED_LOB = 19;

  /**
   * The wire byte of an operation or marker is its index here. The order is part of the format
   * (spill files and journal records outlive a release), so it is spelled out rather than taken
   * from the enums' declaration order; new constants go at the end.
   */
  private static final Operation[] OPERATIONS = {
    Operation.INSERT, Operation.UPDATE, Operation.DELETE, Operation.TRUNCATE, Operation.READ
  };

  private static final Marker[] MARKERS = {
    Marker.EMPTY_CLOB, Marker.EMPTY_BLOB, Marker.UNSUPPORTED_TYPE
  };

  private ChangeCodec() {}

  private static <E extends Enum<E>> int wireIndex(E[] wireOrder, E constant) {
    for (int i = 0; i < wireOrder.length; i++) {
      if (wireOrder[i] == constant) {
        return i;
      }
    }
    throw new IllegalStateException(constant + " has no wire byte in ChangeCodec");
  }

  static void write(Change change, ByteWriter out) {
    out.putByte(wireIndex(OPERATIONS, change.operation()));
    TableId table = change.table();
    writeNullableString(table.pdb(), out);
    writeString(table.owner(), out);
    writeString(table.table(), out);
    out.putInt(change.layoutVersion());
    writeRow(change.before(), out);
    writeRow(change.after(), out);
    out.putLong(change.scn().bits());
    writeAddress(change.address(), out);
    out.putInt(change.ssn());
    writeNullableString(change.rowId(), out);
    out.putLong(change.timestamp().getEpochSecond());
    out.putInt(change.timestamp().getNano());
  }

  static Change read(ByteReader in) {
    int op = in.getByte();
    if (op < 0 || op >= OPERATIONS.length) {
      throw new FrameFormatException("unknown operation ordinal " + op);
    }
    String pdb = readNullableString(in);
    TableId table = new TableId(pdb, readString(in), readString(in));
    int layoutVersion = in.getInt();
    Row before = readRow(in);
    Row after = readRow(in);
    Scn scn = new Scn(in.getLong());
    RedoAddress address = readAddress(in);
    int ssn = in.getInt();
    String rowId = readNullableString(in);
    Instant timestamp = Instant.ofEpochSecond(in.getLong(), in.getInt());
    try {
      return new Change(
          OPERATIONS[op], table, layoutVersion, before, after, scn, address, ssn, rowId, timestamp);
    } catch (IllegalArgumentException e) {
      throw new FrameFormatException("invalid change: " + e.getMessage());
    }
  }

  static void writeAddress(RedoAddress address, ByteWriter out) {
    out.putInt(address.thread());
    out.putLong(address.sequence());
    out.putLong(address.block());
    out.putInt(address.offset());
  }

  static RedoAddress readAddress(ByteReader in) {
    try {
      return new RedoAddress(in.getInt(), in.getLong(), in.getLong(), in.getInt());
    } catch (IllegalArgumentException e) {
      throw new FrameFormatException("invalid address: " + e.getMessage());
    }
  }

  static void writeNullableString(String value, ByteWriter out) {
    if (value == null) {
      out.putByte(NULL);
    } else {
      writeString(value, out);
    }
  }

  static String readNullableString(ByteReader in) {
    int tag = in.getByte();
    return tag == NULL ? null : readStringBody(tag, in);
  }

  private static void writeString(String value, ByteWriter out) {
    if (hasSurrogate(value)) {
      out.putByte(STRING_UTF16);
      out.putUtf16(value);
    } else {
      out.putByte(STRING_UTF8);
      out.putUtf8(value);
    }
  }

  private static String readString(ByteReader in) {
    return readStringBody(in.getByte(), in);
  }

  private static String readStringBody(int tag, ByteReader in) {
    if (tag == STRING_UTF8) {
      return in.getUtf8();
    }
    if (tag == STRING_UTF16) {
      return in.getUtf16();
    }
    throw new FrameFormatException("expected a string tag, found " + tag);
  }

  // UTF-8 cannot carry an unpaired surrogate; such rare strings go as UTF-16 to stay lossless.
  private static boolean hasSurrogate(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (Character.isSurrogate(value.charAt(i))) {
        return true;
      }
    }
    return false;
  }

  private static void writeRow(Row row, ByteWriter out) {
    if (row == null) {
      out.putByte(0);
      return;
    }
    out.putByte(1);
    out.putInt(row.size());
    for (int i = 0; i < row.size(); i++) {
      writeValue(row.get(i), out);
    }
  }

  private static Row readRow(ByteReader in) {
    int present = in.getByte();
    if (present == 0) {
      return null;
    }
    int size = in.getInt();
    if (size < 0 || size > 100_000) {
      throw new FrameFormatException("implausible row size " + size);
    }
    Object[] values = new Object[size];
    for (int i = 0; i < size; i++) {
      values[i] = readValue(in);
    }
    return Row.of(values);
  }

  private static void writeValue(Object value, ByteWriter out) {
    if (value == null) {
      out.putByte(NULL);
    } else if (value instanceof String s) {
      writeString(s, out);
    } else if (value instanceof Long l) {
      out.putByte(LONG);
      out.putLong(l);
    } else if (value instanceof BigDecimal d) {
      out.putByte(DECIMAL);
      out.putInt(d.scale());
      out.putBytes(d.unscaledValue().toByteArray());
    } else if (value instanceof Absent a) {
      out.putByte(a == Absent.NOT_LOGGED ? NOT_LOGGED : EXCLUDED);
    } else {
      writeTemporalOrOther(value, out);
    }
  }

  private static void writeTemporalOrOther(Object value, ByteWriter out) {
    if (value instanceof LocalDateTime t) {
      out.putByte(LOCAL_DATE_TIME);
      writeLocal(t, out);
    } else if (value instanceof OffsetDateTime t) {
      out.putByte(OFFSET_DATE_TIME);
      writeLocal(t.toLocalDateTime(), out);
      out.putInt(t.getOffset().getTotalSeconds());
    } else if (value instanceof ZonedDateTime t) {
      out.putByte(ZONED_DATE_TIME);
      writeLocal(t.toLocalDateTime(), out);
      out.putInt(t.getOffset().getTotalSeconds());
      out.putUtf8(t.getZone().getId());
    } else if (value instanceof Instant t) {
      out.putByte(INSTANT);
      out.putLong(t.getEpochSecond());
      out.putInt(t.getNano());
    } else if (value instanceof Period p) {
      out.putByte(PERIOD);
      out.putInt(p.getYears());
      out.putInt(p.getMonths());
      out.putInt(p.getDays());
    } else if (value instanceof Duration d) {
      out.putByte(DURATION);
      out.putLong(d.getSeconds());
      out.putInt(d.getNano());
    } else {
      writeScalar(value, out);
    }
  }

  private static void writeScalar(Object value, ByteWriter out) {
    if (value instanceof Double d) {
      out.putByte(DOUBLE);
      out.putLong(Double.doubleToRawLongBits(d));
    } else if (value instanceof Float f) {
      out.putByte(FLOAT);
      out.putInt(Float.floatToRawIntBits(f));
    } else if (value instanceof Bytes b) {
      out.putByte(BYTES);
      out.putBytes(b.toByteArray());
    } else if (value instanceof Marker m) {
      out.putByte(MARKER);
      out.putByte(wireIndex(MARKERS, m));
    } else if (value instanceof Boolean b) {
      out.putByte(BOOLEAN);
      out.putByte(b ? 1 : 0);
    } else if (value instanceof VectorValue v) {
      out.putByte(VECTOR);
      out.putBytes(v.toImage());
    } else if (value instanceof StreamedLob lob) {
      writeStreamedLob(lob, out);
    } else {
      // Row.of rejects every other type, so reaching this is a broken invariant.
      throw new IllegalStateException("not a Row value type: " + value.getClass().getName());
    }
  }

  private static Object readValue(ByteReader in) {
    int tag = in.getByte();
    switch (tag) {
      case NULL:
        return null;
      case NOT_LOGGED:
        return Absent.NOT_LOGGED;
      case EXCLUDED:
        return Absent.EXCLUDED;
      case LONG:
        return in.getLong();
      case DECIMAL:
        {
          int scale = in.getInt();
          return new BigDecimal(new BigInteger(in.getBytes()), scale);
        }
      case FLOAT:
        return Float.intBitsToFloat(in.getInt());
      case DOUBLE:
        return Double.longBitsToDouble(in.getLong());
      case STRING_UTF8:
        return in.getUtf8();
      case STRING_UTF16:
        return in.getUtf16();
      case LOCAL_DATE_TIME:
        return readLocal(in);
      case OFFSET_DATE_TIME:
        return OffsetDateTime.of(readLocal(in), offset(in.getInt()));
      case ZONED_DATE_TIME:
        return readZoned(in);
      case INSTANT:
        return Instant.ofEpochSecond(in.getLong(), in.getInt());
      case PERIOD:
        return Period.of(in.getInt(), in.getInt(), in.getInt());
      case DURATION:
        return Duration.ofSeconds(in.getLong(), in.getInt());
      case BYTES:
        return Bytes.of(in.getBytes());
      case MARKER:
        {
          int ordinal = in.getByte();
          if (ordinal < 0 || ordinal >= MARKERS.length) {
            throw new FrameFormatException("unknown marker ordinal " + ordinal);
          }
          return MARKERS[ordinal];
        }
      case BOOLEAN:
        return in.getByte() != 0;
      case VECTOR:
        return vector(in.getBytes());
      case STREAMED_LOB:
        return readStreamedLob(in);
      default:
        throw new FrameFormatException("unknown value tag " + tag);
    }
  }

  private static void writeStreamedLob(StreamedLob lob, ByteWriter out) {
    if (!(lob.source() instanceof LobFile file)) {
      throw new IllegalStateException("a StreamedLob not over a LOB file of this buffer: " + lob);
    }
    out.putByte(STREAMED_LOB);
    out.putUtf8(file.path().toString());
    out.putByte(file.character() ? 1 : 0);
    out.putLong(file.size());
  }

  private static StreamedLob readStreamedLob(ByteReader in) {
    String path = in.getUtf8();
    boolean character = in.getByte() != 0;
    long size = in.getLong();
    try {
      return StreamedLob.of(LobFile.sealed(java.nio.file.Path.of(path), character, size));
    } catch (IllegalArgumentException e) {
      throw new FrameFormatException("invalid LOB file reference: " + e.getMessage());
    }
  }

  private static VectorValue vector(byte[] image) {
    try {
      return VectorValue.fromImage(image);
    } catch (IllegalArgumentException e) {
      throw new FrameFormatException("invalid VECTOR image: " + e.getMessage());
    }
  }

  private static void writeLocal(LocalDateTime t, ByteWriter out) {
    out.putLong(t.toLocalDate().toEpochDay());
    out.putLong(t.toLocalTime().toNanoOfDay());
  }

  private static LocalDateTime readLocal(ByteReader in) {
    long epochDay = in.getLong();
    long nanoOfDay = in.getLong();
    try {
      return LocalDateTime.of(LocalDate.ofEpochDay(epochDay), LocalTime.ofNanoOfDay(nanoOfDay));
    } catch (java.time.DateTimeException e) {
      throw new FrameFormatException("invalid date-time: " + e.getMessage());
    }
  }

  private static ZoneOffset offset(int seconds) {
    try {
      return ZoneOffset.ofTotalSeconds(seconds);
    } catch (java.time.DateTimeException e) {
      throw new FrameFormatException("invalid zone offset: " + seconds);
    }
  }

  private static ZonedDateTime readZoned(ByteReader in) {
    LocalDateTime local = readLocal(in);
    ZoneOffset offset = offset(in.getInt());
    String zone = in.getUtf8();
    try {
      // ofLocal keeps the written offset whenever the zone rules allow it, so overlaps read back.
      return ZonedDateTime.ofLocal(local, ZoneId.of(zone), offset);
    } catch (java.time.DateTimeException e) {
      throw new FrameFormatException("invalid zone id: " + zone);
    }
  }
}
