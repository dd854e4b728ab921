package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.RedoAddress;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.internal.jdbc.ServerCursor;
import dev.redoline.simulator.internal.jdbc.Session;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * What fetching from {@code V$LOGMNR_CONTENTS} can raise, row by row, as LogMiner does while the
 * client reads: planned faults at each row ({@link GatewayCall#NEXT}), ORA-01013 on cancel or when
 * the query's simulated cost passes its timeout (the session stays usable), the PGA limit, and
 * ORA-00310 when the online log a row comes from was reused since the query started (it repeats on
 * every try of the same range). At the end: the record LogMiner could not get past.
 */
public final class MiningChecks implements ServerCursor.RowCheck {

  private final Session session;
  private final ServerMiningSession miner;
  private final MiningRun run;
  private final SQLException unreadable;
  private final Duration timeout;
  private final int threadColumn;
  private final int rsIdColumn;
  private boolean costCharged;

  /** Under LogMiner's pace: the query's work, the rows of its result and those taken so far. */
  private final LogMinerCpus.Job paced;

  private long resultRows;
  private long taken;
  private volatile boolean cancelled;

  public MiningChecks(
      Session session, MiningRun run, SQLException unreadable, int timeoutSeconds, ResultSet rs)
      throws SQLException {
    this.session = session;
    this.miner = session.session();
    this.run = run;
    this.unreadable = unreadable;
    this.timeout = Duration.ofSeconds(timeoutSeconds);
    this.threadColumn = column(rs, "THREAD#");
    this.rsIdColumn = column(rs, "RS_ID");
    LogMinerPacer pacer = session.pacer();
    if (pacer != null && run != null) {
      rs.last();
      resultRows = rs.getRow();
      rs.beforeFirst();
      paced = pacer.query(session, run.records().size(), run.bytesDecoded());
    } else {
      paced = null;
    }
  }

  private static int column(ResultSet rs, String label) throws SQLException {
    var md = rs.getMetaData();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      if (label.equalsIgnoreCase(md.getColumnLabel(i))) {
        return i;
      }
    }
    return 0;
  }

  @Override
  public void beforeRow(ResultSet row) throws SQLException {
    session.enter(GatewayCall.NEXT);
    if (cancelled) {
      cancelled = false;
      throw OracleErrors.error(1013);
    }
    if (!costCharged) {
      costCharged = true;
      if (run != null && !timeout.isZero() && run.cost().compareTo(timeout) > 0) {
        throw OracleErrors.error(1013);
      }
    }
    checkMemory();
    checkSourceLog(row);
  }

  /** An online log that now holds another sequence cannot be read: ORA-00310 with ORA-00334. */
  private void checkSourceLog(ResultSet row) throws SQLException {
    if (threadColumn == 0 || rsIdColumn == 0) {
      return;
    }
    int thread = row.getInt(threadColumn);
    String rsId = row.getString(rsIdColumn);
    if (thread == 0 || rsId == null) {
      return;
    }
    long sequence = RedoAddress.parseRsId(thread, rsId).sequence();
    for (AddedLog a : session.added()) {
      LogFile f = a.log();
      if (f.thread() == thread && f.sequence() == sequence && a.online() && f.overwritten()) {
        throw OracleErrors.logReused(
            a.fileName(),
            f.sequence() + session.redo().thread(thread).groups().size(),
            f.sequence());
      }
    }
  }

  private void checkMemory() throws SQLException {
    if (miner == null) {
      return;
    }
    long pga = miner.pgaBytes(session.settings(), session.clock().instant());
    if (pga <= session.settings().pgaLimitBytes()) {
      return;
    }
    switch (session.settings().pgaExhaustion()) {
      case ORA_04036 -> throw OracleErrors.error(4036);
      case ORA_04030 -> {
        session.lose();
        throw OracleErrors.outOfProcessMemory(8_392_728);
      }
      default -> {
        session.lose();
        throw OracleErrors.error(28);
      }
    }
  }

  @Override
  public void atEnd() throws SQLException {
    if (unreadable != null) {
      throw unreadable;
    }
  }

  /**
   * LogMiner makes the rows in order, at its pace: the client's first {@code n} of {@code m} rows
   * are ready once the START_LOGMNR work the query pays and {@code n / m} of the rest is done, the
   * end once all of it is.
   */
  @Override
  public void afterBatch(int rows, boolean done) throws SQLException {
    if (paced == null) {
      return;
    }
    taken += rows;
    double target = done ? paced.work() : paced.rowsMade(taken, resultRows);
    session.pacer().await(paced, target);
  }

  @Override
  public void closed() {
    if (paced != null) {
      session.pacer().stopped(session, paced);
    }
  }

  @Override
  public void cancel() {
    cancelled = true;
  }
}
