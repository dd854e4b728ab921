package dev.redoline.buffer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The binary form of one journal record, for journals that store records whole (the Kafka journal
 * topic of cdc-connect): a transaction's START information, the address the append reaches, and its
 * changes and removals. Changes and their row values are encoded by {@link ChangeCodec}, the codec
 * of spill files and of the file journal, so every journal and spill file holds a value in one and
 * the same form.
 *
 * <pre>{@code
 * byte[] value = JournalCodec.write(new JournalEntry(info, upTo, ChangeSequence.of(changes), removals));
 * JournalEntry back = JournalCodec.read(value);      // equal field by field, changes in memory
 * }</pre>
 *
 * <p>Layout (big-endian): the format {@link #VERSION} byte, the START information (as the file
 * journal's header frame holds it), {@code upTo}, the change count and changes, the removal count
 * and removals (address, SSN).
 *
 * <h2>Versions</h2>
 *
 * <ul>
 *   <li>1: the records of earlier releases, with a value codec of their own (a LocalDateTime as an
 *       instant at UTC, enums by name). Refused with CDC-2102: they are read by the release that
 *       wrote them only (docs/connect.md, "Upgrading").
 *   <li>2: this layout.
 * </ul>
 */
public final class JournalCodec {

  /** The format version written first in every record. */
  public static final int VERSION = 2;

  /** The version of the records of earlier releases, which this release does not read. */
  static final int EARLIER_RELEASES = 1;

  private JournalCodec() {}

  /** The record of {@code entry}; its changes are read once, now. */
  public static byte[] write(JournalEntry entry) {
    ByteWriter out = new ByteWriter(256);
    out.putByte(VERSION);
    writeInfo(entry.transaction(), out);
    ChangeCodec.writeAddress(entry.upTo(), out);
    List<Change> changes = new ArrayList<>();
    entry.changes().forEach(changes::add);
    out.putInt(changes.size());
    for (Change change : changes) {
      ChangeCodec.write(change, out);
    }
    out.putInt(entry.removed().size());
    for (JournalEntry.Removal removal : entry.removed()) {
      ChangeCodec.writeAddress(removal.address(), out);
      out.putInt(removal.ssn());
    }
    // The removals' ROW_IDs follow as a list of their own, so records of earlier versions (which
    // end after the removals) still read.
    out.putInt(entry.removed().size());
    for (JournalEntry.Removal removal : entry.removed()) {
      ChangeCodec.writeNullableString(removal.rowId(), out);
    }
    byte[] record = new byte[out.size()];
    System.arraycopy(out.array(), 0, record, 0, out.size());
    return record;
  }

  /**
   * Reads a record.
   *
   * @throws CdcException CDC-2102 when the bytes are not a record of {@link #VERSION}: an earlier
   *     release's record, a later one's, or damaged bytes
   */
  public static JournalEntry read(byte[] value) {
    if (value.length == 0) {
      throw corrupt("an empty record");
    }
    int version = value[0] & 0xFF;
    if (version == EARLIER_RELEASES) {
      throw corrupt(
          "a record of format version 1, written by an earlier release; this release reads version "
              + VERSION
              + " only: let the journaled transactions end before upgrading, or start from a position "
              + "before their first change (docs/connect.md, Upgrading)");
    }
    if (version != VERSION) {
      throw corrupt(
          "a record of unknown format version "
              + version
              + " (this release writes "
              + VERSION
              + "; a later release may have written it)");
    }
    try {
      ByteReader in = new ByteReader(value, 1, value.length - 1);
      TransactionInfo info = readInfo(in);
      RedoAddress upTo = ChangeCodec.readAddress(in);
      int count = count(in);
      List<Change> changes = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        changes.add(ChangeCodec.read(in));
      }
      int removals = count(in);
      List<JournalEntry.Removal> removed = new ArrayList<>(removals);
      for (int i = 0; i < removals; i++) {
        removed.add(new JournalEntry.Removal(ChangeCodec.readAddress(in), in.getInt()));
      }
      if (in.hasRemaining()) {
        if (count(in) != removals) {
          throw new FrameFormatException("the ROW_IDs do not match the removals");
        }
        for (int i = 0; i < removals; i++) {
          JournalEntry.Removal r = removed.get(i);
          removed.set(
              i,
              new JournalEntry.Removal(r.address(), r.ssn(), ChangeCodec.readNullableString(in)));
        }
      }
      if (in.hasRemaining()) {
        throw new FrameFormatException("bytes after the end of the record");
      }
      return new JournalEntry(info, upTo, ChangeSequence.of(changes), removed);
    } catch (FrameFormatException | IllegalArgumentException e) {
      throw corrupt("an unreadable record: " + e.getMessage());
    }
  }

  private static int count(ByteReader in) {
    int count = in.getInt();
    if (count < 0) {
      throw new FrameFormatException("negative count " + count);
    }
    return count;
  }

  private static CdcException corrupt(String what) {
    return new CdcException(ErrorCode.JOURNAL_CORRUPT, what);
  }

  /** A transaction's START information: the file journal's header frame and every record here. */
  static void writeInfo(TransactionInfo info, ByteWriter out) {
    out.putBytes(info.xid().toRaw());
    out.putLong(info.startScn().bits());
    out.putByte(info.startAddress() == null ? 0 : 1);
    if (info.startAddress() != null) {
      ChangeCodec.writeAddress(info.startAddress(), out);
    }
    out.putByte(info.startTime() == null ? 0 : 1);
    if (info.startTime() != null) {
      out.putLong(info.startTime().getEpochSecond());
      out.putInt(info.startTime().getNano());
    }
    ChangeCodec.writeNullableString(info.user(), out);
  }

  static TransactionInfo readInfo(ByteReader in) {
    Xid xid = Xid.fromRaw(in.getBytes());
    Scn startScn = new Scn(in.getLong());
    RedoAddress startAddress = in.getByte() == 0 ? null : ChangeCodec.readAddress(in);
    Instant startTime = in.getByte() == 0 ? null : Instant.ofEpochSecond(in.getLong(), in.getInt());
    return new TransactionInfo(
        xid, startScn, startAddress, startTime, ChangeCodec.readNullableString(in));
  }
}
