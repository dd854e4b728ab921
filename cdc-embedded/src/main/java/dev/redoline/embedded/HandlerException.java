package dev.redoline.embedded;

import dev.redoline.core.CdcException;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Xid;

/**
 * The {@link ChangeHandler} threw while handling a transaction. Its cause is what the handler
 * threw; the detail names the exception's class and the transaction, never its values (the
 * handler's message may quote data, so it stays in the cause only).
 *
 * <p>cdc-core's catalog has no code for a failure of the user's own code yet, so this carries
 * {@link ErrorCode#INTERNAL_ERROR}; {@link #getCause()} tells them apart.
 */
public final class HandlerException extends CdcException {

  private static final long serialVersionUID = 1L;

  private final transient Xid xid;
  private final transient CommitMark commit;

  HandlerException(Xid xid, CommitMark commit, Throwable cause) {
    super(ErrorCode.HANDLER_FAILED, "the ChangeHandler threw " + cause.getClass().getName() + " on transaction "
        + xid + " committed at " + commit + "; its position is not stored, so it is delivered again", cause);
    this.xid = xid;
    this.commit = commit;
  }

  /** The transaction the handler refused. */
  public Xid xid() {
    return xid;
  }

  /** Where that transaction committed. */
  public CommitMark commit() {
    return commit;
  }
}
