package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.internal.oracle.FlashbackQuery;
import dev.redoline.simulator.internal.oracle.LogFileOption;
import dev.redoline.simulator.internal.oracle.LogMinerOption;
import dev.redoline.simulator.internal.oracle.MiningChecks;
import dev.redoline.simulator.internal.oracle.OracleErrors;
import dev.redoline.simulator.internal.oracle.StartRequest;
import dev.redoline.simulator.internal.sql.AlterSession;
import dev.redoline.simulator.internal.sql.ContentsQuery;
import dev.redoline.simulator.internal.sql.ContentsRows;
import dev.redoline.simulator.internal.sql.ContentsView;
import dev.redoline.simulator.internal.sql.PlsqlCall;
import dev.redoline.simulator.internal.sql.ReferencedColumns;
import dev.redoline.simulator.internal.sql.SqlEngine;
import dev.redoline.simulator.internal.sql.View;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How a session runs the text a client sends: {@code ALTER SESSION} changes its NLS settings; an
 * anonymous block calls DBMS_LOGMNR ({@link PlsqlCall}); a SELECT goes to the SQL engine verbatim,
 * with its binds, over the views ({@link View}). The only rewriting is mechanical: {@code
 * SYSTIMESTAMP} and {@code SYSDATE} become calls of the simulator's clock, and a user table ({@code
 * FROM OWNER.TABLE [AS OF SCN n]}) a call of its rows ({@link FlashbackQuery}). One exception, for
 * speed: a SELECT of plain V$LOGMNR_CONTENTS columns whose WHERE clause uses only the comparisons
 * {@code ContentsQuery} knows is evaluated, from its own text and binds, by the simulator (the same
 * rows as the SQL engine gives, which its test compares). Anything else (DML, DDL) is refused with
 * ORA-01031: the capture user of the simulated database may only read.
 *
 * <p>Each statement counts as one {@link GatewayCall} for planned faults, found by the view it
 * reads; statements on other views (privileges, containers, key columns) only check the connection.
 */
public final class Statements {

