package dev.redoline.simulator.internal.sql;

import static dev.redoline.simulator.internal.sql.SqlValues.scn;
import static dev.redoline.simulator.internal.sql.ViewColumn.number;
import static dev.redoline.simulator.internal.sql.ViewColumn.raw;
import static dev.redoline.simulator.internal.sql.ViewColumn.text;

import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.oracle.AddedLog;
import dev.redoline.simulator.internal.oracle.LogFile;
import dev.redoline.simulator.internal.oracle.LogGap;
import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.RedoThread;
import dev.redoline.simulator.internal.oracle.ServerMiningSession;
import dev.redoline.simulator.internal.oracle.SessionChecks;
import dev.redoline.simulator.internal.oracle.TxState;
import java.util.ArrayList;
import java.util.List;

/**
 * V$TRANSACTION, V$SESSION and their GV$ views, and V$LOGMNR_LOGS of the selecting session's
 * LogMiner session.
 */
public final class SessionViews {

  static final List<ViewColumn> TRANSACTION_COLUMNS =
      List.of(
          number("XIDUSN"),
          number("XIDSLOT"),
          number("XIDSQN"),
          raw("XID"),
          number("START_SCN"),
          text("STATUS"),
          number("CON_ID"),
          raw("SES_ADDR"));

  /**
   * V$SESSION: the sessions of the open transactions and each instance's log writer (the only
   * sessions the simulator models), with what each is waiting for.
   */
  static final List<ViewColumn> SESSION_COLUMNS =
      List.of(
          raw("SADDR"),
          number("SID"),
          text("USERNAME"),
          number("CON_ID"),
          text("PROGRAM"),
          text("EVENT"),
          text("STATE"));

  /**
   * The SID the simulator gives each instance's LGWR (transactions' sessions have SIDs from 1000).
   */
  private static final int LGWR_SID = 10;

  private SessionViews() {}

  /**
   * The started transactions of the session's instance, or of every instance (GV$, INST_ID first),
   * of the containers the session sees (a container data object: CONTAINER_DATA decides at the
   * root).
   */
  static List<Object[]> transactions(Session s, boolean allInstances) {
    List<Object[]> out = new ArrayList<>();
    for (TxState tx : s.redo().openTransactions()) {
      if (!tx.started()
          || !(allInstances || tx.instance() == s.instance())
          || !s.sees(allInstances ? "GV$TRANSACTION" : "V$TRANSACTION", Math.max(tx.conId(), 0))) {
        continue;
      }
      out.add(
          withInstance(
              allInstances,
              tx.instance(),
              new Object[] {
                tx.xid().usn(),
                tx.xid().slot(),
                tx.xid().sequence(),
                s.settings().xidRaw(tx.xid()),
                scn(tx.startScn()),
                "ACTIVE",
                Math.max(tx.conId(), 0),
                sessionAddress(tx)
              }));
    }
    return out;
  }

  /**
   * The session of each started transaction, as V$SESSION shows it: SADDR (what V$TRANSACTION's
   * SES_ADDR points at), SID and USERNAME, the user that began the transaction. GV$SESSION adds
   * INST_ID first.
   */
  static List<Object[]> sessions(Session s, boolean allInstances) {
    List<Object[]> out = new ArrayList<>();
    for (RedoThread t : s.redo().threads()) {
      if (t.open()
          && !s.instances().isDown(t.instance())
          && (allInstances || t.instance() == s.instance())) {
        out.add(withInstance(allInstances, t.instance(), logWriter(s.redo(), t)));
      }
    }
    for (TxState tx : s.redo().openTransactions()) {
      if (!tx.started() || !(allInstances || tx.instance() == s.instance())) {
        continue;
      }
      out.add(
          withInstance(
              allInstances,
              tx.instance(),
              new Object[] {
                sessionAddress(tx),
                tx.xid().usn() * 1_000 + tx.xid().slot(),
                tx.user(),
                Math.max(tx.conId(), 0),
                "JDBC Thin Client",
                "SQL*Net message from client",
                "WAITING"
              }));
    }
    return out;
  }

  /**
   * The LGWR of the thread's instance. With LGWR writing only on demand (an interval of zero), redo
   * waiting in the buffer stands for a write that has not completed, as on a stalled log device:
   * LGWR then waits on 'log file parallel write'. Otherwise it sleeps on its timer.
   */
  private static Object[] logWriter(RedoLog redo, RedoThread t) {
    boolean writing = redo.lgwrInterval().isZero() && !t.buffer().isEmpty();
    byte[] address = java.nio.ByteBuffer.allocate(8).putInt(t.instance()).putInt(-1).array();
    return new Object[] {
      address,
      LGWR_SID,
      null,
      0,
      "oracle@sim (LGWR)",
      writing ? "log file parallel write" : "rdbms ipc message",
      "WAITING"
    };
  }

  private static Object[] withInstance(boolean allInstances, int instance, Object[] row) {
    if (!allInstances) {
      return row;
    }
    Object[] withId = new Object[row.length + 1];
    withId[0] = instance;
    System.arraycopy(row, 0, withId, 1, row.length);
    return withId;
  }

  /** A session address of the transaction's own: one simulated session per transaction. */
  private static byte[] sessionAddress(TxState tx) {
    return java.nio.ByteBuffer.allocate(8)
        .putInt(tx.instance())
        .putShort((short) tx.xid().usn())
        .putShort((short) tx.xid().slot())
        .array();
  }

  /**
   * The logs of the session (STATUS 0, the first 1; 2 when outside a started session's range), then
   * a MISSING_LOGFILE row (STATUS 4) per run of missing sequences.
   */
  static List<Object[]> sessionLogs(Session s) {
    List<Object[]> out = new ArrayList<>();
    long id = 1;
    ServerMiningSession session = s.session();
    for (AddedLog a : s.added()) {
      LogFile f = a.log();
      int status =
          id == 1
              ? 1
              : session != null
                      && (f.nextScn() <= session.startScn() || f.firstScn() > session.endScn())
                  ? 2
                  : 0;
      out.add(
          new Object[] {
            id++,
            a.fileName(),
            f.thread(),
            f.sequence(),
            scn(f.firstScn()),
            f.current() ? SqlValues.MAX_SCN : scn(f.nextScn()),
            status,
            null,
            SqlValues.yesNo(f.dictionaryBegin()),
            SqlValues.yesNo(f.dictionaryEnd())
          });
    }
    for (LogGap gap :
        session != null ? session.gaps() : SessionChecks.between(s.redo(), s.added())) {
      out.add(
          new Object[] {
            id++,
            gap.description(),
            gap.thread(),
            gap.fromSequence(),
            scn(gap.firstScn()),
            scn(gap.nextScn()),
            4,
            "MISSING_LOGFILE",
            "NO",
            "NO"
          });
    }
    return out;
  }
}
