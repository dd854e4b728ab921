package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.Sleeper;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * What the capture does after a failed step (docs/architecture.md#errors): the failure classified
 * ({@link FailureClassifier}), then the same cursor mined again, with a narrower window after a
 * timeout, the logs listed again after a backoff, or the connection closed and opened again after a
 * backoff; the capture stops when the attempts or {@code cdc.retry.max.time.ms} run out, or at once
 * when no retry can help. It also decides when {@code cdc.snapshot.mode=when_needed} starts over
 * ({@link #startsOver}). Capture thread only.
 *
 * <p>A step that fails part way, after it fetched rows, with an error a retry can get past also
 * narrows the window: a step is applied whole or not at all, so under errors that come at some rate
 * per row fetched (a network dropping long transfers), only a shorter read gets through. Such a
 * failure also starts the reconnect waits over at {@code cdc.retry.backoff.initial.ms}, because the
 * database answered since the last wait; the time budget keeps running from the first failure until
 * a step succeeds, so a database that fails every read still stops the capture.
 */
final class RecoveryPolicy {

  private final CaptureSettings settings;
  private final CaptureConnection connection;
  private final MiningWindow window;
  private final MiningSession session;
  private final CaptureStats stats;
  private final OpsLog ops;
  private final Sleeper sleeper;
  private final SnapshotSettings.Mode snapshotMode;
  private final Backoff backoff;

  /** The wait between listings of the logs while LogMiner misses one (ORA-01291). */
  private final Backoff inventoryBackoff;

  private int remines;

  /** Whether the last connection attempt failed, so the next success is worth an ops event. */
  private boolean reconnecting;

  /**
   * What a recovery acts on before the step runs again: the connection it closes, the window it
   * narrows and the LogMiner session it ends.
   */
  record Resets(CaptureConnection connection, MiningWindow window, MiningSession session) {}

  RecoveryPolicy(
      CaptureSettings settings,
      SnapshotSettings.Mode snapshotMode,
      Resets resets,
      MiningStep.Reporting reporting,
      Sleeper sleeper,
      Clock clock) {
    this.settings = settings;
    this.snapshotMode = snapshotMode;
    this.connection = resets.connection();
    this.window = resets.window();
    this.session = resets.session();
    this.stats = reporting.stats();
    this.ops = reporting.ops();
    this.sleeper = sleeper;
    this.backoff =
        new Backoff(
            settings.backoffInitial(), settings.backoffMax(), settings.retryMaxTime(), clock);
    this.inventoryBackoff =
        new Backoff(
            settings.backoffInitial(), settings.backoffMax(), settings.retryMaxTime(), clock);
  }

  /**
   * Decides what the failed step leads to and waits where the decision says to.
   *
   * @param stepStart where the failed step started, for the messages
   * @param rowsFetched how many rows the failed step's query fetched before the failure
   * @throws CdcException when the capture must stop
   */
  void recover(Exception e, String stepStart, long rowsFetched) throws InterruptedException {
    Failure failure = FailureClassifier.classify(e);
    switch (failure.action()) {
      case REMINE, SHRINK_WINDOW -> {
        if (++remines > settings.remineMaxAttempts()) {
          throw new CdcException(
              failure.code(),
              (failure.code() == ErrorCode.LOG_PURGED
                      ? "an archived log V$ARCHIVED_LOG lists as available is not on disk: "
                          + ArchivedFile.named(failure.detail())
                          + "; "
                      : "")
                  + "the step from "
                  + stepStart
                  + " failed "
                  + remines
                  + " times in a row; last: "
                  + failure.detail(),
              e);
        }
        session.reset();
        if (failure.action() == Failure.Action.SHRINK_WINDOW) {
          if (window.onTimeout()) {
            ops.event(
                OpsEvent.Type.WINDOW_CHANGED,
                "query timed out; window narrowed to " + window.shown());
          }
        } else {
          narrowAfterPartialRead(rowsFetched, failure);
        }
        stats.remined();
        ops.event(OpsEvent.Type.REMINE, "step mined again: " + failure.detail());
      }
      case REINVENTORY -> {
        session.reset();
        Optional<Duration> wait = inventoryBackoff.next();
        if (wait.isEmpty()) {
          throw new CdcException(
              failure.code(),
              "LogMiner still misses a log of the step from "
                  + stepStart
                  + " after "
                  + inventoryBackoff.elapsed().toMillis()
                  + " ms of listing the logs again (cdc.retry.max.time.ms="
                  + settings.retryMaxTime().toMillis()
                  + "): "
                  + failure.detail(),
              e);
        }
        stats.remined();
        ops.event(
            OpsEvent.Type.REMINE,
            "a log of the step is missing; listing the logs again in "
                + wait.get().toMillis()
                + " ms: "
                + failure.detail());
        sleeper.sleep(wait.get());
      }
      case RECONNECT -> {
        connection.close();
        if (narrowAfterPartialRead(rowsFetched, failure)) {
          backoff.restartDelays();
        }
        Optional<Duration> wait = backoff.next();
        if (wait.isEmpty()) {
          throw new CdcException(
              ErrorCode.TRANSIENT_DATABASE_ERROR,
              "still failing after "
                  + backoff.elapsed().toMillis()
                  + " ms (cdc.retry.max.time.ms="
                  + settings.retryMaxTime().toMillis()
                  + "): "
                  + failure.detail(),
              e);
        }
        stats.reconnected();
        reconnecting = true;
        ops.event(
            OpsEvent.Type.RECONNECT,
            "reconnecting in " + wait.get().toMillis() + " ms: " + failure.detail());
        sleeper.sleep(wait.get());
      }
      case STOP -> throw failure.toException();
    }
  }

  /**
   * After a step that failed having fetched rows: the next step covers half as many logs, with an
   * ops event when that changes the window. Whether the read had got part way.
   */
  private boolean narrowAfterPartialRead(long rowsFetched, Failure failure) {
    if (rowsFetched == 0) {
      return false;
    }
    if (window.onTimeout()) {
      ops.event(
          OpsEvent.Type.WINDOW_CHANGED,
          "step failed after "
              + rowsFetched
              + " rows fetched; window narrowed to "
              + window.shown()
              + ": "
              + failure.detail());
    }
    return true;
  }

  /** A step succeeded: the next failure starts with fresh attempts and budgets. */
  void succeeded() {
    backoff.reset();
    inventoryBackoff.reset();
    remines = 0;
  }

  /** A connection was opened: after failed attempts, an ops event says how long they took. */
  void connected() {
    if (reconnecting) {
      reconnecting = false;
      ops.event(
          OpsEvent.Type.RECONNECTED,
          "connected to the database again after " + backoff.elapsed().toMillis() + " ms");
    }
  }

  /**
   * {@code cdc.snapshot.mode=when_needed}: whether the capture starts over at the current SCN with
   * a new snapshot of every captured table, because the redo its position needs is gone (CDC-2002):
   * a stored position's at a restart, or a running capture's whose next log was deleted before it
   * was mined. Either way a restart from that position would meet the same.
   */
  boolean startsOver(CdcException e) {
    return e.errorCode() == ErrorCode.LOG_PURGED
        && snapshotMode == SnapshotSettings.Mode.WHEN_NEEDED;
  }
}
