package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import dev.redoline.decoder.internal.DecodeInput;
import dev.redoline.decoder.internal.DecodeResult;
import dev.redoline.decoder.internal.RedoDecoder;
import dev.redoline.logminer.DeadLetter;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Decodes a step's DML rows, then applies every row of the step to the transaction buffer in redo
 * order (docs/architecture.md#a-step); committed transactions go to the {@link CommitSequencer}.
 *
 * <p>The rows it handles, by OPERATION_CODE:
 *
 * <ul>
 *   <li>6 START: opens the transaction.
 *   <li>1, 2, 3 with ROLLBACK=0: the decoded change is appended; a row that cannot be decoded stops
 *       the capture ({@code cdc.on.decode.error=fail}) or becomes a {@link DeadLetter} with an ops
 *       event ({@code dlq}).
 *   <li>1, 2, 3 with ROLLBACK=1: removes the change it reverses (by ROW_ID), not decoded. A DML row
 *       LogMiner left without a ROW_ID (tables with LOB columns) takes the one of the INTERNAL row
 *       that follows it ({@link InternalRowIds}).
 *   <li>7 COMMIT: the transaction is committed; 36 ROLLBACK: dropped.
 *   <li>5 DDL: a TRUNCATE of a captured table is a change of its own transaction (not one of an
 *       excluded user's); the table is found by DATA_OBJ#, else by SEG_OWNER/TABLE_NAME.
 *   <li>255 UNSUPPORTED on a captured table: like an undecodable row (CDC-3004).
 *   <li>9, 10, 11, 28/29, 68, 70, 71, the LOB rows: decoded with the DML rows (a write of an
 *       excluded column is not decoded), then assembled into the change they complete by the {@link
 *       LobAssembler}, which ends a transaction's LOB before any other row of it is applied. With
 *       {@code cdc.lob.enabled=false} the mining query selects none of them; the assembler still
 *       sees the DML rows (it folds the two rows of a statement on a LOB table).
 * </ul>
 *
 * <h2>Excluded users, per transaction</h2>
 *
 * The mining query leaves out rows whose USERNAME is excluded, but LogMiner names the user only in
 * rows mined in the same session as the transaction's START (Debezium DBZ-3978, DBZ-8884), and
 * every step starts a new session. So a transaction spanning steps arrives later as
 *
 * <pre>
 * START  USERNAME=BATCH   set transaction read write;       (step 1)
 * INSERT USERNAME=UNKNOWN insert into "SHOP"."ORDERS"(...)  (step 2: passes NOT IN ('BATCH'))
 * COMMIT USERNAME=UNKNOWN commit;
 * </pre>
 *
 * The START's user is kept with the open transaction in the buffer (and its journal, so a restart
 * keeps it too); DML and undo rows of a transaction whose START named an excluded user are neither
 * decoded nor buffered, and its COMMIT publishes nothing.
 *
 * <h2>Skipped operations</h2>
 *
 * Rows of an operation in {@code cdc.skipped.operations} are dropped here, before decoding, with
 * the undo rows that reverse them ({@link SkippedOperations#skipsUndo}). The cursor still moves
 * past them with the step, and a transaction left with no change commits as an empty one does: the
 * commit position is recorded, nothing is delivered.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is where every row kind of a step meets the buffer, and each kind
 * brings its own exception (above). What holds it together:
 *
 * <ul>
 *   <li><b>Decode first, then apply in redo order.</b> Decoding is the costly part and may run in
 *       parallel, so it covers a whole step (or chunk) before any row touches the buffer; applying
 *       is strictly sequential, because a row's meaning depends on the rows before it (an undo row
 *       removes an earlier change, a COMMIT publishes what was buffered, a LOB row completes the
 *       change before it). Decoding therefore never reads buffer state, and what a chunk's decoding
 *       must know of the step's earlier chunks is handed over explicitly.
 *   <li><b>Filters belong to the transaction.</b> LogMiner names the user only near the START, so
 *       whether a row is excluded is decided from its transaction (the user kept in the buffer and
 *       journal, V$TRANSACTION, the stored position), as is a drop on request; a filtered
 *       transaction's rows are neither decoded nor buffered, and its end forgets it.
 *   <li><b>Where a transaction's redo begins.</b> The first row of each transaction this run read
 *       is remembered, and at its COMMIT travels with the published transaction to the {@link
 *       CommitSequencer}: until it is delivered, restart positions keep that redo ({@link
 *       Positions}). A transaction reloaded from the journal of which this run read only the COMMIT
 *       holds the COMMIT itself: the journal keeps its changes, but a restart before its delivery
 *       must read that COMMIT again, or the reloaded transaction never ends.
 *   <li><b>Rows that wait for a later row.</b> A change without a ROW_ID waits for its INTERNAL
 *       row, a change with LOB columns for its LOB rows; meanwhile the buffer is told the row was
 *       read ({@code hold}), so it counts for the restart position and the transaction is not
 *       journaled with a change missing.
 *   <li><b>Rows read again after a restart.</b> The journal covers the rows it holds and the buffer
 *       ignores them; the start position tells which commits were delivered, so what only a partial
 *       re-read makes look wrong (a LOB row out of place at its start) is an error only for a
 *       transaction not delivered yet.
 *   <li><b>Nothing dropped without a trace.</b> A row that cannot be decoded stops the capture or
 *       becomes a dead letter with an ops event, located by SCN, XID and address.
 * </ul>
 */
final class StepApplier {

  /** Where a transaction's redo begins, as first seen by this engine. */
  private record First(RedoAddress address, Scn scn) {}

  private final TransactionBuffer buffer;
  private final RedoDecoder decoder;
  private final TableCatalog catalog;
  private final CommitSequencer sequencer;

  /**
   * The database server's zone, as the capture last read it (it may follow the server clock's
   * offset).
   */
  private final Supplier<ZoneId> databaseZone;

  /** Where a row that cannot be captured goes: a stop, or a dead letter. */
  private final Rejections rejections;

  private final Map<Xid, First> firstSeen = new HashMap<>();

  /** The position the capture started at, or {@code null} before {@link #started}. */
  private PositionState start;

  private final Set<String> excludedUsers;

  /** {@code cdc.skipped.operations}: such changes are neither decoded nor buffered. */
  private final SkippedOperations skipped;

  /** Open transactions of excluded users whose START was not mined (their user from V$SESSION). */
  private final Set<Xid> excludedOpen = new HashSet<>();

  /**
   * Transactions dropped on request, and those a stored position names: skipped until their end.
   */
  private final Set<Xid> dropped = new HashSet<>();

  /**
   * Open transactions a first start read only from the oldest online log on (begun before it),
   * named at that start or by the stored position: each is marked partial when it commits ({@link
   * CommitSequencer.Ready#partial}), and forgotten at its end.
   */
  private final Set<Xid> begunBeforeRedo = new HashSet<>();

  /**
   * Always present: with {@code cdc.lob.enabled=false} the mining query selects no LOB row, but the
   * assembler still folds the two DML rows of a statement on a LOB table ({@link
   * LobAssembler#folds}, {@link LobAssembler#absorbsUndo}) and holds a change whose image shows an
   * empty LOB until the transaction's next row.
   */
  private final LobAssembler lobs;

  /** DML changes without a ROW_ID whose INTERNAL row was not decoded with them. */
  private final InternalRowIds awaitingRowIds = new InternalRowIds();

  StepApplier(
      TransactionBuffer buffer,
      RedoDecoder decoder,
      TableCatalog catalog,
      CommitSequencer sequencer,
      Supplier<ZoneId> databaseZone,
      Rejections rejections,
      Set<String> excludedUsers,
      SkippedOperations skipped,
      LobAssembler lobs) {
    this.lobs = Objects.requireNonNull(lobs, "lobs == null");
    this.excludedUsers = Set.copyOf(excludedUsers);
    this.skipped = skipped;
    this.buffer = buffer;
    this.decoder = decoder;
    this.catalog = catalog;
    this.sequencer = sequencer;
    this.databaseZone = databaseZone;
    this.rejections = rejections;
  }

  /** Decodes the step's DML and LOB rows: all of them, before any row touches the buffer. */
  List<DecodedRow> decode(List<RedoRow> rows) {
    return decode(rows, new HashMap<>());
  }

  /**
   * Decodes one chunk of a step's rows ({@link StepRowStore#forEachChunk}); {@code lobState}, one
   * map per step, carries what the step's earlier chunks told the LOB rows' decoding.
   */
  List<DecodedRow> decode(List<RedoRow> chunkRows, Map<Xid, Boolean> lobState) {
    List<RedoRow> rows = InternalRowIds.filled(chunkRows);
    List<DecodedRow> step = lobs.decode(rows, this::layout, decoder, this::excluded, lobState);
    Map<RedoRow, DecodedRow> dml = decodeDml(rows);
    for (int i = 0; i < rows.size(); i++) {
      DecodedRow decoded = dml.get(rows.get(i));
      if (decoded != null) {
        step.set(i, decoded); // a DML row: never a LOB row, so the assembler left it undecoded
      }
    }
    return step;
  }

  /**
   * The result of each DML row to decode, by the row itself (an identity map: two rows of a step
   * may be equal); the rows not decoded (undo rows, an excluded user's, a skipped operation's) are
   * absent.
   */
  private Map<RedoRow, DecodedRow> decodeDml(List<RedoRow> rows) {
    IdentityHashMap<RedoRow, DecodedRow> results = new IdentityHashMap<>();
    List<DecodeInput> inputs = new ArrayList<>();
    for (RedoRow row : rows) {
      if (!row.isDml() || row.rollback() || excluded(row) || skipped.skips(row.dmlOperation())) {
        continue;
      }
      TableLayout layout = layout(row);
      if (layout == null) {
        results.put(
            row,
            new DecodedRow.Failed(
                row,
                new DecodeException(
                    ErrorCode.UNKNOWN_TABLE_OR_COLUMN,
                    "DATA_OBJ# "
                        + row.dataObj()
                        + " of container "
                        + conId(row)
                        + " is not a captured table ("
                        + row.segOwner()
                        + "."
                        + row.tableName()
                        + ")",
                    null,
                    null,
                    -1,
                    null,
                    null)));
        continue;
      }
      inputs.add(new DecodeInput(row, layout, instant(row)));
    }
    // The decoder answers in the order of its inputs, each of which carries its row.
    List<DecodeResult> decoded = decoder.decodeAll(inputs);
    for (int k = 0; k < inputs.size(); k++) {
      RedoRow row = inputs.get(k).row();
      DecodeResult result = JsonColumns.asText(decoded.get(k), inputs.get(k).layout());
      results.put(
          row,
          result.isChange()
              ? new DecodedRow.Decoded(row, result.change())
              : new DecodedRow.Failed(row, result.error()));
    }
    return results;
  }

  /** Applies the step's rows in order, each with what {@link #decode} made of it. */
  void apply(List<DecodedRow> step) {
    for (DecodedRow decoded : step) {
      rejectLobFailures();
      RedoRow row = decoded.row();
      InternalRowIds.Awaiting kept = awaitingRowIds.take(row);
      if (kept != null) {
        buffer.release(row.xid());
        addToBuffer(kept.row(), kept.change());
        if (InternalRowIds.isRowIdCarrier(row)) {
          continue; // the INTERNAL row that gave the kept change its ROW_ID
        }
      }
      switch (row.operationCode()) {
        case RedoRow.START -> {
          buffer.begin(row.xid(), row.scn(), row.address(), instant(row), row.username());
          firstSeen.putIfAbsent(row.xid(), new First(row.address(), row.scn()));
        }
        case RedoRow.INSERT, RedoRow.UPDATE, RedoRow.DELETE -> {
          if (row.rollback()) {
            if (!excluded(row) && !skipped.skipsUndo(row.dmlOperation())) {
              if (lobs.absorbsUndo(row, InternalRowIds.empty(row.rowId()) ? "" : row.rowId())) {
                continue; // the undo of a DML row folded into the change just removed
              }
              lobs.end(row.xid());
              // An undo row without a ROW_ID matches nothing: counted as unmatched, never a stop.
              boolean removed =
                  buffer.undo(
                      row.xid(),
                      InternalRowIds.empty(row.rowId()) ? "" : row.rowId(),
                      row.scn(),
                      row.address());
              lobs.undone(row.xid(), row.rowId() == null ? "" : row.rowId(), removed);
            }
          } else {
            if (decoded instanceof DecodedRow.Undecoded || excluded(row)) {
              lobs.skipped(row.xid()); // the LOB rows after a skipped change belong to it
              continue; // a change of an excluded user's transaction, or of a skipped operation
            }
            if (decoded instanceof DecodedRow.Decoded change) {
              add(row, change.change());
            } else if (decoded instanceof DecodedRow.Failed failed) {
              rejections.reject(row, failed.error());
            }
          }
        }
        case RedoRow.COMMIT -> {
          boolean partial = begunBeforeRedo.remove(row.xid());
          ended(row);
          lobs.end(row.xid());
          judgeTail(row);
          lobs.forget(row.xid());
          First seen = firstSeen.remove(row.xid());
          // Nothing of it seen before its COMMIT: reloaded from the journal, whose entry holds its
          // changes; while it waits, positions must still lead a restart back to this COMMIT.
          First first = seen != null ? seen : new First(row.address(), row.scn());
          buffer
              .commit(row.xid(), row.scn(), row.address(), instant(row))
              .ifPresent(
                  published ->
                      sequencer.add(
                          new CommitSequencer.Ready(
                              published, first.address(), first.scn(), partial)));
        }
        case RedoRow.ROLLBACK -> {
          begunBeforeRedo.remove(row.xid());
          ended(row);
          lobs.forget(row.xid());
          firstSeen.remove(row.xid());
          buffer.rollback(row.xid(), row.address());
        }
        case RedoRow.DDL -> applyDdl(row);
        case RedoRow.UNSUPPORTED -> {
          if (layout(row) != null) {
            rejections.reject(
                row,
                new DecodeException(
                    ErrorCode.REDO_NOT_RELIABLE,
                    "LogMiner reports the operation as " + "UNSUPPORTED",
                    TableId.of(row.segOwner(), row.tableName()),
                    null,
                    -1,
                    null,
                    null));
          }
        }
        default -> applyLob(decoded); // LOB rows; markers, internal rows: nothing to capture
      }
    }
    rejectLobFailures();
  }

  /**
   * Rejects the LOB rows found wrong when their statement ended ({@link LobAssembler#failures}).
   */
  private void rejectLobFailures() {
    for (LobAssembler.OutOfPlace f : lobs.failures()) {
      rejections.reject(f.row(), f.error());
    }
  }

  private void applyLob(DecodedRow decoded) {
    RedoRow row = decoded.row();
    if (decoded instanceof DecodedRow.Undecoded || excluded(row)) {
      return;
    }
    if (decoded instanceof DecodedRow.Failed failed) {
      rejections.reject(row, failed.error());
      return;
    }
    if (!(decoded instanceof DecodedRow.Lob lob)) {
      throw new CdcException(ErrorCode.INTERNAL_ERROR, "a LOB row decoded as DML: " + row);
    }
    try {
      lobs.apply(row, lob.piece(), layout(row), instant(row), !firstSeen.containsKey(row.xid()));
    } catch (DecodeException e) {
      rejections.reject(row, e);
    }
    firstSeen.putIfAbsent(row.xid(), new First(row.address(), row.scn()));
  }

  /**
   * At a COMMIT: a LOB row out of place at the start of what this run read of the transaction
   * ({@link LobAssembler#tail}) is an error only when the start position does not count the
   * transaction as delivered; otherwise it was read again after a restart and its transaction is
   * left out whole.
   */
  private void judgeTail(RedoRow commit) {
    LobAssembler.OutOfPlace tail = lobs.tail(commit.xid());
    if (tail != null
        && (start == null
            || !start.isDelivered(
                new CommitMark(commit.scn(), commit.address()), PositionState.WHOLE))) {
      rejections.reject(tail.row(), tail.error());
    }
  }

  /**
   * The capture starts at {@code position}: the transactions it counts as delivered are read again
   * only in part.
   */
  void started(PositionState position) {
    start = position;
  }

  /**
   * The transactions open at the start of the step, as V$TRANSACTION and V$SESSION show them: the
   * user of a transaction whose START no session of this capture mined (begun before the capture
   * started) is known only from there.
   */
  void openTransactions(List<ActiveTransaction> open) {
    if (excludedUsers.isEmpty()) {
      return;
    }
    for (ActiveTransaction tx : open) {
      if (tx.user() != null && excludedUsers.contains(tx.user())) {
        excludedOpen.add(tx.xid());
      }
    }
  }

  /**
   * Whether the row belongs to a transaction whose START named an excluded user, or, when no START
   * of it was mined, whose session's user is excluded. Such a transaction is remembered until its
   * end, which may come after it has left V$TRANSACTION.
   */
  private boolean excluded(RedoRow row) {
    if (dropped.contains(row.xid())) {
      return true;
    }
    if (excludedUsers.isEmpty()) {
      return false;
    }
    String user = buffer.user(row.xid());
    return user != null ? excludedUsers.contains(user) : excludedOpen.contains(row.xid());
  }

  /** The open transactions of excluded users whose START was not mined, for the stored position. */
  Set<Xid> excludedWithoutStart() {
    Set<Xid> all = new HashSet<>(excludedOpen);
    all.addAll(dropped);
    return Set.copyOf(all);
  }

  /** Skips {@code xid}'s rows until its end: it was dropped from the buffer on request. */
  void dropped(Xid xid) {
    dropped.add(xid);
    awaitingRowIds.forget(xid);
  }

  /**
   * Restores what a stored position remembered: those transactions may have ended while the capture
   * was stopped, and then no view names their user any more.
   */
  void excludedWithoutStart(Set<Xid> fromPosition) {
    excludedOpen.addAll(fromPosition);
    dropped.addAll(
        fromPosition); // an excluded user's or a dropped one: skipped until its end either way
  }

  /**
   * Open transactions a first start read only in part: named by that start ({@link FirstStart}), or
   * by the position a restart resumes from.
   */
  void begunBeforeRedo(Set<Xid> xids) {
    begunBeforeRedo.addAll(xids);
  }

  /** The open transactions a first start read only in part, for the stored position. */
  Set<Xid> begunBeforeRedo() {
    return Set.copyOf(begunBeforeRedo);
  }

  /** A COMMIT or ROLLBACK ends what is remembered of an excluded transaction. */
  private void ended(RedoRow row) {
    excludedOpen.remove(row.xid());
    dropped.remove(row.xid());
  }

  private void add(RedoRow row, Change change) {
    if (lobs.folds(row, change, () -> layout(row))) {
      firstSeen.putIfAbsent(row.xid(), new First(row.address(), row.scn()));
      return; // the second row of a statement whose change is held back
    }
    lobs.end(row.xid());
    if (row.isDml() && InternalRowIds.empty(row.rowId())) {
      // Its INTERNAL row, which carries the ROW_ID, is in a later chunk or step: kept until then.
      if (buffer.hold(row.xid(), row.scn(), row.address(), true)) {
        awaitingRowIds.await(row, change);
      }
      firstSeen.putIfAbsent(row.xid(), new First(row.address(), row.scn()));
      return;
    }
    addToBuffer(row, change);
  }

  private void addToBuffer(RedoRow row, Change change) {
    if (change.operation() == Operation.TRUNCATE || !lobs.holds(row, change, () -> layout(row))) {
      buffer.add(row.xid(), change);
    }
    firstSeen.putIfAbsent(row.xid(), new First(row.address(), row.scn()));
  }

  private void applyDdl(RedoRow row) {
    if (DdlKind.of(row.sqlRedo()) != DdlKind.TRUNCATE || skipped.skips(Operation.TRUNCATE)) {
      return;
    }
    if (excluded(row) || row.username() != null && excludedUsers.contains(row.username())) {
      return; // the mining query returns every user's DDL; an excluded user's TRUNCATE is not
      // delivered
    }
    // A TRUNCATE row's DATA_OBJ# may be 0 or NULL (issue 16, item 7); its SEG_OWNER/TABLE_NAME
    // always name the table, as DDL rows do.
    TableLayout layout = layout(row);
    if (layout == null) {
      layout = catalog.layout(row.table());
    }
    if (layout == null) {
      return;
    }
    add(
        row,
        new Change(
            Operation.TRUNCATE,
            layout.table(),
            layout.version(),
            null,
            null,
            row.scn(),
            row.address(),
            row.ssn(),
            null,
            instant(row)));
  }

  /** Forgets a transaction the buffer removed as an orphan. */
  void forget(Xid xid) {
    firstSeen.remove(xid);
    awaitingRowIds.forget(xid);
    lobs.forget(xid);
  }

  /**
   * The layout of the table a row changes, by its object id. A LOB row may carry the object id of
   * the LOB segment instead of the table's (unverified either way), so a LOB row whose id names no
   * captured table is found by the table it names.
   */
  private TableLayout layout(RedoRow row) {
    TableId table = row.dataObj() == null ? null : catalog.table(conId(row), row.dataObj());
    if (table == null
        && row.isLobRow()
        && row.segOwner() != null
        && row.tableName() != null
        && catalog.layout(row.table()) != null) {
      table = row.table();
    }
    return table == null ? null : catalog.layoutAt(table, row.scn());
  }

  private static int conId(RedoRow row) {
    return row.srcConId() == null ? 0 : row.srcConId();
  }

  private Instant instant(RedoRow row) {
    return row.timestamp().atZone(databaseZone.get()).toInstant();
  }
}
