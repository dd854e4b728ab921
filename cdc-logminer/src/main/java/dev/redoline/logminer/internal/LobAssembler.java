package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.LobPlaceholders.isPlaceholder;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoRow;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.decoder.internal.LobPiece;
import dev.redoline.decoder.internal.RedoDecoder;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Assembles the content of LOB columns from the LOB rows of each transaction, in redo order, into
 * the change they belong to (docs/logminer.md#lob-xml-and-extended-string-rows):
 *
 * <pre>
 * INSERT           insert into "S"."DOCS"("ID","BODY") values ('7',EMPTY_CLOB());   change A, held back
 * SEL_LOB_LOCATOR  ... select "BODY" into loc_c from "S"."DOCS" where "ID" = '7' for update;
 * LOB_WRITE         buf_c := 'Dear ...'; dbms_lob.write(loc_c, 2048, 1, buf_c);
 * LOB_WRITE         buf_c := '...'; dbms_lob.write(loc_c, 900, 2049, buf_c);
 * (next row of the transaction, or its COMMIT)                 A, with BODY = 'Dear ......', to the buffer
 * </pre>
 *
 * <h2>Which change</h2>
 *
 * A change whose after image shows {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()} is held back: a
 * locator of the same row and one of those columns that follows it completes it, the content
 * starting empty. Any other locator (a PL/SQL DBMS_LOB call on an existing row) becomes an UPDATE
 * change of its own, its before image the locator's where clause and its after image that plus the
 * column; its content is known only when this transaction set the LOB earlier, a trim to 0 empties
 * it, or writes from offset 1 without a hole and a trim to their length make it whole (a SecureFile
 * UPDATE, {@link LobTarget#rebuild}); otherwise the column is {@link Absent#NOT_LOGGED}: never a
 * stale or partial value. A transaction reloaded from the journal after a restart knows what its
 * reloaded changes set ({@link ReloadedLobValues}); rows the journal already holds that the restart
 * reads again are ignored here as the buffer ignores them. A write from offset 1 with no locator
 * before it (BasicFile LOBs out of row) completes the held change of its row, in a column {@link
 * LobWriteWithoutLocator} finds, or, with no such change yet, waits for the INSERT of its row (the
 * transaction's next DML row; else CDC-3006 at the commit). Any other write, trim, erase or XML
 * write with no locator before it is CDC-3006 at once, but when it is the first row of its
 * transaction this run read: that may be a delivered transaction read again in part after a
 * restart, so it is judged at the commit ({@link #tail}).
 *
 * <h2>When it reaches the buffer</h2>
 *
 * Once, when the statement's LOB rows end: at the transaction's next other row (DML, ROLLBACK=1
 * row, COMMIT), which calls {@link #end} first. So each statement gives exactly one change, the
 * same whatever the step boundaries, and the rows kept back are {@linkplain TransactionBuffer#hold
 * held} in the buffer: they count for the restart position, and the journal takes the transaction
 * only up to the row before the first of them, so a restart reads them again together. What is kept
 * back on the heap is bounded per transaction by the stream threshold for a CLOB, NCLOB or BLOB
 * (past it the content is in a file) and by {@code cdc.lob.max.bytes} for an XMLTYPE, JSON or
 * extended string. One exception: BasicFile writes that come before their INSERT wait on the heap,
 * bounded only by {@code cdc.lob.max.bytes}, so that an excluded column's content never reaches a
 * file before its column is known.
 *
 * <h2>Rollbacks, exclusion, size</h2>
 *
 * A ROLLBACK=1 row ends the statement first, so the buffer's undo removes the newest change of the
 * row with its LOB content, as it removes any change (the LOB savepoint rule), and what was known
 * of the row's LOBs before that change is known again. A column excluded (or hashed or truncated)
 * by configuration is {@link Absent#EXCLUDED}: its writes are never decoded. Content past {@code
 * cdc.lob.max.bytes} becomes {@link Marker#LOB_OVER_LIMIT} and the rest of its writes are never
 * decoded. Writes without a locator are the exception: they are decoded, their content dropped at
 * once, because a write from offset 1 among them starts the next column's value.
 *
 * <h2>Streaming</h2>
 *
 * A CLOB, NCLOB or BLOB whose content would grow past the stream threshold (the lower of {@code
 * cdc.lob.stream.threshold.bytes} and the buffer's memory budget) moves, before that write, from
 * the heap into a {@link dev.redoline.buffer.internal.LobFile} of the buffer's spill directory
 * ({@link LobContent#moveTo}); its later writes, trims and erases are applied in the file, and the
 * change carries a {@link dev.redoline.core.StreamedLob} over it. XMLTYPE, JSON and extended
 * strings, which are converted or bounded as whole values, stay on the heap, at most {@link
 * #HEAP_LIMIT} bytes.
 *
 * <p>Past 400 lines because the held-back change, the LOB being written and what the transaction
 * knows of its rows' values are one state per transaction ({@link LobTransaction}) that every LOB
 * and DML row reads and changes through this class. The parts that are rules of their own are
 * classes of their own: the LOB being written and how an unknown value becomes whole ({@link
 * LobTarget}), folding the 23 Free DML forms ({@link LobDmlFolding}), writes without a locator
 * ({@link LobWriteWithoutLocator}), the markers ({@link LobPlaceholders}), the content ({@link
 * LobContent}), the reloaded values ({@link ReloadedLobValues}) and JSON text ({@link
 * JsonColumns}).
 */
final class LobAssembler {

  /**
   * The most a value kept whole on the heap (XMLTYPE, JSON, extended string) may store: arrays are
   * int-indexed.
   */
  static final long HEAP_LIMIT = Integer.MAX_VALUE - 16;

  private final TransactionBuffer buffer;

  /** {@code cdc.lob.max.bytes}, {@link Long#MAX_VALUE} for 0 (no bound). */
  private final long maxBytes;

  private final long streamThreshold;

  /**
   * False with UPDATE in {@code cdc.skipped.operations}: DBMS_LOB calls on existing rows make no
   * change.
   */
  private final boolean ownUpdates;

  private final Map<Xid, LobTransaction> open = new HashMap<>();

  /** Errors found when a statement ended ({@link #failures}). */
  private final java.util.List<OutOfPlace> failures = new java.util.ArrayList<>();

  /** The LOB columns of a table's layout version. */
  @SuppressWarnings("ArrayRecordComponent") // a map value, never compared or hashed
  private record LobColumns(TableLayout layout, int[] columns) {}

  /** The LOB columns of each table's latest layout version seen (none for most tables). */
  private final Map<dev.redoline.core.TableId, LobColumns> lobColumns = new HashMap<>();

  /**
   * @param maxBytes {@code cdc.lob.max.bytes}, 0 for no bound
   * @param streamThreshold stored bytes past which a CLOB, NCLOB or BLOB moves to a file
   */
  LobAssembler(TransactionBuffer buffer, long maxBytes, long streamThreshold, boolean ownUpdates) {
    this.buffer = buffer;
    this.maxBytes = maxBytes == 0 ? Long.MAX_VALUE : maxBytes;
    this.streamThreshold = streamThreshold;
    this.ownUpdates = ownUpdates;
  }

  /**
   * A DML row of {@code xid} was skipped ({@code cdc.skipped.operations}): the LOB rows after it,
   * up to the transaction's next DML row, complete a change nobody receives, so they are ignored.
   */
  void skipped(Xid xid) {
    end(xid);
    open.computeIfAbsent(xid, k -> new LobTransaction()).skipping = true;
  }

  /**
   * Decodes the LOB rows of a step, before any of it is applied: one result per row, {@link
   * DecodedRow.Lob} or {@link DecodedRow.Failed} for a LOB row decoded, {@link
   * DecodedRow.Undecoded} for any other row (not a LOB row, not captured, or a write nothing would
   * use, which stays undecoded).
   */
  List<DecodedRow> decode(
      List<RedoRow> rows,
      Function<RedoRow, TableLayout> layouts,
      RedoDecoder decoder,
      Predicate<RedoRow> skipped) {
    return decode(rows, layouts, decoder, skipped, new HashMap<>());
  }

  /**
   * Decodes a chunk of a step's LOB rows; {@code skipWrites} carries, from the step's earlier
   * chunks, whether each transaction's writes go to a LOB nothing uses, so a step decoded in chunks
   * decodes what it would decode whole ({@link LobRowDecoding}).
   */
  List<DecodedRow> decode(
      List<RedoRow> rows,
      Function<RedoRow, TableLayout> layouts,
      RedoDecoder decoder,
      Predicate<RedoRow> skipped,
      Map<Xid, Boolean> skipWrites) {
    return LobRowDecoding.decode(rows, layouts, decoder, skipped, skipWrites, this::skipsWrites);
  }

  private boolean skipsWrites(Xid xid) {
    LobTransaction tx = open.get(xid);
    return tx != null && tx.target != null && tx.target.skipsWrites();
  }

  /**
   * Whether {@code change} of {@code row} is kept back, because its image shows a LOB marker that
   * the LOB rows after it may complete ({@link #end} was called before). A change without such a
   * marker costs a scan of its image and nothing more.
   */
  boolean holds(RedoRow row, Change change, java.util.function.Supplier<TableLayout> layout) {
    LobColumns known = lobColumnsOf(change, layout);
    int[] lobs = known.columns();
    if (lobs.length == 0 || buffer.journalHolds(row.xid(), row.address())) {
      return false; // or read again after a restart: the journal holds it, and the buffer ignores
      // it
    }
    LobTransaction tx = open.computeIfAbsent(row.xid(), k -> new LobTransaction());
    tx.noteChange(change.rowId());
    tx.remember(change, lobs, known.layout());
    boolean adopts =
        change.operation() == Operation.INSERT
            && !tx.early.isEmpty()
            && tx.early.get(0).layout.table().equals(change.table())
            && tx.early.get(0).locator.rowId().equals(change.rowId());
    if (change.after() == null
        || !LobPlaceholders.hasPlaceholder(change.after())
            && change.operation() != Operation.UPDATE
            && !adopts
            && !LobWriteWithoutLocator.leavesLobOut(change, known.layout())) {
      return false; // an UPDATE is kept back too: a second row of its statement may follow
    }
    if (buffer.hold(row.xid(), row.scn(), row.address(), true)) {
      tx.pending = change;
      if (adopts) { // its values came first: placed when its statement ends
        tx.unresolved.addAll(tx.early);
        tx.early.clear();
        tx.earlyWaited = false;
      }
    }
    return true;
  }

  private LobColumns lobColumnsOf(Change change, java.util.function.Supplier<TableLayout> layout) {
    LobColumns known = lobColumns.get(change.table());
    if (known == null || known.layout().version() != change.layoutVersion()) {
      TableLayout l = layout.get();
      known = new LobColumns(l, LobPlaceholders.lobColumns(l));
      lobColumns.put(change.table(), known);
    }
    return known;
  }

  /**
   * Whether {@code change}, read from {@code row} before {@link #end} for it, is the second DML row
   * of the statement whose change is held back, and is folded into it (docs/record-format.md, "LOB
   * values"): an UPDATE of the same row that sets LOB columns only, each of them still {@code
   * EMPTY_CLOB()}/{@code EMPTY_BLOB()} or not set in the held change, which is an INSERT or an
   * UPDATE at the same SCN. That is how a real 23 Free writes an INSERT with LOB values stored in
   * the row (or NULL) and an UPDATE of a LOB and another column. The held change stays held, now
   * carrying the UPDATE's LOB values.
   */
  boolean folds(RedoRow row, Change change, java.util.function.Supplier<TableLayout> layout) {
    LobTransaction tx = open.get(row.xid());

    if (change.operation() != Operation.UPDATE
        || tx == null
        || tx.pending == null
        || tx.skipping
        || tx.inTail
        || tx.target != null && !tx.target.completes && !tx.target.excluded
        || buffer.journalHolds(row.xid(), row.address())) {
      return false;
    }
    LobColumns known = lobColumnsOf(change, layout);
    if (tx.target != null) {
      place(row.xid(), tx); // the LOB written so far completes the held change first (or, excluded,
      // makes no change)
      tx.target = null;
    }
    Change p = tx.pending;
    Change folded = LobDmlFolding.fold(p, change, known.columns());
    if (folded == null) {
      return false;
    }
    buffer.hold(row.xid(), row.scn(), row.address(), true);
    tx.pending = folded;
    tx.remember(tx.pending, known.columns(), known.layout());
    java.util.ArrayDeque<LobTransaction.Noted> noted =
        p.rowId() == null ? null : tx.beforeChanges.get(p.rowId());
    if (noted != null && !noted.isEmpty()) {
      noted.peekLast().foldedRows++;
    }
    return true;
  }

  /**
   * Whether an undo row of {@code rowId} undoes a DML row folded into a change that an undo row
   * just removed ({@link #folds}): it removes nothing more. Counts for the restart position.
   */
  boolean absorbsUndo(RedoRow row, String rowId) {
    LobTransaction tx = open.get(resolve(row.xid()));
    if (tx == null || !tx.absorbUndo(rowId)) {
      return false;
    }
    buffer.hold(row.xid(), row.scn(), row.address(), false);
    return true;
  }

  /**
   * The transaction's LOB statement, if any, ends: its change goes into the buffer. Called before
   * any other row of the transaction is applied.
   */
  void end(Xid rowXid) {
    Xid xid = resolve(rowXid);
    LobTransaction tx = open.get(xid);
    if (tx == null) {
      return;
    }
    if (tx.target != null) {
      place(xid, tx);
      tx.target = null;
    }
    if (!tx.early.isEmpty() && tx.earlyWaited) {
      lostEarly(xid, tx); // a statement went by, and no INSERT of their row adopted them
    } else {
      tx.earlyWaited = !tx.early.isEmpty(); // the INSERT they wait for is the next row
    }
    flushPending(xid, tx);
    tx.skipping = false;
    tx.inTail = false;
    tx.absorbing.clear();
    buffer.release(xid);
  }

  /** The early values of {@code tx} belong to no change: CDC-3006, judged at the commit. */
  private void lostEarly(Xid xid, LobTransaction tx) {
    if (tx.earlyLost == null) {
      tx.earlyLost =
          new OutOfPlace(
              tx.early.get(0).locator,
              outOfPlace(tx.early.get(0).locator, tx.early.get(0).layout.table()));
    }
    release(xid, tx.early);
    tx.early.clear();
    tx.earlyWaited = false;
  }

  private void release(Xid xid, java.util.List<LobTarget> values) {
    for (LobTarget t : values) {
      if (t.content != null && t.content.inFile()) {
        buffer.releaseLob(xid, t.content.file());
      }
    }
  }

  private static DecodeException outOfPlace(RedoRow row, dev.redoline.core.TableId table) {
    return new DecodeException(
        ErrorCode.LOB_ROW_OUT_OF_PLACE,
        row.operation()
            + " row with no "
            + "SEL_LOB_LOCATOR or XML DOC BEGIN before it in transaction "
            + row.xid(),
        table,
        null,
        -1,
        null,
        null);
  }

  private void flushPending(Xid xid, LobTransaction tx) {
    placeUnresolved(xid, tx);
    if (tx.pending != null) {
      buffer.add(xid, tx.pending);
      tx.pending = null;
    }
  }

  /**
   * After a ROLLBACK=1 row of {@code rowId}, which removed the row's newest change from the buffer
   * ({@code removed}): when this run put that change there, what was known of the row's LOBs before
   * it is known again (a DBMS_LOB write after a ROLLBACK TO SAVEPOINT builds on it); otherwise what
   * this transaction knew of the row's LOBs may be what was undone.
   */
  void undone(Xid rowXid, String rowId, boolean removed) {
    LobTransaction tx = open.get(resolve(rowXid));
    if (tx != null) {
      String prefix = rowId + "#";
      tx.known.keySet().removeIf(k -> rowId == null || k.startsWith(prefix));
      java.util.ArrayDeque<LobTransaction.Noted> before =
          rowId == null ? null : tx.beforeChanges.get(rowId);
      if (!removed && before != null) {
        before.clear(); // the buffer removed nothing: which change was undone is not known
      }
      if (before != null && !before.isEmpty()) {
        // the undone change is one this run put into the buffer: what was known before it holds
        // again
        LobTransaction.Noted undone = before.removeLast();
        tx.known.putAll(undone.known);
        if (undone.foldedRows > 0) {
          tx.absorbing.put(rowId, undone.foldedRows); // the undo rows of its other DML rows follow
        }
        return;
      }
      if (rowId == null) {
        tx.beforeChanges.clear();
        tx.allUndone = true;
      } else {
        tx.undoneRows.add(rowId);
      }
    }
  }

  /**
   * A LOB row with no locator before it that was the first row of its transaction this run read,
   * and the error it makes.
   */
  record OutOfPlace(RedoRow row, DecodeException error) {}

  /**
   * The out-of-place LOB row kept for {@code xid}, or {@code null}: call at its COMMIT, before
   * {@link #forget}. A restart reads again the rows of a transaction delivered before the start
   * position that lie after the resume address (another transaction's first row holds it back), and
   * that address may fall between a LOB statement's locator and its writes; whether the row is an
   * error is known only at the commit, which is then at or before the start position's.
   */
  OutOfPlace tail(Xid xid) {
    LobTransaction tx = open.get(resolve(xid));
    if (tx == null) {
      return null;
    }
    if (tx.tail == null && tx.earlyLost == null && !tx.early.isEmpty()) {
      lostEarly(resolve(xid), tx); // values written before an INSERT that never came
    }
    return tx.tail != null ? tx.tail : tx.earlyLost;
  }

  /** The transaction committed, rolled back or was dropped. */
  void forget(Xid xid) {
    open.remove(resolve(xid));
  }

  /**
   * The key of the transaction a row belongs to: undo rows of a transaction begun before the
   * LogMiner session carry its XID with the sequence {@code ffffffff} (docs/logminer.md#columns).
   */
  private Xid resolve(Xid xid) {
    if (!xid.hasUnknownSequence() || open.containsKey(xid)) {
      return xid;
    }
    for (Xid known : open.keySet()) {
      if (known.matches(xid)) {
        return known;
      }
    }
    return xid;
  }

  /**
   * Applies one decoded LOB row.
   *
   * @throws DecodeException CDC-3006 for a write, trim, erase or XML write with no locator before
   *     it
   */
  void apply(
      RedoRow row, LobPiece piece, TableLayout layout, Instant time, boolean firstOfTransaction) {
    LobTransaction tx = open.computeIfAbsent(row.xid(), k -> new LobTransaction());
    if (tx.skipping || tx.inTail && !(piece instanceof LobPiece.Locator)) {
      return;
    }
    if (!buffer.hold(row.xid(), row.scn(), row.address(), true)) {
      return; // read again after a restart: the journal holds the change it made
    }
    if (piece instanceof LobPiece.Locator l) {
      tx.inTail = false;
      if (tx.target != null) {
        place(row.xid(), tx); // the held-back change stays: another of its LOB columns may follow
      }
      tx.target = locate(tx, row, l, layout, time);
      return;
    }
    LobTarget t = tx.target;
    if (t == null || t.inferred && t.startsAnotherValue(piece)) {
      if (t != null) {
        place(row.xid(), tx); // the column before it is complete
        tx.target = null;
      }
      t = LobWriteWithoutLocator.find(tx, row, piece, layout, time);
      if (t == null) {
        t = LobWriteWithoutLocator.early(row, piece, layout, time);
      }
      tx.target = t;
    }
    if (piece instanceof LobPiece.End) {
      if (t != null) {
        place(row.xid(), tx);
        tx.target = null;
      }
      return;
    }
    if (t == null) {
      DecodeException e = outOfPlace(row, layout.table());
      if (!firstOfTransaction) {
        throw e;
      }
      tx.tail = new OutOfPlace(row, e); // judged at the commit: see tail()
      tx.inTail = true;
      return;
    }
    if (piece instanceof LobPiece.Write) {
      t.written = true;
    }
    if (t.dropsWrites()) {
      return;
    }
    if (t.content == null) {
      t.rebuild(piece, Math.min(limit(t), streamThreshold));
      return;
    }
    if (piece instanceof LobPiece.Write w) {
      if (w.offset() == 0) {
        t.content.append((String) w.data()); // XML DOC WRITE: the document continues
      } else {
        long after = t.content.storedBytesAfterWrite(w.offset(), w.data());
        if (after > limit(t)) {
          over(row.xid(), t); // never applied: a hole this far would be written for nothing
          return;
        }
        // an early value stays on the heap: its column, perhaps an excluded one, is not known yet
        if (t.streams && !t.early && !t.content.inFile() && after > streamThreshold) {
          t.content.moveTo(buffer.newLobFile(row.xid(), t.content.isCharacter()));
        }
        t.content.write(w.offset(), w.data());
      }
    } else if (piece instanceof LobPiece.Trim trim) {
      t.content.trim(trim.length());
    } else if (piece instanceof LobPiece.Erase erase) {
      t.content.erase(erase.offset(), erase.amount());
    }
    if (t.content.storedBytes() > limit(t)) {
      over(row.xid(), t);
    }
  }

  /**
   * The most the target's value may store: {@code cdc.lob.max.bytes}, and the heap's bound for what
   * stays on it.
   */
  private long limit(LobTarget t) {
    return t.streams ? maxBytes : Math.min(maxBytes, HEAP_LIMIT);
  }

  /** The value is past the limit: {@link Marker#LOB_OVER_LIMIT}, its file (if any) deleted now. */
  private void over(Xid xid, LobTarget t) {
    if (t.content.inFile()) {
      buffer.releaseLob(xid, t.content.file());
    }
    t.over = true;
    t.content = null;
  }

  private LobTarget locate(
      LobTransaction tx, RedoRow row, LobPiece.Locator l, TableLayout layout, Instant time) {
    LobTarget t = new LobTarget(l.column(), l.where(), layout, row, time, l.excluded());
    OracleType type = layout.column(l.column()).type();
    Change pending = tx.pending;
    Object slot = pending == null ? null : pending.after().get(l.column());
    if (isPlaceholder(slot) && sameRow(pending, row, l, layout)) {
      t.completes = true;
      t.content = LobPlaceholders.emptyContent(type);
    } else {
      Object before = knownValue(row.xid(), tx, layout, row.rowId(), l.column());
      if (l.whole()) {
        t.content = LobPlaceholders.emptyContent(type);
      } else if (before instanceof StreamedLob s) {
        // a copy: the change that set it keeps its value while this call changes the row's
        t.content = LobContent.copyOf(s, buffer.newLobFile(row.xid(), s.isCharacter()));
      } else {
        t.content = before != null ? LobContent.of(before) : null;
      }
    }
    return t;
  }

  /**
   * The whole value of a row's LOB column as this transaction last set it, or {@code null}: what
   * this run saw, else, for a transaction reloaded from the journal, what its reloaded changes
   * carry (unless an undo row of this run touched the row since).
   */
  private Object knownValue(
      Xid xid, LobTransaction tx, TableLayout layout, String rowId, int column) {
    String key = LobTransaction.key(rowId, column);
    Object v = tx.known.get(key);
    if (v == null && !tx.allUndone && !tx.undoneRows.contains(rowId)) {
      v =
          tx.reloaded
              .computeIfAbsent(
                  layout.table(),
                  t ->
                      ReloadedLobValues.read(
                          buffer.reloadedChanges(xid), layout, LobPlaceholders.lobColumns(layout)))
              .get(key);
    }
    return v == LobTransaction.UNKNOWN ? null : v;
  }

  private static boolean sameRow(
      Change change, RedoRow row, LobPiece.Locator l, TableLayout layout) {
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

  /**
   * Puts the target's content, as far as it is known, into its change; a value whose column is not
   * chosen yet waits for the statement's end ({@link #placeUnresolved}).
   */
  private void place(Xid xid, LobTransaction tx) {
    LobTarget t = tx.target;
    if (t.early) {
      tx.early.add(t);
      return;
    }
    if (t.unresolved) {
      tx.unresolved.add(t);
      return;
    }
    placeAt(xid, tx, t, t.column);
  }

  /**
   * The statement ends: the values written without a locator that several columns of the held
   * change could take go to their columns in order, or, when the numbers do not tell, the change
   * keeps the markers it showed and the first of their rows is rejected with CDC-3050 ({@link
   * #failures}).
   */
  private void placeUnresolved(Xid xid, LobTransaction tx) {
    if (tx.unresolved.isEmpty()) {
      return;
    }
    java.util.List<LobTarget> values = new java.util.ArrayList<>(tx.unresolved);
    tx.unresolved.clear();
    int[] columns;
    try {
      columns = LobWriteWithoutLocator.resolve(tx.pending, values.get(0).layout, values);
    } catch (DecodeException e) {
      release(xid, values);
      failures.add(new OutOfPlace(values.get(0).locator, e));
      return;
    }
    for (int i = 0; i < values.size(); i++) {
      if (tx.pending.after().get(columns[i]) == Absent.EXCLUDED) {
        release(xid, List.of(values.get(i))); // the one column it can be: excluded, never shown
      } else {
        placeAt(xid, tx, values.get(i), columns[i]);
      }
    }
  }

  /**
   * The rows whose errors came up when a statement ended rather than when the row was applied
   * ({@link #placeUnresolved}), oldest first; the list is emptied. The caller rejects them.
   */
  java.util.List<OutOfPlace> failures() {
    if (failures.isEmpty()) {
      return java.util.List.of();
    }
    java.util.List<OutOfPlace> out = java.util.List.copyOf(failures);
    failures.clear();
    return out;
  }

  private void placeAt(Xid xid, LobTransaction tx, LobTarget t, int column) {
    Object value = t.value();
    boolean known =
        value instanceof String || value instanceof Bytes || value instanceof StreamedLob;
    if (!t.completes && !t.excluded && ownUpdates) {
      tx.noteChange(t.locator.rowId()); // an UPDATE of its own follows: what was known before it
    }
    tx.known.put(
        LobTransaction.key(t.locator.rowId(), column),
        known ? value : LobTransaction.UNKNOWN); // as written: JSON stays bytes
    value = JsonColumns.asText(value, t.layout, column);
    if (t.completes) {
      tx.pending = LobTarget.withColumn(tx.pending, column, value);
      return;
    }
    if (t.excluded || !ownUpdates) {
      return; // an UPDATE of nothing but an excluded column says nothing; skipped UPDATEs make none
    }
    flushPending(xid, tx); // the DML came first
    buffer.add(xid, t.ownUpdate(value));
  }
}
