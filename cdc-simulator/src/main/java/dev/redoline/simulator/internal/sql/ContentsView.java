package dev.redoline.simulator.internal.sql;

import static dev.redoline.simulator.internal.sql.ViewColumn.date;
import static dev.redoline.simulator.internal.sql.ViewColumn.number;
import static dev.redoline.simulator.internal.sql.ViewColumn.raw;
import static dev.redoline.simulator.internal.sql.ViewColumn.text;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Xid;
import dev.redoline.simulator.SupplementalLogging;
import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.oracle.Catalog;
import dev.redoline.simulator.internal.oracle.LogMinerOption;
import dev.redoline.simulator.internal.oracle.MiningRun;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import dev.redoline.simulator.internal.oracle.RecordKind;
import dev.redoline.simulator.internal.oracle.RedoRecord;
import dev.redoline.simulator.internal.oracle.RowFormatter;
import dev.redoline.simulator.internal.oracle.ServerMiningSession;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code V$LOGMNR_CONTENTS}: every row LogMiner produces for the session's added logs between its
 * start and end SCN, in LogMiner's order, markers, MISSING_SCN and CORRUPTED_BLOCKS rows included.
 * The client's WHERE clause, evaluated by the SQL engine or by {@link ContentsQuery}, alone decides
 * which of them it receives. When {@link ContentsQuery} can decide on a whole record from the
 * columns its CSF pieces share, a record it drops never has its SQL_REDO or SQL_UNDO rendered.
 *
 * <p>The rows are made from the run's records as the client fetches them ({@link ContentsRows}), so
 * a query holds one record's rows at a time whatever the size of its logs; only the SQL engine's
 * path collects them all, as its table function must.
 *
 * <p>What LogMiner raises while it reads (ORA-01343 at corrupt blocks without SKIP_CORRUPTION,
 * ORA-01347 at a tracked DDL without supplemental logging) ends the rows at that record; the error
 * reaches the client after the rows before it, as a fetch would raise it ({@code MiningChecks}).
 */
public final class ContentsView {

  public static final List<ViewColumn> COLUMNS =
      List.of(
          number("SCN"),
          number("START_SCN"),
          number("COMMIT_SCN"),
          date("TIMESTAMP"),
          date("START_TIMESTAMP"),
          date("COMMIT_TIMESTAMP"),
          number("XIDUSN"),
          number("XIDSLT"),
          number("XIDSQN"),
          raw("XID"),
          text("OPERATION"),
          number("OPERATION_CODE"),
          number("ROLLBACK"),
          text("SEG_OWNER"),
          text("SEG_NAME"),
          text("TABLE_NAME"),
          text("ROW_ID"),
          text("USERNAME"),
          number("THREAD#"),
          text("RS_ID"),
          number("SSN"),
          number("CSF"),
          number("RBASQN"),
          number("RBABLK"),
          number("RBABYTE"),
          number("DATA_OBJ#"),
          number("DATA_OBJV#"),
          number("DATA_OBJD#"),
          text("SQL_REDO"),
          text("SQL_UNDO"),
          text("INFO"),
          number("STATUS"),
          text("SRC_CON_NAME"),
          number("SRC_CON_ID"),
          number("SRC_CON_UID"),
          number("CON_ID"));

  /**
   * The columns whose value differs between the CSF pieces of one record; all others are the
   * record's.
   */
  static final Set<String> PER_PIECE = Set.of("SQL_REDO", "SQL_UNDO", "CSF");

  /** The index of SQL_REDO in {@link #COLUMNS}. */
  private static final int SQL_REDO = 28;

  /** The index of SQL_UNDO in {@link #COLUMNS}. */
  private static final int SQL_UNDO = 29;

  private ContentsView() {}

  /**
   * SEG_OWNER, SEG_NAME (also TABLE_NAME), INFO and STATUS of a record's rows, as the dictionary at
   * mining time shows them.
   */
  public record Text(String owner, String table, String info, int status) {}

