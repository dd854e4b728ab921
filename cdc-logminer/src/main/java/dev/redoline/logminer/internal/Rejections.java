package dev.redoline.logminer.internal;

import dev.redoline.core.DecodeException;
import dev.redoline.core.RedoRow;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.DeadLetterSink;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.OpsListener;
import java.time.Clock;
import java.time.Instant;

/**
 * Where a row of a step that cannot be captured goes, located by SCN, XID and address: it stops the
 * capture ({@code cdc.on.decode.error=fail}), or becomes a {@link DeadLetter} with an ops event
 * ({@code dlq}). Nothing is dropped without a trace.
 *
 * @param deadLetters whether rows go to the dead letter destination instead of stopping the capture
 * @param sink the dead letter destination
 * @param ops told of each dead letter
 * @param clock the time of a dead letter
 */
record Rejections(boolean deadLetters, DeadLetterSink sink, OpsListener ops, Clock clock) {

  /** Stops the capture with {@code error}, located at {@code row}, or sends the row to the sink. */
  void reject(RedoRow row, DecodeException error) {
    DecodeException located = error.withRow(row.scn(), row.xid(), row.address());
    if (!deadLetters) {
      throw located;
    }
    Instant now = clock.instant();
    sink.accept(new DeadLetter(row, located, now));
    ops.onEvent(
        new OpsEvent(
            OpsEvent.Type.DEAD_LETTER,
            now,
            located.code()
                + " row at "
                + row.address()
                + " (scn "
                + row.scn()
                + ", xid "
                + row.xid()
                + ") sent to the dead letter destination"));
  }
}
