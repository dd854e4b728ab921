package dev.redoline.logminer.internal;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.LobPiece;
import java.time.Instant;

/**
 * The LOB one transaction is writing ({@link LobAssembler}): which column of which row, named by a
 * locator row or found from the held change ({@link LobWriteWithoutLocator}), and its content as
 * far as the writes made it known. Kept apart from the assembler because a value whose content
 * before the writes is unknown can still become whole ({@link #rebuild}), a rule of the content
 * alone.
 */
final class LobTarget {
  final int column;
  final Row where;
  final TableLayout layout;
  final RedoRow locator;
  final Instant time;
  final boolean excluded;

  /** Whether its content may move to a file: a CLOB, NCLOB or BLOB column. */
  final boolean streams;

  /** Whether it completes the held-back change (else it is an UPDATE of its own). */
  boolean completes;

  LobContent content;
  boolean over;

  /**
   * While {@link #content} is unknown: the writes so far, when they cover the value from offset 1
   * without a hole ({@link #rebuild}); {@link #rebuiltLength} characters or bytes long.
   */
  LobContent rebuilt;

  long rebuiltLength;

  /** A write, trim or erase of the unknown value that the writes cannot make whole. */
  boolean rebuildLost;

  /**
   * Found from the held change, not named by a locator ({@link LobWriteWithoutLocator}): a write
   * from offset 1 after content starts the value of another column.
   */
  boolean inferred;

  /**
   * Found from the held change among several columns that could take it: {@link #column} is only
   * the first of them, and the statement's end chooses ({@link LobWriteWithoutLocator#resolve}).
   */
  boolean unresolved;

  /**
   * Written before the change it completes (BasicFile writes out of row, now and then): kept, on
   * the heap, until an INSERT of its row adopts it ({@link LobAssembler#holds}).
   */
  boolean early;

  LobTarget(
      int column, Row where, TableLayout layout, RedoRow locator, Instant time, boolean excluded) {
    this.column = column;
    this.where = where;
    this.layout = layout;
    this.locator = locator;
    this.time = time;
    this.excluded = excluded;
    this.streams = streams(layout.column(column).type().kind());
  }

  /** Whether a column of {@code kind} is a CLOB, NCLOB or BLOB: its content may move to a file. */
  static boolean streams(OracleType.Kind kind) {
    return kind == OracleType.Kind.CLOB
        || kind == OracleType.Kind.NCLOB
        || kind == OracleType.Kind.BLOB;
  }

  /** Whether a write came to it, applied or not. */
  boolean written;

  /** Whether its writes are not applied: nothing of them would be used. */
  boolean dropsWrites() {
    return excluded || over;
  }

  /**
   * Whether the writes need not even be decoded. Those of a target {@link #inferred} from the held
   * change must be: a write from offset 1 among them starts the next column's value, which no
   * locator row announces.
   */
  boolean skipsWrites() {
    return !inferred && dropsWrites();
  }

  /**
   * Whether {@code piece} starts a new value: a write from offset 1 after content was written (or,
   * past the limit or excluded, after any write).
   */
  boolean startsAnotherValue(LobPiece piece) {
    return piece instanceof LobPiece.Write w
        && w.offset() == 1
        && (over || excluded && written || content != null && content.storedBytes() > 0);
  }

  /**
   * A write, trim or erase of a LOB whose value before is unknown. Writes from offset 1 that leave
   * no hole, then a trim to at most their length, make the whole new value whatever the old one
   * was: the form of a SecureFile UPDATE (LOB_WRITE rows of the new value, then LOB_TRIM, with no
   * DML UPDATE). From that trim on the value is known; a trim to 0 empties it. A hole, an erase, or
   * a trim past the writes leaves it {@link Absent#NOT_LOGGED}, and so does a value rebuilt past
   * {@code bound} (the stream threshold: it stays on the heap while it is not known to be whole).
   */
  void rebuild(LobPiece piece, long bound) {
    OracleType type = layout.column(column).type();
    if (piece instanceof LobPiece.Trim trim) {
      if (trim.length() == 0) {
        content = LobPlaceholders.emptyContent(type);
      } else if (!rebuildLost && rebuilt != null && trim.length() <= rebuiltLength) {
        rebuilt.trim(trim.length());
        content = rebuilt;
      }
      rebuilt = null;
      rebuildLost = content == null;
      return;
    }
    if (!rebuildLost && piece instanceof LobPiece.Write w && w.offset() > 0) {
      if (rebuilt == null && w.offset() == 1) {
        rebuilt = LobPlaceholders.emptyContent(type);
      }
      if (rebuilt != null
          && w.offset() <= rebuiltLength + 1
          && rebuilt.storedBytesAfterWrite(w.offset(), w.data()) <= bound) {
        rebuilt.write(w.offset(), w.data());
        long length = w.data() instanceof Bytes b ? b.size() : ((String) w.data()).length();
        rebuiltLength = Math.max(rebuiltLength, w.offset() - 1 + length);
        return;
      }
    }
    rebuilt = null;
    rebuildLost = true;
  }

  /** The value to deliver for the column: its content as far as known, or why it is absent. */
  Object value() {
    return excluded
        ? Absent.EXCLUDED
        : over ? Marker.LOB_OVER_LIMIT : content != null ? content.value() : Absent.NOT_LOGGED;
  }

  /** The UPDATE a DBMS_LOB call on an existing row makes: the locator's row with the new value. */
  Change ownUpdate(Object value) {
    Row after = where.toBuilder().set(column, value).build();
    return new Change(
        Operation.UPDATE,
        layout.table(),
        layout.version(),
        where,
        after,
        locator.scn(),
        locator.address(),
        locator.ssn(),
        locator.rowId(),
        time);
  }

  /** {@code c} with {@code column} of its after image set to {@code value}. */
  static Change withColumn(Change c, int column, Object value) {
    Row after = c.after().toBuilder().set(column, value).build();
    return new Change(
        c.operation(),
        c.table(),
        c.layoutVersion(),
        c.before(),
        after,
        c.scn(),
        c.address(),
        c.ssn(),
        c.rowId(),
        c.timestamp());
  }
}
