package dev.redoline.embedded;

import dev.redoline.core.CdcException;

/**
 * Hears about failures: the capture stopping with its error code (CDC-2002 a purged log, for
 * example), every failed attempt to reach the database while the engine retries (CDC-1001, state
 * {@link EngineState#RETRYING}), and every exception of the {@link ChangeHandler} as a {@link
 * HandlerException}, whether the engine then retries or stops ({@link EmbeddedEngine#state()} tells
 * which). Errors {@link EmbeddedEngine#start()} throws are not told here.
 *
 * <p>Called on the engine's delivery thread; it should return quickly and not throw.
 */
@FunctionalInterface
public interface FailureListener {

  void onFailure(CdcException failure);
}
