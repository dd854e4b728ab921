package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

/**
 * Reads one whole step (docs/architecture.md#a-step) into a {@link StepRowStore}, on the heap up to
 * its budget and in a step file beyond: CSF pieces joined, rows outside the step's address interval
 * dropped, a thread's end in its last written block settled at what that block held ({@link
 * #settledEnds}), and the interval cut at the first DDL that changes what is captured.
 *
 * <h2>The DDL cut</h2>
 *
 * A CREATE, DROP or ALTER of a captured (or to-be-captured) table at address {@code D} with SCN
 * {@code s} ends the step there: in {@code D}'s thread nothing after {@code D} is applied, and in
 * every thread nothing at or after the lowest address of a row with an SCN above {@code s}. Every
 * row at or below the cut has an SCN at or below {@code s} (so it belongs to the layouts before the
 * DDL), and every row above it is read again by the next step, after the object ids are resolved
 * again. Cutting by address, never by SCN, keeps the cursor exact: the set of applied rows is
 * always an address prefix of each thread.
 *
 * <p>A DDL the catalog already shows does not cut: one whose transaction's COMMIT the step reads
 * with an SCN at or below the CURRENT_SCN read before the catalog's first resolution ({@code
 * catalogAt}, {@link CatalogTracker#resolvedAt}). The dictionary queries of that resolution, which
 * read every captured table's object ids and layout, saw every transaction committed by then, so
 * resolving again after the DDL would change nothing, and the rows on both sides of it are decoded
 * with the layouts they would get after the cut anyway. The common case is the CREATE TABLE just
 * below a start SCN, which would otherwise end the first step at once and make the next one read
 * the whole backlog again (docs/logminer.md#ddl-the-catalog-already-shows). A DDL whose COMMIT the
 * step does not read, or reads above {@code catalogAt}, cuts as before.
 *
 * <h2>The cut before an unresolved object</h2>
 *
 * A row that names a captured table but carries an object id the catalog has not resolved (a
 * partition made by an excluded user's DDL before the capture resolved it, or by recursive DDL
 * LogMiner shows no row for) ends the step just before it: in its thread nothing from it on, and in
 * every thread nothing at or after the lowest address of a row with an SCN at or above its own. The
 * catalog is resolved again and the next step reads the row with its object id known.
 */
final class StepReader {

  /**
   * A step's rows and where they end. When the step is cut (at a DDL, or before an unresolved
   * object), {@code keepUpTo} holds per thread the last address applied (the rows above it are read
   * again by the next step); otherwise {@code null}. {@code lastBlocks} are the rows kept in the
   * threads' last written blocks, which the next step reads again ({@link HeldBlocks}).
   */
  record StepRows(
      StepRowStore store,
      Map<Integer, RedoAddress> ends,
      Scn safeScn,
      RedoRow ddl,
      RedoRow unresolved,
      Map<Integer, RedoAddress> keepUpTo,
      List<RedoRow> lastBlocks)
      implements AutoCloseable {

    /** Whether the step ended early, at a DDL or before an unresolved object. */
    boolean cut() {
      return ddl != null || unresolved != null;
    }

    /** The rows to apply, in redo order and in chunks ({@link StepRowStore#forEachChunk}). */
    void forEachChunk(java.util.function.Consumer<List<RedoRow>> chunk) {
      store.forEachChunk(
          row -> keepUpTo == null || row.address().compareTo(keepUpTo.get(row.thread())) <= 0,
          chunk);
    }

    /** The rows to apply, all on the heap: for tests and small steps. */
    List<RedoRow> rows() {
      List<RedoRow> all = new ArrayList<>();
      forEachChunk(all::addAll);
      return all;
    }

    @Override
    public void close() {
      store.close();
    }
  }

  private StepReader() {}

