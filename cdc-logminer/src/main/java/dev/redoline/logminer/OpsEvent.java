package dev.redoline.logminer;

import java.time.Instant;

/**
 * Something an operator may want to know that is not a change: a dead letter, an orphaned
 * transaction, the window growing or shrinking, a session restarted, a reconnect and its end.
 *
 * @param type what happened
 * @param time when (engine clock)
 * @param message one line for people; never holds column values
 */
public record OpsEvent(Type type, Instant time, String message) {

  /** The kinds of ops events. */
  public enum Type {
    DEAD_LETTER(true),
    ORPHAN(true),
    WINDOW_CHANGED(false),
    SESSION_RESTARTED(false),
    RECONNECT(true),
    /** Connected again after one or more {@link #RECONNECT}s. */
    RECONNECTED(true),
    REMINE(false),
    WAITING_FOR_ARCHIVE(false),
    COMMIT_OUT_OF_ORDER(true),
    /**
     * A snapshot was queued, continued or begun again after a restart, or completed; the rule
     * before a table's first chunk applied; a table's last remaining row was read again to carry
     * the mark {@code last}.
     */
    SNAPSHOT_PROGRESS(false),
    /**
     * A snapshot chunk was read again smaller (ORA-01555), again later (ORA-01466), or skipped a
     * table.
     */
    SNAPSHOT_RETRY(true),
    /** A snapshot signal or request could not be carried out and was skipped (CDC-4011). */
    SIGNAL_SKIPPED(true),
    /**
     * Steps began or stopped being mined by several LogMiner sessions at once ({@code
     * cdc.mining.sessions}): the message says which, with the sessions and archived logs.
     */
    PARALLEL_MINING(false),
    /** A verification found the target equal to Oracle (the message is the report's summary). */
    VERIFIED(false),
    /** A verification found keys that differ, or tables it could not compare. */
    VERIFY_DIFFERENCES(true),
    /** A verification could not run to its end (the message has the CDC code and its cause). */
    VERIFY_FAILED(true),
    /**
     * An open transaction was dropped from the buffer on request (EmbeddedEngine.dropTransaction, a
     * drop-transaction signal): the message names it and its size.
     */
    TRANSACTION_DROPPED(true),
    /**
     * The backlog (archived logs not yet mined, or the time behind) has stayed above where it was
     * for longer than {@code cdc.backlog.growth.warn.ms}: once per episode, with both figures then
     * and now.
     */
    BACKLOG_GROWING(true),
    /**
     * Kafka Connect: change records were written with a commit time older than their topic's {@code
     * retention.ms}, so the broker deletes them at once; once per topic until its records are
     * inside the retention again.
     */
    RECORDS_PAST_RETENTION(true),
    /**
     * The database was opened with RESETLOGS above what the capture delivered: the capture mined
     * the parent incarnation up to the RESETLOGS SCN and goes on in the new one; the message names
     * both incarnations and how many open transactions (rolled back by the RESETLOGS) it dropped.
     */
    RESETLOGS(true),
    /**
     * GV$TRANSACTION hides the open transactions of captured PDBs from the capture user (no
     * CONTAINER_DATA for it): a first start reads redo from the oldest online log instead of the
     * open transactions' start, and no step starts its LogMiner session above its logs' first SCN.
     * The message names the PDBs and the grant that ends it.
     */
    TRANSACTIONS_HIDDEN(true);

    private final boolean noticeable;

    Type(boolean noticeable) {
      this.noticeable = noticeable;
    }

    /**
     * Whether a user should notice it (logged at WARN): the database connection was lost, a row
     * went to the dead letters, a transaction was dropped as an orphan, a transaction arrived after
     * a later commit was already delivered (a RAC thread written later than LGWR's delay). Routine
     * events (a step mined again after a log switch, the window or session adapting, waiting for an
     * archive) are logged at DEBUG; all of them reach the ops topic either way.
     */
    public boolean noticeable() {
      return noticeable;
    }
  }
}
