package dev.redoline.embedded;

import dev.redoline.core.CdcException;

/**
 * Hears about failures: the capture stopping with its error code (CDC-2002 a purged log, for
 * example), and every exception of the {@link ChangeHandler} as a {@link HandlerException}, whether
 * the engine then retries or stops ({@link EmbeddedEngine#state()} tells which).
 *
 * <p>Called on the engine's delivery thread; it should return quickly and not throw.
 */
@FunctionalInterface
public interface FailureListener {

  void onFailure(CdcException failure);
}