  private static final Pattern SYSTIMESTAMP =
      Pattern.compile("\\bSYSTIMESTAMP\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern SYSDATE = Pattern.compile("\\bSYSDATE\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern DBTIMEZONE =
      Pattern.compile("\\bDBTIMEZONE\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern ONLINE_LOG = Pattern.compile("\\bG?V\\$LOG\\b");

  private Statements() {}

  static ServerCursor execute(Session s, String text, List<Object> binds, int timeoutSeconds)
      throws SQLException {
    String upper = text.strip().toUpperCase(Locale.ROOT);
    if (upper.startsWith("ALTER SESSION")) {
      String container = AlterSession.container(text);
      if (container != null) {
        s.switchContainer(container);
        return ServerCursor.none();
      }
      s.alterSession(AlterSession.apply(s.nls(), text), AlterSession.sort(s.sort(), text));
      return ServerCursor.none();
    }
    if (PlsqlCall.isBlock(upper)) {
      call(s, PlsqlCall.parse(text, binds));
      return ServerCursor.none();
    }
    if (upper.startsWith("SELECT") || upper.startsWith("WITH")) {
      return select(s, text, upper, binds, timeoutSeconds);
    }
    s.check();
    throw OracleErrors.error(1031);
  }

  private static void call(Session s, PlsqlCall call) throws SQLException {
    switch (call.procedure()) {
      case "ADD_LOGFILE" -> {
        s.enter(GatewayCall.ADD_LOGFILE);
        Long option = call.number("OPTIONS");
        s.addLogFile(
            required(call.text("LOGFILENAME"), "LOGFILENAME"),
            option == null ? LogFileOption.ADDFILE : LogFileOption.of(option));
      }
      case "REMOVE_LOGFILE" -> {
        s.enter(GatewayCall.REMOVE_LOGFILE);
        s.removeLogFile(required(call.text("LOGFILENAME"), "LOGFILENAME"));
      }
      case "START_LOGMNR" -> {
        s.enter(GatewayCall.START_LOGMNR);
        Long start = call.number("STARTSCN");
        Long options = call.number("OPTIONS");
        s.startLogMiner(
            new StartRequest(
                start == null ? 0 : start,
                call.number("ENDSCN"),
                LogMinerOption.of(options == null ? 0 : options)));
      }
      case "END_LOGMNR" -> {
        s.enter(GatewayCall.END_LOGMNR);
        s.endLogMiner();
      }
      default ->
          throw new IllegalStateException(
              "parsed a procedure without a handler: " + call.procedure());
    }
  }

  private static String required(String value, String parameter) throws SQLException {
    if (value == null) {
      throw OracleErrors.stack(
          6550,
          "ORA-06550: line 1, column 7:\nPLS-00306: wrong number or types of "
              + "arguments in call ("
              + parameter
              + " missing)");
    }
    return value;
  }

  private static ServerCursor select(
      Session s, String text, String upper, List<Object> binds, int timeoutSeconds)
      throws SQLException {
    GatewayCall call = callOf(upper);
    if (call == null) {
      s.check();
    } else {
      s.enter(call);
    }
    s.contentsColumns(
        call == GatewayCall.QUERY ? ReferencedColumns.of(text, ContentsView.COLUMNS) : null);
    ContentsQuery own = call == GatewayCall.QUERY ? ContentsQuery.compile(text, binds) : null;
    if (own != null) {
      return mine(s, own, timeoutSeconds);
    }
    String sql =
        FlashbackQuery.rewrite(
            s,
            DBTIMEZONE
                .matcher(
                    SYSDATE
                        .matcher(SYSTIMESTAMP.matcher(text).replaceAll("SIM_SYSTIMESTAMP()"))
                        .replaceAll("SIM_SYSDATE()"))
                .replaceAll("SIM_DBTIMEZONE()"));
    PreparedStatement ps;
    try {
      // Under LogMiner's pace the mining query's rows are counted before the first fetch.
      ps =
          call == GatewayCall.QUERY && s.pacer() != null
              ? s.sqlEngine()
                  .prepareStatement(
                      sql, ResultSet.TYPE_SCROLL_INSENSITIVE, ResultSet.CONCUR_READ_ONLY)
              : s.sqlEngine().prepareStatement(sql);
    } catch (SQLException e) {
      throw SqlEngine.translate(e);
    }
    try {
      for (int i = 0; i < binds.size(); i++) {
        ps.setObject(i + 1, binds.get(i));
      }
      ResultSet rs = ps.executeQuery();
      ServerCursor cursor = new ServerCursor(ps, rs, null).describe();
      return call == GatewayCall.QUERY
          ? cursor.checked(
              new MiningChecks(
                  s,
                  s.takeRun(),
                  s.takeUnreadable(),
                  timeoutSeconds,
                  cursor.labels(),
                  () -> count(rs)))
          : cursor;
    } catch (SQLException e) {
      ps.close();
      throw SqlEngine.translate(e);
    }
  }

  /**
   * A mining query the simulator evaluates itself ({@link ContentsQuery}): the same rows, columns
   * and checks as through the SQL engine, each row made as it is fetched ({@code ContentsRows}).
   */
  private static ServerCursor mine(Session s, ContentsQuery query, int timeoutSeconds)
      throws SQLException {
    ContentsRows rows = ContentsView.open(s, query);
    return ServerCursor.of(query.labels(), query.types(), rows)
        .checked(
            new MiningChecks(
                s, s.takeRun(), s.takeUnreadable(), timeoutSeconds, query.labels(), rows::count));
  }

  /** The rows of a scrollable result, which is then before its first row again. */
  private static long count(ResultSet rs) throws SQLException {
    rs.last();
    long n = rs.getRow();
    rs.beforeFirst();
    return n;
  }

  /** The fault point of a SELECT, by the view it reads; {@code null} for views that have none. */
  static GatewayCall callOf(String upper) {
    if (upper.contains("V$LOGMNR_CONTENTS")) {
      return GatewayCall.QUERY;
    }
    if (upper.contains("V$LOGMNR_LOGS")) {
      return GatewayCall.SESSION_LOGS;
    }
    if (upper.contains("V$ARCHIVED_LOG")) {
      return GatewayCall.ARCHIVED_LOGS;
    }
    if (upper.contains("V$THREAD")) {
      return GatewayCall.THREADS;
    }
    if (ONLINE_LOG.matcher(upper).find()) {
      return GatewayCall.ONLINE_LOGS;
    }
    if (upper.contains("V$ARCHIVE_DEST_STATUS")) {
      return GatewayCall.ARCHIVE_DESTINATIONS;
    }
    if (upper.contains("V$PDBS")) {
      return GatewayCall.PDBS;
    }
    if (upper.contains("V$TRANSACTION")) {
      return GatewayCall.ACTIVE_TRANSACTIONS;
    }
    if (upper.contains("V$SESSION")) {
      return GatewayCall.REDO_WRITES;
    }
    if (upper.contains("_OBJECTS")) {
      return GatewayCall.OBJECTS;
    }
    if (upper.contains("_TAB_COLUMNS")) {
      return GatewayCall.TABLE_LAYOUT;
    }
    if (upper.contains("SCN_TO_TIMESTAMP")) {
      return GatewayCall.SCN_TO_TIMESTAMP;
    }
    if (upper.contains("TIMESTAMP_TO_SCN")) {
      return GatewayCall.TIMESTAMP_TO_SCN;
    }
    if (upper.contains("V$DATABASE")) {
      return GatewayCall.DATABASE;
    }
    return null;
  }
}
