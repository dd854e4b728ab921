package dev.redoline.simulator;

import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.TransactionTable;
import java.util.Objects;

/**
 * How a new transaction runs: which instance (redo thread), which user, and whether its redo is
 * built in a private strand that reaches the log only at commit, strand-full or log switch.
 *
 * <pre>{@code
 * SimulatedTransaction tx = oracle.newTransaction().thread(2).user("BATCH").privateStrand().begin();
 * }</pre>
 */
public final class TransactionOptions {
  private final RedoLog redo;
  private final TransactionTable transactions;
  private int thread = 1;
  private String user = "APP";
  private boolean privateStrand;

  TransactionOptions(RedoLog redo, TransactionTable transactions) {
    this.redo = redo;
    this.transactions = transactions;
  }

  /** The instance (and redo thread) the session is connected to. */
  public TransactionOptions thread(int thread) {
    redo.thread(thread);
    this.thread = thread;
    return this;
  }

  /** USERNAME of the session. */
  public TransactionOptions user(String user) {
    this.user = Objects.requireNonNull(user, "user == null");
    return this;
  }

  /**
   * Builds the redo in a private strand (IMU): records reach the log late, with their old SCNs. Off
   * by default: supplemental logging, which every capture needs, reportedly disables private
   * strands and in-memory undo (docs/simulator.md, item b6); this stands in for the records that
   * several public strands put in the log after records with higher SCNs.
   */
  public TransactionOptions privateStrand() {
    this.privateStrand = true;
    return this;
  }

  public SimulatedTransaction begin() {
    return SimulatedTransaction.of(transactions.begin(thread, user, privateStrand));
  }
}