  /**
   * One row in {@link #COLUMNS} order, SQL_REDO, SQL_UNDO and CSF NULL: they are a CSF piece's
   * ({@link RowFormatter#pieces}).
   */
  public static Object[] row(
      RedoRecord r,
      int operationCode,
      Xid xid,
      Long startScn,
      Long commitScn,
      LocalDateTime startTime,
      LocalDateTime commitTime,
      Text t,
      Catalog.Container c,
      boolean cdb,
      String user) {
    RedoAddress a = r.shownAddress();
    boolean table = r.table() != null;
    return new Object[] {
      r.scn(), // SCNs as longs: the driver hands them out as NUMBER (ClientResultSet)
      startScn,
      commitScn,
      r.time(),
      startTime,
      commitTime,
      xid.usn(),
      xid.slot(),
      xid.sequence(),
      xid.toRaw(),
      r.kind().operation(),
      operationCode,
      r.kind().isUndo() ? 1 : 0,
      t.owner(),
      t.table(),
      t.table(),
      r.rowId(),
      user,
      a.thread(),
      r.shownRsId(),
      r.ssn(),
      null,
      a.sequence(),
      a.block(),
      a.offset(),
      table ? r.objectId() : null,
      table ? r.table().objectVersion() : null,
      table ? r.dataObjectId() : null,
      null,
      null,
      t.info(),
      t.status(),
      cdb ? c.name() : null,
      cdb ? c.conId() : null,
      cdb ? c.conUid() : null,
      cdb ? c.conId() : 0
    };
  }

  /**
   * The view's rows for the selecting session, all of them in a list (the SQL engine's table
   * function); ORA-01306 outside a started LogMiner session.
   */
  static List<Object[]> rows(Session s) throws SQLException {
    ContentsRows rows = open(s, null);
    List<Object[]> out = new ArrayList<>();
    for (Object[] row = rows.next(); row != null; row = rows.next()) {
      out.add(row);
    }
    return out;
  }

  /**
   * The rows {@code query} keeps, its columns only ({@link ContentsQuery}), every row of the view
   * when it is null, made as they are taken ({@link ContentsRows}); ORA-01306 outside a started
   * LogMiner session. The run and the record LogMiner cannot get past, if any, are told to the
   * session at once ({@link Session#mined}): finding that record needs no row made.
   */
  public static ContentsRows open(Session s, ContentsQuery query) throws SQLException {
    ServerMiningSession session = s.session();
    if (session == null) {
      throw OracleErrors.error(1306);
    }
    MiningRun run = MiningRun.evaluate(s.redo(), s.settings(), s.clock(), session, s.added());
    boolean[] wanted = s.contentsColumns();
    RowFormatter formatter =
        new RowFormatter(
            s.settings(),
            s.catalog(),
            session,
            s.nls(),
            wanted == null || wanted[SQL_REDO],
            wanted == null || wanted[SQL_UNDO]);
    List<RedoRecord> records = run.records();
    int end = 0;
    SQLException unreadable = null;
    while (end < records.size() && unreadable == null) {
      unreadable = unreadable(s, session, records.get(end));
      if (unreadable == null) {
        end++;
      }
    }
    s.mined(run, unreadable);
    return new ContentsRows(run, end, query, formatter, wanted, s.settings());
  }

  /**
   * Records LogMiner cannot get past: corrupt blocks without SKIP_CORRUPTION (ORA-01343), and a DDL
   * under DDL_DICT_TRACKING in a database without supplemental logging (ORA-01347). Both repeat on
   * every query of the range.
   */
  private static SQLException unreadable(Session s, ServerMiningSession session, RedoRecord r) {
    if (r.kind() == RecordKind.CORRUPTED_BLOCKS
        && !session.start().has(LogMinerOption.SKIP_CORRUPTION)) {
      return OracleErrors.error(1343);
    }
    if (r.kind() == RecordKind.DDL
        && session.start().has(LogMinerOption.DDL_DICT_TRACKING)
        && s.settings().supplementalLogging() == SupplementalLogging.NONE) {
      return OracleErrors.error(1347);
    }
    return null;
  }
}
