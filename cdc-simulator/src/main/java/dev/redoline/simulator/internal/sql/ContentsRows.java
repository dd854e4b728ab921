package dev.redoline.simulator.internal.sql;

import dev.redoline.core.Xid;
import dev.redoline.simulator.internal.jdbc.ServerCursor;
import dev.redoline.simulator.internal.oracle.MiningRun;
import dev.redoline.simulator.internal.oracle.RedoRecord;
import dev.redoline.simulator.internal.oracle.RowFormatter;
import dev.redoline.simulator.internal.oracle.Settings;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of one {@code V$LOGMNR_CONTENTS} query, made from its run's redo records one record at a
 * time as the client fetches them, as LogMiner makes rows while the client reads: what the cursor
 * holds is the rows of one record, whatever the size of the logs it reads (a 2 GiB LOB written into
 * one log is a million records). Everything a row shows is decided when it is made: the WHERE
 * clause ({@link ContentsQuery}) and the dictionary at mining time, so a table changed between two
 * fetches shows its new state in the rows of the later one, as with real LogMiner's online catalog.
 *
 * <p>The rows stop before the first record LogMiner cannot get past ({@code end}); the error itself
 * is raised at the end by the cursor's checks, after every row before it.
 */
public final class ContentsRows implements ServerCursor.RowSource {

  /**
   * The index of the XID column in {@link ContentsView#COLUMNS}; XIDUSN, XIDSLT and XIDSQN come
   * just before it.
   */
  private static final int XID = 9;

  private final MiningRun run;
  private final int end;
  private final ContentsQuery query;
  private final RowFormatter formatter;
  private final boolean[] wanted;
  private final Settings settings;

  private int nextRecord;
  private List<Object[]> made = List.of();
  private int nextMade;

  /**
   * The rows of {@code run}'s records before {@code end} that {@code query} keeps, its columns
   * only; every row of the view when {@code query} is null. {@code wanted} are the columns the
   * statement can read (null: all), the others are left NULL.
   */
  ContentsRows(
      MiningRun run,
      int end,
      ContentsQuery query,
      RowFormatter formatter,
      boolean[] wanted,
      Settings settings) {
    this.run = run;
    this.end = end;
    this.query = query;
    this.formatter = formatter;
    this.wanted = wanted;
    this.settings = settings;
  }

  @Override
  public Object[] next() {
    while (nextMade >= made.size()) {
      if (nextRecord >= end) {
        made = List.of();
        nextMade = 0;
        return null;
      }
      made = rowsOf(run.records().get(nextRecord++));
      nextMade = 0;
    }
    Object[] row = made.get(nextMade);
    made.set(nextMade++, null); // handed out: the cursor's batch holds it now, not this
    return row;
  }

  /**
   * The number of rows of the whole result, made for the count and dropped (LogMiner's pace needs
   * it before the first fetch); the rows this source hands out are made again as they are taken.
   */
  public long count() {
    ContentsRows again = new ContentsRows(run, end, query, formatter, wanted, settings);
    long n = 0;
    while (again.next() != null) {
      n++;
    }
    return n;
  }

  /** The rows of one record the query keeps, in order. */
  private List<Object[]> rowsOf(RedoRecord r) {
    List<Object[]> out = new ArrayList<>(2);
    if (query != null && query.decidesPerRecord()) {
      // The clause reads no column that differs between a record's CSF pieces: decided once on
      // the columns they share, and the SQL is rendered only for a record it keeps.
      Object[] head = onlyWanted(inPlatformByteOrder(formatter.head(r)));
      if (query.keeps(head)) {
        for (Object[] row : formatter.pieces(r, head)) {
          out.add(query.project(onlyWanted(row)));
        }
      }
      return out;
    }
    for (Object[] row : formatter.rows(r)) {
      Object[] full = onlyWanted(inPlatformByteOrder(row));
      if (query == null) {
        out.add(full);
      } else if (query.keeps(full)) {
        out.add(query.project(full));
      }
    }
    return out;
  }

  /**
   * The row with the columns the statement never names left NULL: the SQL engine need not convert
   * them.
   */
  private Object[] onlyWanted(Object[] row) {
    if (wanted != null) {
      for (int i = 0; i < row.length; i++) {
        if (!wanted[i]) {
          row[i] = null;
        }
      }
    }
    return row;
  }

  /**
   * The row with its XID RAW(8) in the platform's byte order; the numeric XID columns are the same
   * everywhere.
   */
  private Object[] inPlatformByteOrder(Object[] row) {
    if (settings.byteOrder() != ByteOrder.LITTLE_ENDIAN) {
      Xid xid =
          new Xid(
              (Integer) row[XID - 3], (Integer) row[XID - 2], ((Number) row[XID - 1]).longValue());
      row[XID] = settings.xidRaw(xid);
    }
    return row;
  }
}
