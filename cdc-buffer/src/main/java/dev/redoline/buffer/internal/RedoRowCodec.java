package dev.redoline.buffer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.time.LocalDateTime;

/**
 * Encodes a {@link RedoRow} into one frame of a {@link StepRowFile} and back, every column kept.
 * Nullable values carry a presence byte; text is written as {@link ChangeCodec} writes it.
 *
 * <p>The columns are written in the order of the record's components, and {@link #decode} reads
 * them straight into its constructor's arguments, which Java evaluates left to right: one list of
 * the columns, so a column added to {@code RedoRow} does not compile here until decode reads it, in
 * the place where encode must then write it. A frame lives only as long as its step, so the layout
 * is free to change.
 */
final class RedoRowCodec {

  private static final int ABSENT = 0;

  private RedoRowCodec() {}

  static void encode(RedoRow r, ByteWriter w) {
    w.putLong(r.scn().bits());
    putScn(w, r.startScn());
    putScn(w, r.commitScn());
    putTime(w, r.timestamp());
    putTime(w, r.startTimestamp());
    putTime(w, r.commitTimestamp());
    w.putInt(r.xid().usn());
    w.putInt(r.xid().slot());
    w.putLong(r.xid().sequence());
    w.putInt(r.operationCode());
    putText(w, r.operation());
    putFlag(w, r.rollback());
    putText(w, r.segOwner());
    putText(w, r.tableName());
    putText(w, r.rowId());
    putText(w, r.username());
    RedoAddress a = r.address();
    w.putInt(a.thread());
    w.putLong(a.sequence());
    w.putLong(a.block());
    w.putInt(a.offset());
    w.putInt(r.ssn());
    putFlag(w, r.csf());
    putInteger(w, r.dataObj());
    putInteger(w, r.dataObjv());
    putInteger(w, r.dataObjd());
    putText(w, r.sqlRedo());
    putText(w, r.sqlUndo());
    putText(w, r.info());
    w.putInt(r.status());
    putText(w, r.srcConName());
    putInteger(w, r.srcConId());
    if (r.srcConUid() == null) {
      w.putByte(ABSENT);
    } else {
      w.putByte(1);
      w.putLong(r.srcConUid());
    }
  }

  static RedoRow decode(ByteReader r) {
    // Every argument reads from r, in the order encode wrote the columns.
    return new RedoRow(
        new Scn(r.getLong()),
        getScn(r),
        getScn(r),
        getTime(r),
        getTime(r),
        getTime(r),
        new Xid(r.getInt(), r.getInt(), r.getLong()),
        r.getInt(),
        getText(r),
        getFlag(r),
        getText(r),
        getText(r),
        getText(r),
        getText(r),
        new RedoAddress(r.getInt(), r.getLong(), r.getLong(), r.getInt()),
        r.getInt(),
        getFlag(r),
        getInteger(r),
        getInteger(r),
        getInteger(r),
        getText(r),
        getText(r),
        getText(r),
        r.getInt(),
        getText(r),
        getInteger(r),
        r.getByte() == ABSENT ? null : r.getLong());
  }

  private static void putFlag(ByteWriter w, boolean flag) {
    w.putByte(flag ? 1 : 0);
  }

  private static boolean getFlag(ByteReader r) {
    return r.getByte() != 0;
  }

  private static void putScn(ByteWriter w, Scn scn) {
    if (scn == null) {
      w.putByte(ABSENT);
    } else {
      w.putByte(1);
      w.putLong(scn.bits());
    }
  }

  private static Scn getScn(ByteReader r) {
    return r.getByte() == ABSENT ? null : new Scn(r.getLong());
  }

  private static void putTime(ByteWriter w, LocalDateTime t) {
    if (t == null) {
      w.putByte(ABSENT);
    } else {
      w.putByte(1);
      w.putLong(t.toLocalDate().toEpochDay());
      w.putLong(t.toLocalTime().toNanoOfDay());
    }
  }

  private static LocalDateTime getTime(ByteReader r) {
    if (r.getByte() == ABSENT) {
      return null;
    }
    long day = r.getLong();
    return LocalDateTime.of(
        java.time.LocalDate.ofEpochDay(day), java.time.LocalTime.ofNanoOfDay(r.getLong()));
  }

  private static void putInteger(ByteWriter w, Integer value) {
    if (value == null) {
      w.putByte(ABSENT);
    } else {
      w.putByte(1);
      w.putInt(value);
    }
  }

  private static Integer getInteger(ByteReader r) {
    return r.getByte() == ABSENT ? null : r.getInt();
  }

  // Text takes the change codec's form: a tag (null, UTF-8, or UTF-16 when it holds a surrogate).
  private static void putText(ByteWriter w, String text) {
    ChangeCodec.writeNullableString(text, w);
  }

  private static String getText(ByteReader r) {
    return ChangeCodec.readNullableString(r);
  }
}
