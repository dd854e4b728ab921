package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.TableId;
import dev.redoline.core.internal.PositionState;
import dev.redoline.decoder.internal.RedoDecoder;
import dev.redoline.logminer.Sleeper;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capture thread: connects, runs one {@link MiningStep} after another, and hands every failed
 * step to the {@link RecoveryPolicy}, which retries from the same cursor or stops the capture
 * (docs/architecture.md#a-step and #errors). Its parts are built by {@link CaptureAssembly}.
 *
 * <p>Every stop is a {@link CdcException}, queued behind the events already queued, so the sink
 * receives all committed changes mined before it.
 */
final class CaptureLoop implements Runnable {

  private static final Logger LOG = LoggerFactory.getLogger(CaptureLoop.class);

  private final CaptureConnection connection;
  private final MiningStep step;
  private final Positions positions;
  private final RecoveryPolicy recovery;
  private final Snapshots snapshots;
  private final TransactionBuffer buffer;
  private final RedoDecoder decoder;
  private final CommitSequencer sequencer;
  private final EventQueue queue;
  private final Sleeper sleeper;
  private final Duration idle;
  private volatile boolean stopping;

  CaptureLoop(
      CaptureConnection connection,
      MiningStep step,
      StepRoute route,
      RecoveryPolicy recovery,
      RedoDecoder decoder,
      Sleeper sleeper,
      Duration idle) {
    this.connection = connection;
    this.step = step;
    this.positions = route.positions();
    this.recovery = recovery;
    this.snapshots = route.snapshots();
    this.buffer = route.buffer();
    this.decoder = decoder;
    this.sequencer = route.sequencer();
    this.queue = route.queue();
    this.sleeper = sleeper;
    this.idle = idle;
  }

  @Override
  public void run() {
    try {
      buffer.open();
      Exception firstFailure = connection.takeFirstFailure();
      if (firstFailure != null) {
        recovery.recover(firstFailure, step.describeStart(), 0);
      }
      while (!stopping && !step.finished()) {
        try {
          boolean caughtUp = connectedStep();
          recovery.succeeded();
          if (caughtUp) {
            sleeper.sleep(idle);
          }
        } catch (java.util.concurrent.CancellationException e) {
          if (stopping) {
            break; // closed mid-step: the decoding was cancelled by the close, not by a defect
          }
          recovery.recover(e, step.describeStart(), step.rowsFetched());
        } catch (SQLException | RuntimeException e) {
          recovery.recover(e, step.describeStart(), step.rowsFetched());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (CdcException e) {
      LOG.error("Capture stopped: {}", e.getMessage());
      queue.fail(e);
    } catch (RuntimeException | Error e) {
      queue.fail(new CdcException(ErrorCode.INTERNAL_ERROR, String.valueOf(e), e));
    } finally {
      connection.close();
      sequencer.discard();
      buffer.close();
      decoder.close();
    }
  }

  /** One step, on a connection opened first when none is held. */
  private boolean connectedStep() throws SQLException, InterruptedException {
    if (!connection.isOpen()) {
      connection.open();
      step.connected();
      recovery.connected();
    }
    return step.run(connection.gateway());
  }

  /** Caller's thread, before {@link #run()}: see {@link CaptureConnection#connectFirst()}. */
  void connectFirst(boolean neverRan) {
    connection.connectFirst(neverRan);
  }

  /** Whether the capture holds a database connection now (false while it retries one). */
  boolean connected() {
    return connection.connected();
  }

  /** Sink thread: see {@link Positions#acknowledge}. */
  void acknowledge(PositionState position) {
    positions.acknowledge(position);
  }

  PositionState acknowledged() {
    return positions.acknowledged();
  }

  /** Any thread: asks the loop to stop after the current step. */
  void stop() {
    stopping = true;
  }

  /** Any thread: an ad-hoc snapshot of {@code tables}, read from the next step on. */
  void snapshot(List<TableId> tables, String filter) {
    snapshots.request(tables, filter);
  }

  /** Any thread: drops the open transaction {@code xid} before the next step. */
  void dropTransaction(dev.redoline.core.Xid xid) {
    step.requestDrop(xid);
  }
}
