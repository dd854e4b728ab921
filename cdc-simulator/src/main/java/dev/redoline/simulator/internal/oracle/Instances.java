package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.internal.jdbc.Session;
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

  private final RedoLog redo;
  private final Set<Integer> down = new HashSet<>();
  private final Set<Integer> crashed = new HashSet<>();
  private final List<Session> sessions = new ArrayList<>();

  /** Makes a session on an instance that is up. */
  @FunctionalInterface
  public interface SessionOpener {
    Session open(int instance) throws SQLException;
  }

  public Instances(RedoLog redo) {
    this.redo = redo;
  }

  /** The sessions connected now, oldest first (a copy). */
  public List<Session> sessions() {
    return List.copyOf(sessions);
  }

  /** The session has closed: it no longer belongs to its instance. */
  public void closed(Session session) {
    sessions.remove(session);
  }

  public boolean isDown(int instance) {
    return down.contains(instance);
  }

  public void requireUp(int instance) {
    if (down.contains(instance)) {
      throw new IllegalStateException("Instance " + instance + " is down");
    }
  }

  /**
   * See {@link SimulatedOracle#shutdownInstance}: {@code transactions} holds the instance's open
   * transactions, rolled back or lost.
   */
  public void shutdown(int instance, boolean abort, TransactionTable transactions) {
    RedoThread t = redo.thread(instance);
    List<Transaction> mine = transactions.openOn(instance);
    if (abort) {
      t.buffer().clear();
      mine.forEach(tx -> tx.state().strand().clear());
      crashed.add(instance);
    } else {
      mine.forEach(Transaction::rollback);
      redo.flush(t);
    }
    t.open(false);
    t.checkpointScn(Math.max(t.lastRedoScn(), t.checkpointScn()));
    down.add(instance);
  }

  /**
   * See {@link SimulatedOracle#startupInstance}: after a crash, {@code recoveringThread} recovers
   * the instance's open transactions in {@code transactions}.
   */
  public void startup(int instance, int recoveringThread, TransactionTable transactions) {
    RedoThread t = redo.thread(instance);
    down.remove(instance);
    t.open(true);
    redo.switchLog(t);
    if (crashed.remove(instance)) {
      for (Transaction tx : transactions.openOn(instance)) {
        tx.recoverOnThread(recoveringThread);
      }
    }
  }

  /**
   * A new session on an instance: ORA-01034 when it is down. V$TRANSACTION in the session shows
   * that instance's transactions only.
   */
  public Session connect(int instance, FaultGate faults, SessionOpener opener) throws SQLException {
    if (instance < 1 || instance > redo.threads().size()) {
      throw OracleErrors.error(12514);
    }
    faults.before(GatewayCall.CONNECT, null);
    if (down.contains(instance)) {
      throw OracleErrors.error(1034);
    }
    Session session = opener.open(instance);
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
      RedoThread t = redo.thread(thread);
      for (int i = 0; i < t.groups().size(); i++) {
        redo.switchLog(t);
      }
    }
  }
}
