package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.RedoAddress;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.internal.jdbc.ServerCursor;
import dev.redoline.simulator.internal.jdbc.Session;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

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

  /**
   * Checks for the rows of a mining query whose columns are {@code labels}; {@code resultRows}, the
   * rows of its whole result, is read only under LogMiner's pace.
   */
  public MiningChecks(
      Session session,
      MiningRun run,
      SQLException unreadable,
      int timeoutSeconds,
      List<String> labels,
      ResultRows resultRows)
      throws SQLException {
    this.session = session;
    this.miner = session.session();
    this.run = run;
    this.unreadable = unreadable;
    this.timeout = Duration.ofSeconds(timeoutSeconds);
    this.threadColumn = column(labels, "THREAD#");
    this.rsIdColumn = column(labels, "RS_ID");
    LogMinerPacer pacer = session.pacer();
    if (pacer != null && run != null) {
      this.resultRows = resultRows.count();
      paced = pacer.query(session, run.records().size(), run.bytesDecoded());
    } else {
      paced = null;
    }
  }

  /** The number of rows of the query's whole result, counted only when needed. */
  @FunctionalInterface
  public interface ResultRows {
    long count() throws SQLException;
  }

  private static int column(List<String> labels, String label) {
    for (int i = 0; i < labels.size(); i++) {
      if (label.equalsIgnoreCase(labels.get(i))) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public void beforeRow(Object[] row) throws SQLException {
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
  private void checkSourceLog(Object[] row) throws SQLException {
    if (threadColumn < 0 || rsIdColumn < 0 || !anyOnlineLogReused()) {
      return;
    }
    int thread = row[threadColumn] == null ? 0 : ((Number) row[threadColumn]).intValue();
    String rsId = (String) row[rsIdColumn];
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

  /** Whether an added online log now holds another sequence: only then is a row's RS_ID read. */
  private boolean anyOnlineLogReused() {
    for (AddedLog a : session.added()) {
      if (a.online() && a.log().overwritten()) {
        return true;
      }
    }
    return false;
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
