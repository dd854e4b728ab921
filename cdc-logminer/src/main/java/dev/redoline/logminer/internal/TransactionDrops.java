package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.DroppedTransaction;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.Xid;
import dev.redoline.logminer.OpsEvent;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Requests to drop an open transaction from the buffer (an embedded call, a Connect signal), taken
 * from any thread and carried out by the capture thread between steps, where the buffer is its
 * alone.
 *
 * <p>A dropped transaction's changes are gone from memory, spill file and journal; its later rows
 * and its COMMIT or ROLLBACK are skipped ({@link StepApplier#dropped}); and every position stored
 * from then on names it among the transactions not to capture ({@code excluded}), until its end is
 * mined, so a restart from such a position does not buffer it again. A restart from a position
 * stored before the drop reads its redo again and buffers it again: drop it again then.
 */
final class TransactionDrops {

  private final Queue<Xid> requests = new ConcurrentLinkedQueue<>();

  /** Any thread: asks the capture thread to drop {@code xid} before its next step. */
  void request(Xid xid) {
    requests.add(xid);
  }

  /** Capture thread: carries out the requests, each with an ops event. */
  void apply(TransactionBuffer buffer, StepApplier applier, OpsLog ops) {
    for (Xid xid = requests.poll(); xid != null; xid = requests.poll()) {
      Optional<DroppedTransaction> dropped = buffer.dropOpen(xid);
      if (dropped.isEmpty()) {
        ops.event(
            OpsEvent.Type.SIGNAL_SKIPPED,
            "transaction "
                + xid.toHex()
                + " is not open in the buffer: "
                + "nothing dropped (it ended, or no change of a captured table was mined yet)");
        continue;
      }
      DroppedTransaction d = dropped.get();
      applier.forget(xid);
      applier.dropped(xid);
      ops.event(
          OpsEvent.Type.TRANSACTION_DROPPED,
          "transaction "
              + xid.toHex()
              + " dropped on request: "
              + d.changeCount()
              + " changes from "
              + d.firstAddress()
              + " (start SCN "
              + d.startScn()
              + "); its later rows "
              + "and its end are skipped, and positions stored from now on name it until its end is mined");
    }
  }
}
