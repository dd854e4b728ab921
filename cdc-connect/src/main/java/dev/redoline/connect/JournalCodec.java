package dev.redoline.connect;

import dev.redoline.buffer.JournalEntry;
import dev.redoline.buffer.TransactionInfo;
import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.VectorValue;
import dev.redoline.core.Xid;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;

/**
 * The binary form of one journal topic record: a transaction's START information, the address the
 * append reaches, and a slice of its changes and removals. Every {@link Row} value type, SQL NULL,
 * {@link Absent} and {@link Marker} reads back equal.
 *
 * <pre>{@code
 * byte[] value = JournalCodec.write(new JournalCodec.Slice(info, upTo, changes, removals));
 * JournalCodec.Slice back = JournalCodec.read(value);      // equal field by field
 * }</pre>
 *
 * <p>Layout (big-endian, {@link DataOutputStream}): format version byte, the START information,
 * {@code upTo}, the change count and changes, the removal count and removals. Strings are UTF-8
 * unless they hold an unpaired surrogate, which UTF-8 cannot carry; those go as UTF-16 so nothing
 * is lost. Enums travel by name, so reordering an enum in cdc-core cannot change a stored value.
 */
final class JournalCodec {

  /** The format version written first in every record; readers reject any other. */
  static final int VERSION = 1;

  private static final int NULL = 0;
  private static final int ABSENT = 1;
  private static final int LONG = 2;
  private static final int DECIMAL = 3;
  private static final int FLOAT = 4;
  private static final int DOUBLE = 5;
  private static final int UTF8 = 6;
  private static final int UTF16 = 7;
  private static final int LOCAL_DATE_TIME = 8;
  private static final int OFFSET_DATE_TIME = 9;
  private static final int ZONED_DATE_TIME = 10;
  private static final int INSTANT = 11;
  private static final int PERIOD = 12;
  private static final int DURATION = 13;
  private static final int BYTES = 14;
  private static final int MARKER = 15;
  /** Oracle 23ai BOOLEAN (and NUMBER(1) read as one): a byte, 1 or 0. */
  private static final int BOOLEAN = 16;
  /** Oracle 23ai VECTOR: its storage image, which keeps its format and dimensions. */
  private static final int VECTOR = 17;

  /** One record's content: part (or all) of one append. */
  record Slice(TransactionInfo transaction, RedoAddress upTo, List<Change> changes,
      List<JournalEntry.Removal> removed) {}

  private JournalCodec() {}

