package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import java.sql.SQLException;

/**
 * The capture's connections to the database: the mining one, opened by {@link #connectFirst()} on
 * the caller's thread and again by {@link #open()} after each loss, per PDB the one snapshot chunks
 * are read through ({@link ContainerReaders}), and those of the further LogMiner sessions ({@link
 * ParallelMining}), all closed with it. Whether a connection is held is read by other threads
 * ({@link #connected()}); everything else runs on the capture thread.
 */
final class CaptureConnection {

  private final GatewayFactory gateways;

  /** What the first connection checks beyond V$DATABASE before the capture starts. */
  private final FirstCheck firstCheck;

  private final ContainerReaders containerReaders;
  private final CaptureStats stats;

  /** The connections of the LogMiner sessions beyond the first ({@code cdc.mining.sessions}). */
  private final ParallelMining parallel;

  private LogMinerGateway db;

  /** Whether a connection is held; read by the sink's thread. */
  private volatile boolean connected;

  /**
   * A transient failure of {@link #connectFirst()}, for the capture thread to retry first of all.
   */
  private Exception firstFailure;

  /** A check of the first connection that throws a {@link CdcException} naming what is missing. */
  @FunctionalInterface
  interface FirstCheck {
    void check(LogMinerGateway db) throws SQLException;
  }

  CaptureConnection(
      GatewayFactory gateways, CaptureStats stats, FirstCheck firstCheck, ParallelMining parallel) {
    this.gateways = gateways;
    this.parallel = parallel;
    this.firstCheck = firstCheck;
    this.containerReaders = new ContainerReaders(gateways);
    this.stats = stats;
  }

  /**
   * Caller's thread, before the capture thread starts: the first connection, so that an error no
   * retry can fix (wrong credentials, an unknown service, a missing privilege, a bad URL) is thrown
   * to the caller at once. A transient one is kept for the capture thread ({@link
   * #takeFirstFailure()}).
   *
   * @param neverRan no position is stored: the capture has never delivered anything, so no listener
   *     at the URL's address is a wrong URL (CDC-4013) rather than an outage to wait out
   * @throws CdcException with the failure's code when retrying cannot help
   */
  void connectFirst(boolean neverRan) {
    try {
      db = gateways.connect();
      db.database(); // a session that cannot read V$DATABASE lacks a grant: say so now
      firstCheck.check(db); // nor may a snapshot fail on a grant later (SnapshotPreflight)
      connected = true;
      stats.connected(true);
    } catch (SQLException | RuntimeException e) {
      close();
      Failure failure =
          neverRan
              ? FailureClassifier.classifyValidationConnection(e)
              : FailureClassifier.classifyFirstConnection(e);
      if (failure.action() != Failure.Action.RECONNECT) {
        throw failure.toException();
      }
      firstFailure = e;
    }
  }

  /** The transient failure of the first connection, once; {@code null} when there was none. */
  Exception takeFirstFailure() {
    Exception failed = firstFailure;
    firstFailure = null;
    return failed;
  }

  /** Whether the mining connection is open. */
  boolean isOpen() {
    return db != null;
  }

  /** Opens the mining connection. */
  void open() throws SQLException {
    db = gateways.connect();
    connected = true;
    stats.connected(true);
  }

  /** The open mining connection. */
  LogMinerGateway gateway() {
    return db;
  }

  /** The connections into PDBs that snapshot chunks are read through. */
  ContainerReaders containers() {
    return containerReaders;
  }

  /** The sessions that mine a step's archived logs beside the first. */
  ParallelMining parallel() {
    return parallel;
  }

  /** Whether the capture holds a database connection now (false while it retries one). */
  boolean connected() {
    return connected;
  }

  /** Closes every connection; {@link #open()} opens the mining one again. */
  void close() {
    containerReaders.close();
    parallel.close();
    connected = false;
    if (db != null) {
      stats.connected(false);
      db.close();
      db = null;
    }
  }
}
