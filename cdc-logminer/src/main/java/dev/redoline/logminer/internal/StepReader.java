package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

/**
 * Reads one whole step into memory (docs/architecture.md#a-step): CSF pieces
 * joined, rows outside the step's address interval dropped, a thread's end in its last written
 * block settled at what that block held ({@link #settledEnds}), and the interval cut at the first
 * DDL that changes what is captured.
 *
 * <h2>The DDL cut</h2>
 * A CREATE, DROP or ALTER of a captured (or to-be-captured) table at address {@code D} with SCN
 * {@code s} ends the step there: in {@code D}'s thread nothing after {@code D} is applied, and in
 * every thread nothing at or after the lowest address of a row with an SCN above {@code s}. Every
 * row at or below the cut has an SCN at or below {@code s} (so it belongs to the layouts before the
 * DDL), and every row above it is read again by the next step, after the object ids are resolved
 * again. Cutting by address, never by SCN, keeps the cursor exact: the set of applied rows is
 * always an address prefix of each thread.
 *
 * <h2>The cut before an unresolved object</h2>
 * A row that names a captured table but carries an object id the catalog has not resolved (a
 * partition made by an excluded user's DDL before the capture resolved it, or by recursive DDL
 * LogMiner shows no row for) ends the step just before it: in its thread nothing from it on, and in
 * every thread nothing at or after the lowest address of a row with an SCN at or above its own. The
 * catalog is resolved again and the next step reads the row with its object id known.
 */
final class StepReader {

  /** A step's rows and where they end. */
  record StepRows(List<RedoRow> rows, Map<Integer, RedoAddress> ends, Scn safeScn, RedoRow ddl, RedoRow unresolved) {
    /** Whether the step ended early, at a DDL or before an unresolved object. */
    boolean cut() {
      return ddl != null || unresolved != null;
    }
  }

  private StepReader() {}

  /**
   * Runs the query and reads every row.
   *
   * @param changesCapture whether a DDL row changes what is captured
   * @param unresolved whether a row names a captured table with an object id not resolved yet
   * @param fetched told how many rows were fetched when the read ends, also when it fails
   */
  static StepRows read(LogMinerGateway db, StepPlan plan, MiningQuery query, Predicate<RedoRow> changesCapture,
      Predicate<RedoRow> unresolved, LongConsumer fetched) throws SQLException {
    List<RedoRow> rows = new ArrayList<>();
    long count = 0;
    try (RowCursor cursor = db.query(query)) {
      StringBuilder pieces = null;
      for (RedoRow row = cursor.next(); row != null; row = cursor.next()) {
        count++;
        if (row.csf()) {
          pieces = pieces == null ? new StringBuilder(row.sqlRedo()) : pieces.append(row.sqlRedo());
          continue;
        }
        if (pieces != null) {
          row = row.withSqlRedo(pieces.append(row.sqlRedo()).toString());
          pieces = null;
        }
        if (plan.inInterval(row.address())) {
          check(row);
          rows.add(row);
        }
      }
      if (pieces != null) {
        throw new CdcException(ErrorCode.CORRUPT_REDO, "the last row of the step continues (CSF=1) but no "
            + "continuation row followed");
      }
    } finally {
      fetched.accept(count);
    }
    Map<Integer, RedoAddress> ends = settledEnds(plan, rows);
    for (RedoRow row : rows) {
      if (row.operationCode() == RedoRow.DDL && changesCapture.test(row)) {
        return cut(rows, plan, ends, row);
      }
      if (row.operationCode() != RedoRow.DDL && unresolved.test(row)) {
        return cutBefore(rows, plan, ends, row);
      }
    }
    return new StepRows(rows, ends, plan.safeScn(), null, null);
  }

  /**
   * The plan's ends, with each end at a thread's last written block moved back to what that block
   * held when it was read: LGWR may write a partly filled block again with more records after
   * those already in it, so the block's last offset is not a safe cursor. The end becomes the
   * highest address read in that block (later records land above it), or the end of the block
   * before when none was read; never below the thread's cursor. Records in the block that the
   * query left out belong to nothing captured.
   */
  static Map<Integer, RedoAddress> settledEnds(StepPlan plan, List<RedoRow> rows) {
    Map<Integer, RedoAddress> ends = new HashMap<>(plan.ends());
    for (Map.Entry<Integer, RedoAddress> entry : plan.ends().entrySet()) {
      RedoAddress end = entry.getValue();
      if (!plan.liveEnds().contains(entry.getKey())) {
        continue;        // a whole log, an anchor, or a thread held at its cursor
      }
      RedoAddress settled = predecessor(new RedoAddress(end.thread(), end.sequence(), end.block(), 0));
      RedoAddress cursor = plan.cursors().get(entry.getKey());
      if (cursor != null && cursor.compareTo(settled) > 0) {
        settled = cursor;
      }
      for (RedoRow row : rows) {
        RedoAddress a = row.address();
        if (a.thread() == end.thread() && a.sequence() == end.sequence() && a.block() == end.block()
            && a.compareTo(settled) > 0) {
          settled = a;
        }
      }
      ends.put(entry.getKey(), settled);
    }
    return ends;
  }

  private static StepRows cut(List<RedoRow> rows, StepPlan plan, Map<Integer, RedoAddress> settled, RedoRow ddl) {
    Map<Integer, RedoAddress> ends = new HashMap<>(settled);
    ends.merge(ddl.thread(), ddl.address(), (a, b) -> a.compareTo(b) <= 0 ? a : b);
    for (RedoRow row : rows) {
      if (row.scn().compareTo(ddl.scn()) > 0) {
        RedoAddress before = predecessor(row.address());
        ends.merge(row.thread(), before, (a, b) -> a.compareTo(b) <= 0 ? a : b);
      }
    }
    List<RedoRow> kept = new ArrayList<>();
    for (RedoRow row : rows) {
      if (row.address().compareTo(ends.get(row.thread())) <= 0) {
        kept.add(row);
      }
    }
    return new StepRows(kept, ends, Scn.min(plan.safeScn(), ddl.scn()), ddl, null);
  }

  private static StepRows cutBefore(List<RedoRow> rows, StepPlan plan, Map<Integer, RedoAddress> settled,
      RedoRow first) {
    Map<Integer, RedoAddress> ends = new HashMap<>(settled);
    for (RedoRow row : rows) {
      if (row == first || row.scn().compareTo(first.scn()) >= 0) {
        ends.merge(row.thread(), predecessor(row.address()), (a, b) -> a.compareTo(b) <= 0 ? a : b);
      }
    }
    List<RedoRow> kept = new ArrayList<>();
    for (RedoRow row : rows) {
      if (row.address().compareTo(ends.get(row.thread())) <= 0) {
        kept.add(row);
      }
    }
    Scn below = first.scn().equals(Scn.ZERO) ? Scn.ZERO : first.scn().minus(1);
    return new StepRows(kept, ends, Scn.min(plan.safeScn(), below), null, first);
  }

  /** The highest address below {@code a}: an inclusive end that leaves {@code a} for the next step. */
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
      throw new CdcException(ErrorCode.LOG_SEQUENCE_GAP, "LogMiner reports missing redo (MISSING_SCN) at "
          + row.address() + ", SCN " + row.scn() + (row.info() == null ? "" : ": " + row.info()));
    }
    if (row.status() == 1343 || "CORRUPTED_BLOCKS".equals(row.operation())) {
      throw new CdcException(ErrorCode.CORRUPT_REDO, "LogMiner reports corrupted blocks at " + row.address()
          + ", SCN " + row.scn() + (row.info() == null ? "" : ": " + row.info()));
    }
  }
}
