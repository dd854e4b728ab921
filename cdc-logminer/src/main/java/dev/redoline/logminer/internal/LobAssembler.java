package dev.redoline.logminer.internal;

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
import dev.redoline.core.Row;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.decoder.internal.LobPiece;
import dev.redoline.decoder.internal.RedoDecoder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
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
 * UPDATE, {@link #rebuild}); otherwise the column is {@link Absent#NOT_LOGGED}: never a stale or
 * partial value. A transaction reloaded from the journal after a restart knows what its reloaded
 * changes set ({@link ReloadedLobValues}); rows the journal already holds that the restart reads
 * again are ignored here as the buffer ignores them. A write, trim, erase or XML write with no
 * locator before it is CDC-3006 at once, but when it is the first row of its transaction this run
 * read: that may be a delivered transaction read again in part after a restart, so it is judged at
 * the commit ({@link #tail}).
 *
 * <h2>When it reaches the buffer</h2>
 *
 * Once, when the statement's LOB rows end: at the transaction's next other row (DML, ROLLBACK=1
 * row, COMMIT), which calls {@link #end} first. So each statement gives exactly one change, the
 * same whatever the step boundaries, and the rows kept back are {@linkplain TransactionBuffer#hold
 * held} in the buffer: they count for the restart position, and the transaction is not journaled
 * while it has them. What is kept back on the heap is bounded per transaction by the stream
 * threshold for a CLOB, NCLOB or BLOB (past it the content is in a file) and by {@code
 * cdc.lob.max.bytes} for an XMLTYPE, JSON or extended string.
 *
 * <h2>Rollbacks, exclusion, size</h2>
 *
 * A ROLLBACK=1 row ends the statement first, so the buffer's undo removes the newest change of the
 * row with its LOB content, as it removes any change (the LOB savepoint rule), and what was known
 * of the row's LOBs before that change is known again. A column excluded (or hashed or truncated)
 * by configuration is {@link Absent#EXCLUDED}: its writes are never decoded. Content past {@code
 * cdc.lob.max.bytes} becomes {@link Marker#LOB_OVER_LIMIT} and the rest of its writes are never
 * decoded.
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
 * knows of its rows' values are one state per transaction that every LOB and DML row reads and
 * changes; the pure parts (the content, the reloaded values, JSON text) are classes of their own.
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
     * Found from the held change, not named by a locator ({@link #withoutLocator}): a write from
     * offset 1 after content starts the value of another column.
     */
    boolean inferred;

    Target(
        int column,
        Row where,
        TableLayout layout,
        RedoRow locator,
        Instant time,
        boolean excluded) {
      this.column = column;
      this.where = where;
      this.layout = layout;
      this.locator = locator;
      this.time = time;
      this.excluded = excluded;
      OracleType.Kind kind = layout.column(column).type().kind();
      this.streams =
          kind == OracleType.Kind.CLOB
              || kind == OracleType.Kind.NCLOB
              || kind == OracleType.Kind.BLOB;
    }

    /** Whether the writes need not be decoded: nothing of them would be used. */
    boolean skipsWrites() {
      return excluded || over;
    }
  }

  /** Per transaction with LOB rows: the change held back, the LOB being written, values it set. */
  private static final class Tx {
    Change pending;
    Target target;

    /** The LOB rows until the transaction's next DML row belong to a skipped change: ignored. */
    boolean skipping;

    /**
     * The first LOB row of a statement whose locator this run did not read, when it was the first
     * row of the transaction this run read: the tail of a transaction begun before the start
     * position ({@link #tail}). The statement's later LOB rows are ignored with it.
     */
    OutOfPlace tail;

    /** Whether the LOB rows being read belong to {@link #tail}'s statement. */
    boolean inTail;

    /**
     * Per {@link #key}, the value this run last saw set, or {@link #UNKNOWN} when it saw it become
     * unknown.
     */
    final Map<String, Object> known = new HashMap<>();

    /**
     * Per row (ROW_ID), what {@link #known} held of its LOBs before each of its changes this run
     * put into the buffer, newest last: an undo row removes the row's newest change from the
     * buffer, and restores with it what was known before that change ({@link #undone}).
     */
    final Map<String, java.util.ArrayDeque<Noted>> beforeChanges = new HashMap<>();

    /**
     * Per row (ROW_ID), how many more undo rows belong to the statement whose change an undo row
     * just removed: the statement came as several DML rows folded into one change ({@link #folds}),
     * and each row has its undo row. Cleared at the transaction's next other row ({@link #end}).
     */
    final Map<String, Integer> absorbing = new HashMap<>();

    /**
     * Rows (ROW_IDs) an undo row of this run touched: what the journal's changes tell of them may
     * be undone.
     */
    final Set<String> undoneRows = new HashSet<>();

    /** An undo row without a ROW_ID: nothing from the journal's changes holds. */
    boolean allUndone;

    /**
     * Per table, what the changes reloaded from the journal tell ({@link ReloadedLobValues}), read
     * once.
     */
    final Map<dev.redoline.core.TableId, Map<String, Object>> reloaded = new HashMap<>();
  }

  /**
   * What {@link Tx#known} held of a row's LOBs before one of its changes went into the buffer, and
   * how many DML rows besides its own that change folded in ({@link #folds}).
   */
  private static final class Noted {
    final Map<String, Object> known;
    int foldedRows;

    Noted(Map<String, Object> known) {
      this.known = known;
    }
  }

  /** In {@link Tx#known}: the value became unknown (a change that does not carry it, a delete). */
  static final Object UNKNOWN = new Object();

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

  private final Map<Xid, Tx> open = new HashMap<>();

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
    open.computeIfAbsent(xid, k -> new Tx()).skipping = true;
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
   * decodes what it would decode whole.
   */
  List<DecodedRow> decode(
      List<RedoRow> rows,
      Function<RedoRow, TableLayout> layouts,
      RedoDecoder decoder,
      Predicate<RedoRow> skipped,
      Map<Xid, Boolean> skipWrites) {
    List<DecodedRow> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      RedoRow row = rows.get(i);
      out.add(new DecodedRow.Undecoded(row)); // unless decoded below
      if (!row.isLobRow()) {
        if (row.operationCode() >= INSERT && row.operationCode() <= UPDATE) {
          // a DML row ends the LOB statement: writes with no locator after it are its own
          skipWrites.put(row.xid(), false);
        }
        continue;
      }
      if (row.rollback() || skipped.test(row)) {
        continue; // a LOB row with ROLLBACK=1 undoes nothing the buffer holds: its DML undo row
        // does
      }
      TableLayout layout = layouts.apply(row);
      if (layout == null) {
        continue;
      }
      boolean write =
          row.operationCode() == LOB_WRITE
              || row.operationCode() == XML_WRITE
              || row.operationCode() == EXTENDED_WRITE;
      if (write && skipWrites.computeIfAbsent(row.xid(), this::skipsWrites)) {
        continue;
      }
      try {
        LobPiece piece = decoder.decodeLob(row.operationCode(), row.sqlRedo(), layout);
        if (piece instanceof LobPiece.Locator l) {
          skipWrites.put(row.xid(), l.excluded());
        }
        out.set(i, new DecodedRow.Lob(row, piece));
      } catch (DecodeException e) {
        out.set(i, new DecodedRow.Failed(row, e));
      }
    }
    return out;
  }

  /** OPERATION_CODEs of INSERT and UPDATE; DELETE (2) lies between them. */
  private static final int INSERT = 1;

  private static final int UPDATE = 3;

  /** OPERATION_CODEs of the writes, the only LOB rows that carry data. */
  private static final int LOB_WRITE = 10;

  private static final int XML_WRITE = 70;
  private static final int EXTENDED_WRITE = 92;

  private boolean skipsWrites(Xid xid) {
    Tx tx = open.get(xid);
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
    Tx tx = open.computeIfAbsent(row.xid(), k -> new Tx());
    noteChange(tx, change.rowId());
    remember(tx, change, lobs, known.layout());
    if (change.after() == null
        || !hasLobMarker(change.after()) && change.operation() != Operation.UPDATE) {
      return false; // an UPDATE is kept back too: a second row of its statement may follow
    }
    if (buffer.hold(row.xid(), row.scn(), row.address(), true)) {
      open.get(row.xid()).pending = change;
    }
    return true;
  }

  private LobColumns lobColumnsOf(Change change, java.util.function.Supplier<TableLayout> layout) {
    LobColumns known = lobColumns.get(change.table());
    if (known == null || known.layout().version() != change.layoutVersion()) {
      TableLayout l = layout.get();
      known = new LobColumns(l, lobColumns(l));
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
    Tx tx = open.get(row.xid());

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
    if (!foldable(tx.pending, change, known)) {
      return false;
    }
    buffer.hold(row.xid(), row.scn(), row.address(), true);
    Row.Builder after = tx.pending.after().toBuilder();
    for (int column : known.columns()) {
      if (sets(change, column)) {
        after.set(column, change.after().get(column));
      }
    }
    Change p = tx.pending;
    tx.pending =
        new Change(
            p.operation(),
            p.table(),
            p.layoutVersion(),
            p.before(),
            after.build(),
            p.scn(),
            p.address(),
            p.ssn(),
            p.rowId(),
            p.timestamp());
    remember(tx, tx.pending, known.columns(), known.layout());
    java.util.ArrayDeque<Noted> noted = p.rowId() == null ? null : tx.beforeChanges.get(p.rowId());
    if (noted != null && !noted.isEmpty()) {
      noted.peekLast().foldedRows++;
    }
    return true;
  }

  /** Whether {@code second} is the second DML row of {@code held}'s statement ({@link #folds}). */
  private static boolean foldable(Change held, Change second, LobColumns known) {
    if (!held.table().equals(second.table())
        || held.layoutVersion() != second.layoutVersion()
        || held.operation() == Operation.UPDATE && !held.scn().equals(second.scn())
        || held.operation() != Operation.UPDATE && held.operation() != Operation.INSERT) {
      return false;
    }
    boolean[] lob = new boolean[second.after().size()];
    boolean setsLob = false;
    for (int column : known.columns()) {
      lob[column] = true;
      if (sets(second, column)) {
        setsLob = true;
        if (held.after().isPresent(column) && !isPlaceholder(held.after().get(column))) {
          return false; // the held statement set it already: a statement of its own
        }
      }
    }
    if (!setsLob) {
      return false;
    }
    boolean sameRowId =
        !InternalRowIds.empty(held.rowId()) && !InternalRowIds.empty(second.rowId());
    if (sameRowId && !held.rowId().equals(second.rowId())) {
      return false;
    }
    boolean compared = sameRowId;
    for (int i = 0; i < lob.length; i++) {
      if (lob[i]) {
        continue;
      }
      if (sets(second, i)) {
        return false; // it sets another column
      }
      if (!sameRowId && second.before().isPresent(i) && held.after().isPresent(i)) {
        if (!Objects.deepEquals(second.before().get(i), held.after().get(i))) {
          return false; // another row
        }
        compared = true;
      }
    }
    return compared;
  }

  /** Whether the UPDATE {@code change} sets {@code column}: in its SET clause, not only WHERE. */
  private static boolean sets(Change change, int column) {
    return change.after().isPresent(column)
        && (!change.before().isPresent(column)
            || !Objects.deepEquals(change.before().get(column), change.after().get(column)));
  }

  /**
   * Whether an undo row of {@code rowId} undoes a DML row folded into a change that an undo row
   * just removed ({@link #folds}): it removes nothing more. Counts for the restart position.
   */
  boolean absorbsUndo(RedoRow row, String rowId) {
    Tx tx = open.get(resolve(row.xid()));
    Integer left = tx == null ? null : tx.absorbing.get(rowId);
    if (left == null) {
      return false;
    }
    if (left > 1) {
      tx.absorbing.put(rowId, left - 1);
    } else {
      tx.absorbing.remove(rowId);
    }
    buffer.hold(row.xid(), row.scn(), row.address(), false);
    return true;
  }

  /**
   * A change of row {@code rowId} goes into the buffer: what was known of its LOBs before it is
   * kept.
   */
  private static void noteChange(Tx tx, String rowId) {
    if (rowId == null) {
      return;
    }
    String prefix = rowId + "#";
    Map<String, Object> before = new HashMap<>();
    tx.known.forEach(
        (k, v) -> {
          if (k.startsWith(prefix)) {
            before.put(k, v);
          }
        });
    tx.beforeChanges
        .computeIfAbsent(rowId, r -> new java.util.ArrayDeque<>())
        .addLast(new Noted(before));
  }

  /**
   * What the change tells of its row's LOB values, for DBMS_LOB calls on it later in the
   * transaction.
   */
  private static void remember(Tx tx, Change change, int[] lobs, TableLayout layout) {
    for (int column : lobs) {
      String key = key(change.rowId(), column);
      Object v = change.after() == null ? null : change.after().get(column);
      boolean json = layout.column(column).type().kind() == OracleType.Kind.JSON;
      if (v instanceof Bytes
          || v instanceof StreamedLob
          || v instanceof String && !json) { // a JSON column's text is not its stored bytes
        tx.known.put(key, v);
      } else if (change.after() == null || change.after().isPresent(column)) {
        tx.known.put(key, UNKNOWN);
      }
    }
  }

  private static int[] lobColumns(TableLayout layout) {
    return java.util.stream.IntStream.range(0, layout.columns().size())
        .filter(
            i -> {
              OracleType.Kind k = layout.column(i).type().kind();
              return k == OracleType.Kind.CLOB
                  || k == OracleType.Kind.NCLOB
                  || k == OracleType.Kind.BLOB
                  || k == OracleType.Kind.XMLTYPE
                  || k == OracleType.Kind.JSON
                  || (k == OracleType.Kind.VARCHAR2 || k == OracleType.Kind.NVARCHAR2)
                      && layout.column(i).type().length() > 4000;
            })
        .toArray();
  }

  private static boolean hasLobMarker(Row after) {
    for (int i = 0; i < after.size(); i++) {
      if (isPlaceholder(after.get(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * What the DML row shows for a value its LOB rows carry: {@code EMPTY_CLOB()}/{@code
   * EMPTY_BLOB()}, or {@code LM_EMPTY_STRING} for an extended string (docs/logminer.md#literals;
   * Debezium reads the same text).
   */
  private static boolean isPlaceholder(Object value) {
    return value == Marker.EMPTY_CLOB
        || value == Marker.EMPTY_BLOB
        || EXTENDED_PLACEHOLDER.equals(value);
  }

  /**
   * The text LogMiner puts in place of an extended string (over 4,000 bytes) whose 32K rows follow.
   */
  static final String EXTENDED_PLACEHOLDER = "LM_EMPTY_STRING";

  /**
   * The transaction's LOB statement, if any, ends: its change goes into the buffer. Called before
   * any other row of the transaction is applied.
   */
  void end(Xid rowXid) {
    Xid xid = resolve(rowXid);
    Tx tx = open.get(xid);
    if (tx == null) {
      return;
    }
    if (tx.target != null) {
      place(xid, tx);
      tx.target = null;
    }
    flushPending(xid, tx);
    tx.skipping = false;
    tx.inTail = false;
    tx.absorbing.clear();
    buffer.release(xid);
  }

  private void flushPending(Xid xid, Tx tx) {
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
    Tx tx = open.get(resolve(rowXid));
    if (tx != null) {
      String prefix = rowId + "#";
      tx.known.keySet().removeIf(k -> rowId == null || k.startsWith(prefix));
      java.util.ArrayDeque<Noted> before = rowId == null ? null : tx.beforeChanges.get(rowId);
      if (!removed && before != null) {
        before.clear(); // the buffer removed nothing: which change was undone is not known
      }
      if (before != null && !before.isEmpty()) {
        // the undone change is one this run put into the buffer: what was known before it holds
        // again
        Noted undone = before.removeLast();
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
    Tx tx = open.get(resolve(xid));
    return tx == null ? null : tx.tail;
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
    Tx tx = open.computeIfAbsent(row.xid(), k -> new Tx());
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
    Target t = tx.target;
    if (t == null || t.inferred && startsAnotherValue(t, piece)) {
      if (t != null) {
        place(row.xid(), tx); // the column before it is complete
        tx.target = null;
      }
      t = withoutLocator(tx, row, piece, layout, time);
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
      DecodeException e =
          new DecodeException(
              ErrorCode.LOB_ROW_OUT_OF_PLACE,
              row.operation()
                  + " row with no "
                  + "SEL_LOB_LOCATOR or XML DOC BEGIN before it in transaction "
                  + row.xid(),
              layout.table(),
              null,
              -1,
              null,
              null);
      if (!firstOfTransaction) {
        throw e;
      }
      tx.tail = new OutOfPlace(row, e); // judged at the commit: see tail()
      tx.inTail = true;
      return;
    }
    if (t.skipsWrites()) {
      return;
    }
    if (t.content == null) {
      rebuild(t, piece, layout.column(t.column).type());
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
        if (t.streams && !t.content.inFile() && after > streamThreshold) {
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
   * A write, trim or erase of a LOB whose value before is unknown. Writes from offset 1 that leave
   * no hole, then a trim to at most their length, make the whole new value whatever the old one
   * was: the form of a SecureFile UPDATE (LOB_WRITE rows of the new value, then LOB_TRIM, with no
   * DML UPDATE). From that trim on the value is known; a trim to 0 empties it. A hole, an erase, or
   * a trim past the writes leaves it {@link Absent#NOT_LOGGED}, and so does a value rebuilt past
   * the stream threshold (it stays on the heap while it is not known to be whole).
   */
  private void rebuild(Target t, LobPiece piece, OracleType type) {
    if (piece instanceof LobPiece.Trim trim) {
      if (trim.length() == 0) {
        t.content = empty(type);
      } else if (!t.rebuildLost && t.rebuilt != null && trim.length() <= t.rebuiltLength) {
        t.rebuilt.trim(trim.length());
        t.content = t.rebuilt;
      }
      t.rebuilt = null;
      t.rebuildLost = t.content == null;
      return;
    }
    if (!t.rebuildLost && piece instanceof LobPiece.Write w && w.offset() > 0) {
      if (t.rebuilt == null && w.offset() == 1) {
        t.rebuilt = empty(type);
      }
      if (t.rebuilt != null
          && w.offset() <= t.rebuiltLength + 1
          && t.rebuilt.storedBytesAfterWrite(w.offset(), w.data())
              <= Math.min(limit(t), streamThreshold)) {
        t.rebuilt.write(w.offset(), w.data());
        long length = w.data() instanceof Bytes b ? b.size() : ((String) w.data()).length();
        t.rebuiltLength = Math.max(t.rebuiltLength, w.offset() - 1 + length);
        return;
      }
    }
    t.rebuilt = null;
    t.rebuildLost = true;
  }

  /**
   * The LOB a LOB_WRITE with no locator before it writes, or null when nothing says (then
   * CDC-3006). BasicFile LOBs stored out of row write their values with no SEL_LOB_LOCATOR, after
   * (or, as reported, before) the DML row, which shows {@code EMPTY_CLOB()}/{@code EMPTY_BLOB()}
   * for them: the row's ROW_ID ties the write to the held change, and the column must be the one
   * CLOB, NCLOB or BLOB of it still showing that marker. Several such columns cannot be told apart
   * (the write names only {@code loc_c} or {@code loc_b}), so guessing could put one column's
   * content into another: CDC-3050, naming them.
   *
   * @throws DecodeException CDC-3050 when several columns could take the write
   */
  private Target withoutLocator(
      Tx tx, RedoRow row, LobPiece piece, TableLayout layout, Instant time) {
    Change held = tx.pending;
    if (!(piece instanceof LobPiece.Write w)
        || w.offset() != 1
        || held == null
        || !held.table().equals(layout.table())
        || InternalRowIds.empty(row.rowId())
        || !row.rowId().equals(held.rowId())) {
      return null;
    }
    List<String> candidates = new java.util.ArrayList<>();
    int column = -1;
    for (int i = 0; i < held.after().size(); i++) {
      OracleType.Kind kind = layout.column(i).type().kind();
      boolean lob =
          kind == OracleType.Kind.CLOB
              || kind == OracleType.Kind.NCLOB
              || kind == OracleType.Kind.BLOB;
      Object shown = held.after().get(i);
      // an excluded column's marker is not shown: it may be the one written
      if (lob && (isPlaceholder(shown) || shown == Absent.EXCLUDED)) {
        candidates.add(layout.column(i).name());
        column = i;
      }
    }
    if (candidates.size() > 1) {
      throw new DecodeException(
          ErrorCode.LOB_WRITE_COLUMN_AMBIGUOUS,
          "LOB_WRITE row with no SEL_LOB_LOCATOR before it at SCN "
              + row.scn()
              + " in transaction "
              + row.xid()
              + " may write any of the LOB columns "
              + String.join(", ", candidates)
              + " of "
              + layout.table(),
          layout.table(),
          null,
          -1,
          null,
          null);
    }
    if (column < 0) {
      return null;
    }
    Target t =
        new Target(
            column, held.after(), layout, row, time, held.after().get(column) == Absent.EXCLUDED);
    t.completes = true;
    t.inferred = true;
    t.content = empty(layout.column(column).type());
    return t;
  }

  /** Whether {@code piece} starts a new value: a write from offset 1 after content was written. */
  private static boolean startsAnotherValue(Target t, LobPiece piece) {
    return piece instanceof LobPiece.Write w
        && w.offset() == 1
        && (t.over || t.content != null && t.content.storedBytes() > 0);
  }

  /**
   * The most the target's value may store: {@code cdc.lob.max.bytes}, and the heap's bound for what
   * stays on it.
   */
  private long limit(Target t) {
    return t.streams ? maxBytes : Math.min(maxBytes, HEAP_LIMIT);
  }

  /** The value is past the limit: {@link Marker#LOB_OVER_LIMIT}, its file (if any) deleted now. */
  private void over(Xid xid, Target t) {
    if (t.content.inFile()) {
      buffer.releaseLob(xid, t.content.file());
    }
    t.over = true;
    t.content = null;
  }

  private Target locate(Tx tx, RedoRow row, LobPiece.Locator l, TableLayout layout, Instant time) {
    Target t = new Target(l.column(), l.where(), layout, row, time, l.excluded());
    OracleType type = layout.column(l.column()).type();
    Change pending = tx.pending;
    Object slot = pending == null ? null : pending.after().get(l.column());
    if (isPlaceholder(slot) && sameRow(pending, row, l, layout)) {
      t.completes = true;
      t.content = empty(type);
    } else {
      Object before = knownValue(row.xid(), tx, layout, row.rowId(), l.column());
      if (l.whole()) {
        t.content = empty(type);
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
  private Object knownValue(Xid xid, Tx tx, TableLayout layout, String rowId, int column) {
    String key = key(rowId, column);
    Object v = tx.known.get(key);
    if (v == null && !tx.allUndone && !tx.undoneRows.contains(rowId)) {
      v =
          tx.reloaded
              .computeIfAbsent(
                  layout.table(),
                  t ->
                      ReloadedLobValues.read(
                          buffer.reloadedChanges(xid), layout, lobColumns(layout)))
              .get(key);
    }
    return v == UNKNOWN ? null : v;
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

  private static LobContent empty(OracleType type) {
    boolean binary =
        type.kind() == OracleType.Kind.BLOB
            || type.kind() == OracleType.Kind.JSON; // JSON: OSON bytes
    return binary ? LobContent.binary(Bytes.of(new byte[0])) : LobContent.text("");
  }

  /** Puts the target's content, as far as it is known, into its change. */
  private void place(Xid xid, Tx tx) {
    Target t = tx.target;
    Object value =
        t.excluded
            ? Absent.EXCLUDED
            : t.over
                ? Marker.LOB_OVER_LIMIT
                : t.content != null ? t.content.value() : Absent.NOT_LOGGED;
    boolean known =
        value instanceof String || value instanceof Bytes || value instanceof StreamedLob;
    if (!t.completes && !t.excluded && ownUpdates) {
      noteChange(tx, t.locator.rowId()); // an UPDATE of its own follows: what was known before it
    }
    tx.known.put(
        key(t.locator.rowId(), t.column), known ? value : UNKNOWN); // as written: JSON stays bytes
    value = JsonColumns.asText(value, t.layout, t.column);
    if (t.completes) {
      tx.pending = withColumn(tx.pending, t.column, value);
      return;
    }
    if (t.excluded || !ownUpdates) {
      return; // an UPDATE of nothing but an excluded column says nothing; skipped UPDATEs make none
    }
    flushPending(xid, tx); // the DML came first
    buffer.add(xid, ownUpdate(t, value));
  }

  private static Change ownUpdate(Target t, Object value) {
    Row after = t.where.toBuilder().set(t.column, value).build();
    RedoRow r = t.locator;
    return new Change(
        Operation.UPDATE,
        t.layout.table(),
        t.layout.version(),
        t.where,
        after,
        r.scn(),
        r.address(),
        r.ssn(),
        r.rowId(),
        t.time);
  }

  private static Change withColumn(Change c, int column, Object value) {
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

  static String key(String rowId, int column) {
    return rowId + "#" + column;
  }
}