  /**
   * Reads every row of {@code cursor} into {@code store}: CSF pieces joined, rows outside the
   * plan's interval dropped.
   *
   * @param changesCapture whether a DDL row changes what is captured
   * @param catalogAt the CURRENT_SCN read before the catalog's first resolution: a DDL committed at
   *     or below it is in the catalog and does not cut
   * @param unresolved whether a row names a captured table with an object id not resolved yet
   * @param applied whether an earlier step applied a row read again in a held block ({@link
   *     HeldBlocks})
   * @param fetched told how many rows were fetched when the read ends, also when it fails
   * @throws CancellationException when the thread is interrupted while rows are read: the capture
   *     is being closed, and the loop ends on it without applying the step
   */
  static StepRows read(
      RowCursor cursor,
      StepPlan plan,
      Predicate<RedoRow> changesCapture,
      Scn catalogAt,
      Predicate<RedoRow> unresolved,
      Predicate<RedoRow> applied,
      StepRowStore store,
      LongConsumer fetched)
      throws SQLException {
    Scn beyond = null; // the lowest SCN of a COMMIT of a partly read thread after its interval
    long count = 0;
    RedoRow ddl = null;
    RedoRow firstUnresolved = null;
    // DDL rows that change what is captured but may already be in the catalog: each cuts unless
    // its transaction's COMMIT follows at or below catalogAt. In row order, all before any cut.
    Map<Xid, RedoRow> inCatalog = new LinkedHashMap<>();
    Map<Integer, RedoAddress> settled = settling(plan);
    RedoAddress lastKept = null;
    List<RedoRow> unplaced = new ArrayList<>();
    List<RedoRow> lastBlocks = new ArrayList<>();
    try {
      StringBuilder pieces = null;
      for (RedoRow row = cursor.next(); row != null; row = cursor.next()) {
        if (Thread.currentThread().isInterrupted()) {
          // The capture is being closed (RunningCapture.close interrupts this thread after asking
          // the loop to stop): the step's rows would not be applied, so they are not read either.
          throw new CancellationException("capture closed while a step was read");
        }
        count++;
        if (row.csf()) {
          pieces = pieces == null ? new StringBuilder(row.sqlRedo()) : pieces.append(row.sqlRedo());
          continue;
        }
        if (pieces != null) {
          row = row.withSqlRedo(pieces.append(row.sqlRedo()).toString());
          pieces = null;
        }
        if (isThreadZeroCommit(row, plan)) {
          if (lastKept == null) {
            unplaced.add(row); // placed at the next row the step keeps
            continue;
          }
          row = row.withAddress(lastKept);
        }
        if (plan.inInterval(row.address()) && !applied.test(row)) {
          for (RedoRow commit : unplaced) {
            store.add(commit.withAddress(row.address()));
          }
          unplaced.clear();
          lastKept = row.address();
          check(row);
          store.add(row);
          if (settle(plan, settled, row.address())) {
            lastBlocks.add(row);
          }
          // the first row that cuts the step, in row order: a DDL that changes what is captured, or
          // a row of an object not resolved yet
          if (ddl == null && firstUnresolved == null) {
            if (row.operationCode() == RedoRow.DDL) {
              if (changesCapture.test(row)) {
                if (row.scn().compareTo(catalogAt) <= 0) {
                  inCatalog.putIfAbsent(row.xid(), row);
                } else {
                  ddl = row;
                }
              }
            } else if (unresolved.test(row)) {
              firstUnresolved = row;
            }
          }
          if (row.operationCode() == RedoRow.COMMIT && row.scn().compareTo(catalogAt) <= 0) {
            inCatalog.remove(row.xid());
          }
        } else if (plan.inInterval(row.address())) {
          continue; // applied by an earlier step
        } else if (row.operationCode() == RedoRow.COMMIT
            && plan.partlyRead().contains(row.thread())
            && row.address().compareTo(plan.ends().get(row.thread())) > 0) {
          beyond = beyond == null ? row.scn() : Scn.min(beyond, row.scn());
        }
      }
      if (pieces != null) {
        throw new CdcException(
            ErrorCode.CORRUPT_REDO,
            "the last row of the step continues (CSF=1) but no " + "continuation row followed");
      }
    } finally {
      fetched.accept(count);
    }
    if (beyond != null) {
      // that commit is applied by a later step: nothing at or above it is released before it
      plan = plan.safeAtMost(beyond.equals(Scn.ZERO) ? beyond : beyond.minus(1));
    }
    Map<Integer, RedoAddress> ends = new HashMap<>(plan.ends());
    ends.putAll(settled);
    if (!inCatalog.isEmpty()) {
      ddl = inCatalog.values().iterator().next(); // read before any other cut
    }
    if (ddl != null) {
      return cut(store, plan, ends, ddl, lastBlocks);
    }
    if (firstUnresolved != null) {
      return cutBefore(store, plan, ends, firstUnresolved, lastBlocks);
    }
    return new StepRows(store, ends, plan.safeScn(), null, null, null, lastBlocks);
  }

  /**
   * A COMMIT row LogMiner shows with THREAD# 0, whose redo thread it could not tell (Debezium's
   * LogMiner adapter skips one only when its transaction has no changes). It lies in no thread's
   * interval, so it is applied in the step whose safe SCN first covers it: every change of its
   * transaction is below its SCN, so read by then, and a later step seeing it again finds the
   * transaction gone and publishes nothing. It takes the address of the row read before it
   * (LogMiner returns rows in SCN order, so that row is at or below its SCN), or of the next row
   * the step keeps when it comes first; a step keeping no row leaves it to a later step.
   */
  private static boolean isThreadZeroCommit(RedoRow row, StepPlan plan) {
    return row.operationCode() == RedoRow.COMMIT
        && row.thread() == 0
        && row.scn().compareTo(plan.safeScn()) <= 0;
  }

  /** Runs {@code query} on {@code db} and reads the step from it. */
  static StepRows read(
      LogMinerGateway db,
      StepPlan plan,
      MiningQuery query,
      Predicate<RedoRow> changesCapture,
      Scn catalogAt,
      Predicate<RedoRow> unresolved,
      Predicate<RedoRow> applied,
      StepRowStore store,
      LongConsumer fetched)
      throws SQLException {
    try (RowCursor cursor = db.query(query)) {
      return read(cursor, plan, changesCapture, catalogAt, unresolved, applied, store, fetched);
    }
  }

