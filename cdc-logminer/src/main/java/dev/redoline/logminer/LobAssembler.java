package dev.redoline.logminer;

import dev.redoline.buffer.TransactionBuffer;
import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.decoder.LobPiece;
import dev.redoline.decoder.RedoDecoder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Assembles the content of LOB columns from the LOB rows of each transaction, in redo order, into
 * the change they belong to (LOGMINER.md 2.5):
 * <pre>
 * INSERT           insert into "S"."DOCS"("ID","BODY") values ('7',EMPTY_CLOB());   change A, BODY = marker
 * SEL_LOB_LOCATOR  ... select "BODY" into loc_c from "S"."DOCS" where "ID" = '7' for update;
 * LOB_WRITE         buf_c := 'Dear ...'; dbms_lob.write(loc_c, 2048, 1, buf_c);
 * LOB_WRITE         buf_c := '...'; dbms_lob.write(loc_c, 900, 2049, buf_c);
 * (next row of the transaction, or its COMMIT)                               A with BODY = 'Dear ......'
 * </pre>
 *
 * <h2>Which change</h2>
 * A locator that follows the transaction's newest change of the same row, whose image shows the
 * column as {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()}, completes that change: the content starts
 * empty. Any other locator (a PL/SQL DBMS_LOB call on an existing row) becomes an UPDATE change of
 * its own, its before image the locator's where clause and its after image that plus the column;
 * the content is known only when this transaction set the LOB earlier (or a trim to 0 empties it),
 * otherwise the column is {@link Absent#NOT_LOGGED}: never a stale or partial value.
 *
 * <h2>When it reaches the buffer</h2>
 * The content goes into the buffer when the LOB's rows end (the transaction's next other row, its
 * COMMIT) and at the end of every step, so a restart position never passes a LOB row the buffer
 * does not reflect. The completed change replaces the one in the buffer while that one is still the
 * transaction's newest, on the heap and not journaled; otherwise the content is appended as an
 * UPDATE change of the same row, which a consumer applying changes in order sees last.
 *
 * <h2>Rollbacks, exclusion, size</h2>
 * A ROLLBACK=1 row ends the LOB first, so the buffer's undo removes the newest change of the row
 * with its LOB content, as it removes any change (the LOB savepoint rule). A column excluded (or
 * hashed or truncated) by configuration is {@link Absent#EXCLUDED}: its writes are never decoded.
 * Content past {@code cdc.lob.max.bytes} becomes {@link Marker#LOB_OVER_LIMIT} and the rest of its
 * writes are never decoded.
 */
final class LobAssembler {

  /** The LOB being written in one transaction. */
  private static final class Target {
    final int column;
    final Row where;
    final TableLayout layout;
    final RedoRow locator;
    final Instant time;
    final boolean excluded;
    /** The change the buffer holds for this LOB now: the completed DML or our own UPDATE; null before. */
    Change placed;
    /** Whether {@link #placed} is the DML the locator completes (else our own UPDATE, once placed). */
    boolean completesDml;
    LobContent content;
    boolean over;
    boolean dirty;

    Target(int column, Row where, TableLayout layout, RedoRow locator, Instant time, boolean excluded) {
      this.column = column;
      this.where = where;
      this.layout = layout;
      this.locator = locator;
      this.time = time;
      this.excluded = excluded;
    }

    /** Whether the writes need not be decoded: nothing of them would be used. */
    boolean skipsWrites() {
      return excluded || over;
    }
  }

  /** Per open transaction: its newest change and the LOB it writes, with values it set before. */
  private static final class Tx {
    Change newest;
    Target target;
    final Map<String, Object> known = new HashMap<>();
  }

  private final TransactionBuffer buffer;
  private final long maxBytes;
  private final Map<Xid, Tx> open = new HashMap<>();

  LobAssembler(TransactionBuffer buffer, long maxBytes) {
    this.buffer = buffer;
    this.maxBytes = maxBytes;
  }

  /**
   * Decodes the LOB rows of a step, before any of it is applied: one slot per row, holding a
   * {@link LobPiece}, a {@link DecodeException}, or {@code null} (not a LOB row, not captured, or a
   * write nothing would use, which stays undecoded).
   */
  Object[] decode(List<RedoRow> rows, Function<RedoRow, TableLayout> layouts, RedoDecoder decoder,
      java.util.function.Predicate<RedoRow> skipped) {
    Object[] out = new Object[rows.size()];
    Map<Xid, Boolean> skipWrites = new HashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      RedoRow row = rows.get(i);
      if (!RedoDecoder.isLobRow(row.operationCode()) || skipped.test(row)) {
        continue;
      }
      TableLayout layout = layouts.apply(row);
      if (layout == null) {
        continue;
      }
      boolean write = row.operationCode() == 10 || row.operationCode() == 70;
      if (write && skipWrites.computeIfAbsent(row.xid(), this::skipsWrites)) {
        continue;
      }
      try {
        LobPiece piece = decoder.decodeLob(row.operationCode(), row.sqlRedo(), layout);
        if (piece instanceof LobPiece.Locator l) {
          skipWrites.put(row.xid(), l.excluded());
        }
        out[i] = piece;
      } catch (DecodeException e) {
        out[i] = e;
      }
    }
    return out;
  }

  private boolean skipsWrites(Xid xid) {
    Tx tx = open.get(xid);
    return tx != null && tx.target != null && tx.target.skipsWrites();
  }

  /**
   * {@code change} was added to the buffer for {@code xid} ({@link #end} was called before). Only a
   * change that shows a LOB marker can be completed by the rows after it, so other changes cost a
   * scan of their image and, in a transaction without LOB rows, nothing more.
   */
  void added(Xid xid, Change change) {
    boolean marker = change.after() != null && hasLobMarker(change.after());
    Tx tx = marker ? open.computeIfAbsent(xid, k -> new Tx()) : open.get(xid);
    if (tx != null) {
      tx.newest = marker ? change : null;
    }
  }

  private static boolean hasLobMarker(Row after) {
    for (int i = 0; i < after.size(); i++) {
      Object v = after.get(i);
      if (v == Marker.EMPTY_CLOB || v == Marker.EMPTY_BLOB) {
        return true;
      }
    }
    return false;
  }

  /**
   * The transaction's LOB, if one is being written, ends: its content goes into the buffer. Called
   * before any other row of the transaction is applied.
   */
  void end(Xid xid) {
    Tx tx = open.get(xid);
    if (tx != null && tx.target != null) {
      place(xid, tx);
      tx.target = null;
    }
  }

  /** After a ROLLBACK=1 row the newest change may be gone: no later locator completes it. */
  void undone(Xid xid) {
    Tx tx = open.get(xid);
    if (tx != null) {
      tx.newest = null;
      tx.known.clear();
    }
  }

  /** The transaction committed, rolled back or was dropped. */
  void forget(Xid xid) {
    open.remove(xid);
  }

  /** End of a step: every LOB being written is placed in the buffer as far as it is known. */
  void stepApplied() {
    for (Map.Entry<Xid, Tx> e : open.entrySet()) {
      if (e.getValue().target != null && e.getValue().target.dirty) {
        place(e.getKey(), e.getValue());
      }
    }
  }

  /**
   * Applies one decoded LOB row.
   *
   * @throws DecodeException CDC-3006 for a write, trim, erase or XML write with no locator before it
   */
  void apply(RedoRow row, LobPiece piece, TableLayout layout, Instant time) {
    if (!buffer.lobRow(row.xid(), row.scn(), row.address())) {
      return;   // read again after a restart: the journal holds it
    }
    Tx tx = open.computeIfAbsent(row.xid(), k -> new Tx());
    if (piece instanceof LobPiece.Locator l) {
      end(row.xid());
      tx.target = locate(tx, row, l, layout, time);
      return;
    }
    if (piece instanceof LobPiece.End) {
      end(row.xid());
      return;
    }
    Target t = tx.target;
    if (t == null) {
      throw new DecodeException(ErrorCode.LOB_ROW_OUT_OF_PLACE, row.operation() + " row with no SEL_LOB_LOCATOR or "
          + "XML DOC BEGIN before it in transaction " + row.xid(), layout.table(), null, -1, null, null);
    }
    t.dirty = true;
    if (t.skipsWrites() || t.content == null) {
      if (t.content == null && piece instanceof LobPiece.Trim trim && trim.length() == 0) {
        t.content = empty(layout.column(t.column).type());   // emptied: known from here on
      }
      return;
    }
    if (piece instanceof LobPiece.Write w) {
      if (w.offset() == 0) {
        t.content.append((String) w.data());   // XML DOC WRITE: the document continues
      } else {
        t.content.write(w.offset(), w.data());
      }
    } else if (piece instanceof LobPiece.Trim trim) {
      t.content.trim(trim.length());
    } else if (piece instanceof LobPiece.Erase erase) {
      t.content.erase(erase.offset(), erase.amount());
    }
    if (t.content.storedBytes() > maxBytes) {
      t.over = true;
      t.content = null;
    }
  }

  private Target locate(Tx tx, RedoRow row, LobPiece.Locator l, TableLayout layout, Instant time) {
    Target t = new Target(l.column(), l.where(), layout, row, time, l.excluded());
    OracleType type = layout.column(l.column()).type();
    Change newest = tx.newest;
    if (newest != null && newest.after() != null && sameRow(newest, row, l, layout)
        && (newest.after().get(l.column()) == Marker.EMPTY_CLOB || newest.after().get(l.column()) == Marker.EMPTY_BLOB)) {
      t.placed = newest;
      t.completesDml = true;
      t.content = empty(type);
    } else {
      Object before = tx.known.get(key(row.rowId(), l.column()));
      t.content = l.xml() ? empty(type) : before != null ? LobContent.of(before) : null;
    }
    t.dirty = true;
    return t;
  }

  private static boolean sameRow(Change change, RedoRow row, LobPiece.Locator l, TableLayout layout) {
    if (!change.table().equals(layout.table())) {
      return false;
    }
    if (change.rowId() != null && row.rowId() != null) {
      return change.rowId().equals(row.rowId());
    }
    for (int i = 0; i < l.where().size(); i++) {
      if (l.where().isPresent(i) && !Objects.equals(l.where().get(i), change.after().get(i))) {
        return false;
      }
    }
    return true;
  }

  private static LobContent empty(OracleType type) {
    return type.kind() == OracleType.Kind.BLOB ? LobContent.binary(Bytes.of(new byte[0])) : LobContent.text("");
  }

  /** Puts the target's content, as far as it is known, into the buffer. */
  private void place(Xid xid, Tx tx) {
    Target t = tx.target;
    if (!t.dirty) {
      return;
    }
    t.dirty = false;
    Object value = t.excluded ? Absent.EXCLUDED : t.over ? Marker.LOB_OVER_LIMIT
        : t.content != null ? t.content.value() : Absent.NOT_LOGGED;
    if (value instanceof String || value instanceof Bytes) {
      tx.known.put(key(t.locator.rowId(), t.column), value);
    }
    if (t.completesDml) {
      Change completed = withColumn(t.placed, t.column, value);
      if (buffer.replaceNewest(xid, t.placed, completed)) {
        t.placed = completed;
        tx.newest = completed;
        return;
      }
      t.completesDml = false;
      t.placed = null;   // journaled or spilled meanwhile: the content follows as an UPDATE of its own
    }
    if (t.excluded) {
      return;   // an UPDATE of nothing but an excluded column says nothing
    }
    Change own = ownUpdate(t, value);
    if (t.placed == null || !buffer.replaceNewest(xid, t.placed, own)) {
      buffer.add(xid, own);
    }
    t.placed = own;
    tx.newest = own;
  }

  private static Change ownUpdate(Target t, Object value) {
    Row after = t.where.toBuilder().set(t.column, value).build();
    RedoRow r = t.locator;
    return new Change(Operation.UPDATE, t.layout.table(), t.layout.version(), t.where, after, r.scn(), r.address(),
        r.ssn(), r.rowId(), t.time);
  }

  private static Change withColumn(Change c, int column, Object value) {
    Row after = c.after().toBuilder().set(column, value).build();
    return new Change(c.operation(), c.table(), c.layoutVersion(), c.before(), after, c.scn(), c.address(), c.ssn(),
        c.rowId(), c.timestamp());
  }

  private static String key(String rowId, int column) {
    return rowId + "#" + column;
  }

  /** Open transactions with LOB state, for tests. */
  List<Xid> transactions() {
    return new ArrayList<>(open.keySet());
  }
}
