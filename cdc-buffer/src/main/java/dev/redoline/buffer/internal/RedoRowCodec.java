package dev.redoline.buffer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.time.LocalDateTime;

/**
 * Encodes a {@link RedoRow} into one frame of a {@link StepRowFile} and back, every column kept.
 * Nullable values carry a presence byte; text is written as {@link ChangeCodec} writes it.
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
    w.putByte((r.rollback() ? 1 : 0) | (r.csf() ? 2 : 0));
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
    Scn scn = new Scn(r.getLong());
    Scn startScn = getScn(r);
    Scn commitScn = getScn(r);
    LocalDateTime timestamp = getTime(r);
    LocalDateTime startTimestamp = getTime(r);
    LocalDateTime commitTimestamp = getTime(r);
    Xid xid = new Xid(r.getInt(), r.getInt(), r.getLong());
    int operationCode = r.getInt();
    String operation = getText(r);
    int flags = r.getByte();
    String segOwner = getText(r);
    String tableName = getText(r);
    String rowId = getText(r);
    String username = getText(r);
    RedoAddress address = new RedoAddress(r.getInt(), r.getLong(), r.getLong(), r.getInt());
    int ssn = r.getInt();
    Integer dataObj = getInteger(r);
    Integer dataObjv = getInteger(r);
    Integer dataObjd = getInteger(r);
    String sqlRedo = getText(r);
    String sqlUndo = getText(r);
    String info = getText(r);
    int status = r.getInt();
    String srcConName = getText(r);
    Integer srcConId = getInteger(r);
    Long srcConUid = r.getByte() == ABSENT ? null : r.getLong();
    return new RedoRow(
        scn,
        startScn,
        commitScn,
        timestamp,
        startTimestamp,
        commitTimestamp,
        xid,
        operationCode,
        operation,
        (flags & 1) != 0,
        segOwner,
        tableName,
        rowId,
        username,
        address,
        ssn,
        (flags & 2) != 0,
        dataObj,
        dataObjv,
        dataObjd,
        sqlRedo,
        sqlUndo,
        info,
        status,
        srcConName,
        srcConId,
        srcConUid);
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