  static byte[] write(Slice slice) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(VERSION);
      writeInfo(slice.transaction(), out);
      writeAddress(slice.upTo(), out);
      out.writeInt(slice.changes().size());
      for (Change change : slice.changes()) {
        writeChange(change, out);
      }
      out.writeInt(slice.removed().size());
      for (JournalEntry.Removal removal : slice.removed()) {
        writeAddress(removal.address(), out);
        out.writeInt(removal.ssn());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);   // a byte array stream does not fail
    }
    return bytes.toByteArray();
  }

  /**
   * Reads a record.
   *
   * @throws IllegalArgumentException when the bytes are not a record of this format
   */
  static Slice read(byte[] value) {
    try (DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(value))) {
      int version = in.readUnsignedByte();
      if (version != VERSION) {
        throw new IllegalArgumentException("unknown journal record format version " + version);
      }
      TransactionInfo info = readInfo(in);
      RedoAddress upTo = readAddress(in);
      int count = in.readInt();
      Change[] changes = new Change[count];
      for (int i = 0; i < count; i++) {
        changes[i] = readChange(in);
      }
      int removals = in.readInt();
      JournalEntry.Removal[] removed = new JournalEntry.Removal[removals];
      for (int i = 0; i < removals; i++) {
        removed[i] = new JournalEntry.Removal(readAddress(in), in.readInt());
      }
      if (in.available() > 0) {
        throw new IllegalArgumentException(in.available() + " bytes after the end of the record");
      }
      return new Slice(info, upTo, List.of(changes), List.of(removed));
    } catch (IOException | RuntimeException e) {
      throw e instanceof IllegalArgumentException iae ? iae
          : new IllegalArgumentException("unreadable journal record: " + e, e);
    }
  }

  private static void writeInfo(TransactionInfo info, DataOutputStream out) throws IOException {
    out.writeUTF(info.xid().toHex());
    out.writeLong(info.startScn().bits());
    out.writeBoolean(info.startAddress() != null);
    if (info.startAddress() != null) {
      writeAddress(info.startAddress(), out);
    }
    out.writeBoolean(info.startTime() != null);
    if (info.startTime() != null) {
      writeInstant(info.startTime(), out);
    }
    writeNullableString(info.user(), out);
  }

  private static TransactionInfo readInfo(DataInputStream in) throws IOException {
    Xid xid = Xid.parseHex(in.readUTF());
    Scn startScn = new Scn(in.readLong());
    RedoAddress startAddress = in.readBoolean() ? readAddress(in) : null;
    Instant startTime = in.readBoolean() ? readInstant(in) : null;
    return new TransactionInfo(xid, startScn, startAddress, startTime, readNullableString(in));
  }

  private static void writeChange(Change change, DataOutputStream out) throws IOException {
    out.writeUTF(change.operation().name());
    writeNullableString(change.table().pdb(), out);
    writeNullableString(change.table().owner(), out);
    writeNullableString(change.table().table(), out);
    out.writeInt(change.layoutVersion());
    writeRow(change.before(), out);
    writeRow(change.after(), out);
    out.writeLong(change.scn().bits());
    writeAddress(change.address(), out);
    out.writeInt(change.ssn());
    writeNullableString(change.rowId(), out);
    writeInstant(change.timestamp(), out);
  }

  private static Change readChange(DataInputStream in) throws IOException {
    Operation operation = Operation.valueOf(in.readUTF());
    TableId table = new TableId(readNullableString(in), readNullableString(in), readNullableString(in));
    int layoutVersion = in.readInt();
    Row before = readRow(in);
    Row after = readRow(in);
    Scn scn = new Scn(in.readLong());
    RedoAddress address = readAddress(in);
    int ssn = in.readInt();
    String rowId = readNullableString(in);
    return new Change(operation, table, layoutVersion, before, after, scn, address, ssn, rowId, readInstant(in));
  }

  private static void writeRow(Row row, DataOutputStream out) throws IOException {
    out.writeInt(row == null ? -1 : row.size());
    if (row != null) {
      for (int i = 0; i < row.size(); i++) {
        writeValue(row.get(i), out);
      }
    }
  }

  private static Row readRow(DataInputStream in) throws IOException {
    int size = in.readInt();
    if (size < 0) {
      return null;
    }
    Object[] values = new Object[size];
    for (int i = 0; i < size; i++) {
      values[i] = readValue(in);
    }
    return Row.of(values);
  }

  private static void writeValue(Object v, DataOutputStream out) throws IOException {
    if (v == null) {
      out.writeByte(NULL);
    } else if (v instanceof Absent a) {
      out.writeByte(ABSENT);
      out.writeUTF(a.name());
    } else if (v instanceof Long l) {
      out.writeByte(LONG);
      out.writeLong(l);
    } else if (v instanceof BigDecimal d) {
      out.writeByte(DECIMAL);
      out.writeInt(d.scale());
      writeBytes(d.unscaledValue().toByteArray(), out);
    } else if (v instanceof Float f) {
      out.writeByte(FLOAT);
      out.writeInt(Float.floatToRawIntBits(f));
    } else if (v instanceof Double d) {
      out.writeByte(DOUBLE);
      out.writeLong(Double.doubleToRawLongBits(d));
    } else if (v instanceof String s) {
      writeString(s, out);
    } else {
      writeTemporalOrOther(v, out);
    }
  }

  private static void writeTemporalOrOther(Object v, DataOutputStream out) throws IOException {
    if (v instanceof LocalDateTime t) {
      out.writeByte(LOCAL_DATE_TIME);
      writeInstant(t.toInstant(ZoneOffset.UTC), out);
    } else if (v instanceof OffsetDateTime t) {
      out.writeByte(OFFSET_DATE_TIME);
      writeInstant(t.toInstant(), out);
      out.writeInt(t.getOffset().getTotalSeconds());
    } else if (v instanceof ZonedDateTime t) {
      out.writeByte(ZONED_DATE_TIME);
      writeInstant(t.toInstant(), out);
      out.writeUTF(t.getZone().getId());
    } else if (v instanceof Instant t) {
      out.writeByte(INSTANT);
      writeInstant(t, out);
    } else if (v instanceof Period p) {
      out.writeByte(PERIOD);
      out.writeInt(p.getYears());
      out.writeInt(p.getMonths());
      out.writeInt(p.getDays());
    } else if (v instanceof Duration d) {
      out.writeByte(DURATION);
      out.writeLong(d.getSeconds());
      out.writeInt(d.getNano());
    } else if (v instanceof Bytes b) {
      out.writeByte(BYTES);
      writeBytes(b.toByteArray(), out);
    } else if (v instanceof Marker m) {
      out.writeByte(MARKER);
      out.writeUTF(m.name());
    } else if (v instanceof Boolean b) {
      out.writeByte(BOOLEAN);
      out.writeBoolean(b);
    } else if (v instanceof VectorValue vector) {
      out.writeByte(VECTOR);
      writeBytes(vector.toImage(), out);
    } else {
      throw new IllegalArgumentException("not a Row value type: " + v.getClass().getName());
    }
  }

  private static Object readValue(DataInputStream in) throws IOException {
    int tag = in.readUnsignedByte();
    return switch (tag) {
      case NULL -> null;
      case ABSENT -> Absent.valueOf(in.readUTF());
      case LONG -> in.readLong();
      case DECIMAL -> {
        int scale = in.readInt();
        yield new BigDecimal(new BigInteger(readBytes(in)), scale);
      }
      case FLOAT -> Float.intBitsToFloat(in.readInt());
      case DOUBLE -> Double.longBitsToDouble(in.readLong());
      case UTF8, UTF16 -> readStringBody(tag, in);
      case LOCAL_DATE_TIME -> LocalDateTime.ofInstant(readInstant(in), ZoneOffset.UTC);
      case OFFSET_DATE_TIME -> {
        Instant at = readInstant(in);
        yield OffsetDateTime.ofInstant(at, ZoneOffset.ofTotalSeconds(in.readInt()));
      }
      case ZONED_DATE_TIME -> {
        Instant at = readInstant(in);
        yield ZonedDateTime.ofInstant(at, ZoneId.of(in.readUTF()));
      }
      case INSTANT -> readInstant(in);
      case PERIOD -> Period.of(in.readInt(), in.readInt(), in.readInt());
      case DURATION -> Duration.ofSeconds(in.readLong(), in.readInt());
      case BYTES -> Bytes.of(readBytes(in));
      case MARKER -> Marker.valueOf(in.readUTF());
      case BOOLEAN -> in.readBoolean();
      case VECTOR -> VectorValue.fromImage(readBytes(in));
      default -> throw new IllegalArgumentException("unknown value tag " + tag);
    };
  }

  private static void writeNullableString(String s, DataOutputStream out) throws IOException {
    if (s == null) {
      out.writeByte(NULL);
    } else {
      writeString(s, out);
    }
  }

  private static String readNullableString(DataInputStream in) throws IOException {
    int tag = in.readUnsignedByte();
    return tag == NULL ? null : readStringBody(tag, in);
  }

  private static void writeString(String s, DataOutputStream out) throws IOException {
    if (s.chars().anyMatch(c -> Character.isSurrogate((char) c))) {
      out.writeByte(UTF16);   // char by char: Java's UTF-16 encoder would replace an unpaired surrogate too
      out.writeInt(s.length());
      out.writeChars(s);
    } else {
      out.writeByte(UTF8);
      writeBytes(s.getBytes(StandardCharsets.UTF_8), out);
    }
  }

  private static String readStringBody(int tag, DataInputStream in) throws IOException {
    if (tag != UTF8 && tag != UTF16) {
      throw new IllegalArgumentException("expected a string tag, found " + tag);
    }
    if (tag == UTF8) {
      return new String(readBytes(in), StandardCharsets.UTF_8);
    }
    int length = in.readInt();
    if (length < 0 || length > in.available() / 2) {
      throw new IllegalArgumentException("string of " + length + " chars past the end of the record");
    }
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = in.readChar();
    }
    return new String(chars);
  }

  private static void writeBytes(byte[] bytes, DataOutputStream out) throws IOException {
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  private static byte[] readBytes(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > in.available()) {
      throw new IllegalArgumentException("byte string of length " + length + " past the end of the record");
    }
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return bytes;
  }

  private static void writeAddress(RedoAddress a, DataOutputStream out) throws IOException {
    out.writeInt(a.thread());
    out.writeLong(a.sequence());
    out.writeLong(a.block());
    out.writeInt(a.offset());
  }

  private static RedoAddress readAddress(DataInputStream in) throws IOException {
    return new RedoAddress(in.readInt(), in.readLong(), in.readLong(), in.readInt());
  }

  private static void writeInstant(Instant t, DataOutputStream out) throws IOException {
    out.writeLong(t.getEpochSecond());
    out.writeInt(t.getNano());
  }

  private static Instant readInstant(DataInputStream in) throws IOException {
    return Instant.ofEpochSecond(in.readLong(), in.readInt());
  }
}
