package dev.redoline.embedded;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.time.Duration;
import java.util.Optional;

/**
 * What a health check asks of an {@link EmbeddedEngine}: its state, how far behind the database it
 * is, and the last error it met with its code and operator action.
 *
 * <pre>{@code
 * EngineHealth h = engine.health();
 * if (!h.up()) {
 *   return Health.down().withDetail("code", h.lastErrorCode().map(ErrorCode::code).orElse("")).build();
 * }
 * }</pre>
 *
 * @param state where the engine is in its life
 * @param lag how far the last handled transaction's commit is behind the engine's clock ({@link
 *     EngineMetrics#lag()}); zero before the first
 * @param lastError the last error the engine met: the one it failed with, else the last one it
 *     retried past (a lost connection, CDC-1001) or {@code null} when there was none; it stays
 *     after the engine recovered, so a flapping connection shows
 */
public record EngineHealth(EngineState state, Duration lag, CdcException lastError) {

  /** Whether the engine captures and delivers: {@link EngineState#RUNNING}. */
  public boolean up() {
    return state == EngineState.RUNNING;
  }

  /** The code of {@link #lastError()}, if any. */
  public Optional<ErrorCode> lastErrorCode() {
    return Optional.ofNullable(lastError).map(CdcException::errorCode);
  }

  /** What the operator should do about {@link #lastError()} (its code's action), if any. */
  public Optional<String> operatorAction() {
    return lastErrorCode().map(ErrorCode::action);
  }
}
