package dev.redoline.simulator.internal.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidObjectException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages between the simulator's driver and a simulator server: Java serialization of these
 * records over a loopback socket, read through a filter that admits nothing but them and the value
 * types of rows. Every request but {@link Cancel} and {@link CloseCursor} gets one {@link Reply}; a
 * cancel needs none, so it can be written while another thread waits for a fetch.
 *
 * <p>A reply that carries a batch of rows ({@link #writeReply}) is not serialized as objects: each
 * value goes as a one-byte type and its bytes (a text as modified UTF-8, a NUMBER that fits a
 * {@code long} as that long, a DATE or TIMESTAMP as epoch seconds and nanoseconds), since Java
 * serialization of every {@code BigDecimal} and {@code LocalDateTime} of every row cost more than
 * making the rows. A value of any other type, or too long for this form, is serialized as before,
 * under the same filter.
 */
public final class Wire {

  private static final ObjectInputFilter FILTER =
      ObjectInputFilter.Config.createFilter(
          "maxdepth=20;maxarray=1000000;java.lang.*;java.math.*;java.time.*;java.util.*;"
              + "dev.redoline.simulator.*;dev.redoline.simulator.internal.jdbc.*;"
              + "[Ljava.lang.Object;;[B;!*");

  private Wire() {}

  public interface Request extends Serializable {}

  public record Hello(String database, int instance) implements Request {}

  public record Execute(String sql, List<Object> binds, int timeoutSeconds) implements Request {}

  public record Fetch(long cursor, int max) implements Request {}

  public record Cancel(long cursor) implements Request {}

  public record CloseCursor(long cursor) implements Request {}

  public record Close() implements Request {}

  /**
   * An error as ojdbc reports it: vendor code, SQLSTATE, message, and whether the connection is
   * gone.
   */
  public record Failure(int code, String sqlState, String message, boolean connectionLost)
      implements Serializable {

    public static Failure of(SQLException e) {
      return new Failure(
          e.getErrorCode(), e.getSQLState(), e.getMessage(), e instanceof SQLRecoverableException);
    }

    SQLException exception() {
      return connectionLost
          ? new SQLRecoverableException(message, sqlState, code)
          : new SQLException(message, sqlState, code);
    }
  }

  /** The answer to a request: a value, or a failure. */
  public record Reply(Object value, Failure failure) implements Serializable {}

  /** How a reply starts: a serialized {@link Reply}, or a batch of rows in the form below. */
  private static final byte REPLY_OBJECT = 0;

  private static final byte REPLY_BATCH = 1;

  /** How a value of a batch starts. */
  private static final byte NULL = 0;

  private static final byte TEXT = 1;
  private static final byte DECIMAL_LONG = 2;
  private static final byte LONG = 3;
  private static final byte INT = 4;
  private static final byte DATE_TIME = 5;
  private static final byte BYTES = 6;
  private static final byte OBJECT = 7;

  /**
   * Longest text written as modified UTF-8, which takes at most 3 bytes a char and 65,535 in all.
   */
  private static final int MAX_UTF_CHARS = 65_535 / 3;

  /** Longest byte array written as bytes; the filter's {@code maxarray} bounds the others. */
  private static final int MAX_BYTES = 1_000_000;

  /** Writes {@code reply}: a batch of rows value by value, anything else serialized. */
  public static void writeReply(ObjectOutputStream out, Reply reply) throws IOException {
    if (reply.failure() != null || !(reply.value() instanceof ServerCursor.Batch batch)) {
      out.writeByte(REPLY_OBJECT);
      out.writeObject(reply);
      return;
    }
    out.writeByte(REPLY_BATCH);
    out.writeBoolean(batch.done());
    out.writeInt(batch.rows().size());
    for (Object[] row : batch.rows()) {
      out.writeInt(row.length);
      for (Object v : row) {
        writeValue(out, v);
      }
    }
  }

  /** Reads what {@link #writeReply} wrote. */
  static Reply readReply(ObjectInputStream in) throws IOException, ClassNotFoundException {
    byte kind = in.readByte();
    if (kind == REPLY_OBJECT) {
      return (Reply) in.readObject();
    }
    if (kind != REPLY_BATCH) {
      throw new InvalidObjectException("Not a reply: " + kind);
    }
    boolean done = in.readBoolean();
    int count = bounded(in.readInt(), MAX_BYTES);
    List<Object[]> rows = new ArrayList<>(Math.min(count, 1_024));
    for (int i = 0; i < count; i++) {
      Object[] row = new Object[bounded(in.readInt(), 1_000)];
      for (int c = 0; c < row.length; c++) {
        row[c] = readValue(in);
      }
      rows.add(row);
    }
    return new Reply(new ServerCursor.Batch(rows, done), null);
  }

  private static void writeValue(ObjectOutputStream out, Object v) throws IOException {
    if (v == null) {
      out.writeByte(NULL);
    } else if (v instanceof String s && s.length() <= MAX_UTF_CHARS) {
      out.writeByte(TEXT);
      out.writeUTF(s);
    } else if (v instanceof BigDecimal d && d.scale() == 0 && d.precision() <= 18) {
      out.writeByte(DECIMAL_LONG); // below 10^18: exact as a long, and read back with scale 0
      out.writeLong(d.longValue());
    } else if (v instanceof Long l) {
      out.writeByte(LONG);
      out.writeLong(l);
    } else if (v instanceof Integer i) {
      out.writeByte(INT);
      out.writeInt(i);
    } else if (v instanceof LocalDateTime t) {
      out.writeByte(DATE_TIME);
      out.writeLong(t.toEpochSecond(ZoneOffset.UTC));
      out.writeInt(t.getNano());
    } else if (v instanceof byte[] b && b.length <= MAX_BYTES) {
      out.writeByte(BYTES);
      out.writeInt(b.length);
      out.write(b);
    } else {
      out.writeByte(OBJECT);
      out.writeObject(v);
    }
  }

  private static Object readValue(ObjectInputStream in) throws IOException, ClassNotFoundException {
    byte type = in.readByte();
    return switch (type) {
      case NULL -> null;
      case TEXT -> in.readUTF();
      case DECIMAL_LONG -> BigDecimal.valueOf(in.readLong());
      case LONG -> in.readLong();
      case INT -> in.readInt();
      case DATE_TIME -> LocalDateTime.ofEpochSecond(in.readLong(), in.readInt(), ZoneOffset.UTC);
      case BYTES -> {
        byte[] b = new byte[bounded(in.readInt(), MAX_BYTES)];
        in.readFully(b);
        yield b;
      }
      case OBJECT -> in.readObject();
      default -> throw new InvalidObjectException("Not a value type: " + type);
    };
  }

  private static int bounded(int n, int max) throws InvalidObjectException {
    if (n < 0 || n > max) {
      throw new InvalidObjectException("A count of " + n + " is outside [0, " + max + "]");
    }
    return n;
  }

  public static ObjectInputStream input(InputStream in) throws IOException {
    ObjectInputStream ois = new ObjectInputStream(in);
    ois.setObjectInputFilter(FILTER);
    return ois;
  }
}