  /** Where each live end starts settling: the end of the block before, never below the cursor. */
  private static Map<Integer, RedoAddress> settling(StepPlan plan) {
    Map<Integer, RedoAddress> settled = new HashMap<>();
    for (Map.Entry<Integer, RedoAddress> entry : plan.ends().entrySet()) {
      if (!plan.liveEnds().contains(entry.getKey())) {
        continue; // a whole log, an anchor, or a thread held at its cursor
      }
      RedoAddress end = entry.getValue();
      RedoAddress start =
          predecessor(new RedoAddress(end.thread(), end.sequence(), end.block(), 0));
      RedoAddress cursor = plan.cursors().get(entry.getKey());
      settled.put(entry.getKey(), cursor != null && cursor.compareTo(start) > 0 ? cursor : start);
    }
    return settled;
  }

  /**
   * Moves a live end up to {@code a} when {@code a} lies in that end's block; whether it lies
   * there.
   */
  private static boolean settle(StepPlan plan, Map<Integer, RedoAddress> settled, RedoAddress a) {
    RedoAddress current = settled.get(a.thread());
    if (current == null) {
      return false;
    }
    RedoAddress end = plan.ends().get(a.thread());
    if (a.sequence() != end.sequence() || a.block() != end.block()) {
      return false;
    }
    if (a.compareTo(current) > 0) {
      settled.put(a.thread(), a);
    }
    return true;
  }

  /**
   * The plan's ends, with each end at a thread's last written block moved back to what that block
   * held when it was read: LGWR may write a partly filled block again with more records after those
   * already in it, so the block's last offset is not a safe cursor. The end becomes the highest
   * address read in that block (later records land above it), or the end of the block before when
   * none was read; never below the thread's cursor. Records in the block that the query left out
   * belong to nothing captured.
   */
  static Map<Integer, RedoAddress> settledEnds(StepPlan plan, List<RedoRow> rows) {
    Map<Integer, RedoAddress> settled = settling(plan);
    for (RedoRow row : rows) {
      settle(plan, settled, row.address());
    }
    Map<Integer, RedoAddress> ends = new HashMap<>(plan.ends());
    ends.putAll(settled);
    return ends;
  }

  private static StepRows cut(
      StepRowStore store,
      StepPlan plan,
      Map<Integer, RedoAddress> settled,
      RedoRow ddl,
      List<RedoRow> lastBlocks) {
    Map<Integer, RedoAddress> ends = new HashMap<>(settled);
    ends.merge(ddl.thread(), ddl.address(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
    store.forEach(
        row -> {
          if (row.scn().compareTo(ddl.scn()) > 0) {
            ends.merge(
                row.thread(), predecessor(row.address()), (a, b) -> a.compareTo(b) <= 0 ? a : b);
          }
        });
    return new StepRows(
        store, ends, Scn.min(plan.safeScn(), ddl.scn()), ddl, null, Map.copyOf(ends), lastBlocks);
  }

  private static StepRows cutBefore(
      StepRowStore store,
      StepPlan plan,
      Map<Integer, RedoAddress> settled,
      RedoRow first,
      List<RedoRow> lastBlocks) {
    Map<Integer, RedoAddress> ends = new HashMap<>(settled);
    ends.merge(first.thread(), predecessor(first.address()), (a, b) -> a.compareTo(b) <= 0 ? a : b);
    store.forEach(
        row -> {
          if (row.scn().compareTo(first.scn()) >= 0) {
            ends.merge(
                row.thread(), predecessor(row.address()), (a, b) -> a.compareTo(b) <= 0 ? a : b);
          }
        });
    Scn below = first.scn().equals(Scn.ZERO) ? Scn.ZERO : first.scn().minus(1);
    return new StepRows(
        store, ends, Scn.min(plan.safeScn(), below), null, first, Map.copyOf(ends), lastBlocks);
  }

  /**
   * The highest address below {@code a}: an inclusive end that leaves {@code a} for the next step.
   */
  static RedoAddress predecessor(RedoAddress a) {
    if (a.offset() > 0) {
      return new RedoAddress(a.thread(), a.sequence(), a.block(), a.offset() - 1);
    }
    if (a.block() > 0) {
      return new RedoAddress(a.thread(), a.sequence(), a.block() - 1, 0xFFFF);
    }
    if (a.sequence() > 0) {
      return new RedoAddress(a.thread(), a.sequence() - 1, 0xFFFF_FFFFL, 0xFFFF);
    }
    return a;
  }

  private static void check(RedoRow row) {
    if (row.operationCode() == RedoRow.MISSING_SCN) {
      throw new CdcException(
          ErrorCode.LOG_SEQUENCE_GAP,
          "LogMiner reports missing redo (MISSING_SCN) at "
              + row.address()
              + ", SCN "
              + row.scn()
              + (row.info() == null ? "" : ": " + row.info()));
    }
    if (row.status() == 1343 || "CORRUPTED_BLOCKS".equals(row.operation())) {
      throw new CdcException(
          ErrorCode.CORRUPT_REDO,
          "LogMiner reports corrupted blocks at "
              + row.address()
              + ", SCN "
              + row.scn()
              + (row.info() == null ? "" : ": " + row.info()));
    }
  }
}
