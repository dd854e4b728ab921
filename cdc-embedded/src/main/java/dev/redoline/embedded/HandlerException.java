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
 * <p>It carries {@link ErrorCode#HANDLER_FAILED} (CDC-5003), so a failure of the application's own
 * code is never mistaken for one of Redoline's (CDC-5002).
 */
public final class HandlerException extends CdcException {

  private static final long serialVersionUID = 1L;

  private final transient Xid xid;
  private final transient CommitMark commit;

  HandlerException(Xid xid, CommitMark commit, Throwable cause) {
    super(
        ErrorCode.HANDLER_FAILED,
        "the ChangeHandler threw "
            + cause.getClass().getName()
            + " on transaction "
            + xid
            + " committed at "
            + commit
            + "; its position is not stored, so it is delivered again",
        cause);
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
