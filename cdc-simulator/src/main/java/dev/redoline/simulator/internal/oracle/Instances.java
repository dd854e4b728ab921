package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.sql.SqlEngine;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The instances of the (RAC) database and the connections to them: shutdown, crash, startup with
 * crash recovery (requirement 32), and the faults that reach every connection at once.
 */
public final class Instances {

  private final Database oracle;
  private final Set<Integer> down = new HashSet<>();
  private final Set<Integer> crashed = new HashSet<>();
  public final List<Session> sessions = new ArrayList<>();

  Instances(Database oracle) {
    this.oracle = oracle;
  }

  public boolean isDown(int instance) {
    return down.contains(instance);
  }

  public void requireUp(int instance) {
    if (down.contains(instance)) {
      throw new IllegalStateException("Instance " + instance + " is down");
    }
  }

  /** See {@link SimulatedOracle#shutdownInstance}. */
  public void shutdown(int instance, boolean abort) {
    RedoLog redo = oracle.redo();
    RedoThread t = redo.thread(instance);
    List<Transaction> mine = oracle.transactions().openOn(instance);
    if (abort) {
      t.buffer().clear();
      mine.forEach(tx -> tx.state.strand().clear());
      crashed.add(instance);
    } else {
      mine.forEach(Transaction::rollback);
      redo.flush(t);
    }
    t.open(false);
    t.checkpointScn(Math.max(t.lastRedoScn(), t.checkpointScn()));
    down.add(instance);
  }

  /** See {@link SimulatedOracle#startupInstance}. */
  public void startup(int instance, int recoveringThread) {
    RedoThread t = oracle.redo().thread(instance);
    down.remove(instance);
    t.open(true);
    oracle.redo().switchLog(t);
    if (crashed.remove(instance)) {
      for (Transaction tx : oracle.transactions().openOn(instance)) {
        tx.recoverOnThread(recoveringThread);
      }
    }
  }

  /**
   * A new session on an instance: ORA-01034 when it is down. V$TRANSACTION in the session shows
   * that instance's transactions only.
   */
  Session connect(int instance) throws SQLException {
    if (instance < 1 || instance > oracle.redo().threads.size()) {
      throw OracleErrors.error(12514);
    }
    oracle.faults().before(GatewayCall.CONNECT, null);
    if (down.contains(instance)) {
      throw OracleErrors.error(1034);
    }
    Session session = new Session(oracle, instance, SqlEngine::open);
    sessions.add(session);
    return session;
  }

  /** Switches each thread whose online logs a session has added until those groups are reused. */
  public void reuseOnlineLogsReadBySessions() {
    Set<Integer> threads = new HashSet<>();
    for (Session c : sessions) {
      threads.addAll(c.threadsReadOnline());
    }
    for (int thread : threads) {
      RedoThread t = oracle.redo().thread(thread);
      for (int i = 0; i < t.groups().size(); i++) {
        oracle.redo().switchLog(t);
      }
    }
  }
}
