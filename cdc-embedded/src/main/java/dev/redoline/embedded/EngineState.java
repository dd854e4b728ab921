package dev.redoline.embedded;

/** Where an {@link EmbeddedEngine} is in its life. */
public enum EngineState {
  /** Built, not started. */
  NEW,
  /** Capturing and delivering. */
  RUNNING,
  /** {@link EmbeddedEngine#stop()} was called; the transaction in flight is being finished. */
  STOPPING,
  /** Stopped on request; the last handled transaction's position is stored. */
  STOPPED,
  /** Stopped by an error, given to the failure listener; {@link EmbeddedEngine#failure()} has it. */
  FAILED
}
