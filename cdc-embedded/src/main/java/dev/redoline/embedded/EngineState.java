package dev.redoline.embedded;

/** Where an {@link EmbeddedEngine} is in its life. */
public enum EngineState {
  /** Built, not started. */
  NEW,
  /** Capturing and delivering. */
  RUNNING,
  /**
   * The capture has no database connection (it never had one yet, or lost it) and retries with
   * backoff within {@code cdc.retry.max.time.ms} (CDC-1001); the failure listener hears each
   * attempt. Back to {@link #RUNNING} once connected, {@link #FAILED} when the retry time is spent.
   */
  RETRYING,
  /** {@link EmbeddedEngine#stop()} was called; the transaction in flight is being finished. */
  STOPPING,
  /** Stopped on request; the last handled transaction's position is stored. */
  STOPPED,
  /**
   * Stopped by an error, given to the failure listener; {@link EmbeddedEngine#failure()} has it.
   */
  FAILED
}
