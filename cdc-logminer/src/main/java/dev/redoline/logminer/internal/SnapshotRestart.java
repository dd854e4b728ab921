package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Xid;

/**
 * What a running capture drops when {@code cdc.snapshot.mode=when_needed} starts it over at a new
 * SCN (the redo it still needed is gone): the committed transactions not yet published, and the
 * open ones with the applier's notes on them. None of them can be delivered whole any more; the new
 * snapshot holds their effect, and the stream starts after it.
 */
final class SnapshotRestart {

  private SnapshotRestart() {}

  static void dropBuffered(
      CommitSequencer sequencer, TransactionBuffer buffer, StepApplier applier) {
    sequencer.discard();
    for (Xid xid : buffer.discardOpen()) {
      applier.forget(xid);
    }
  }
}
