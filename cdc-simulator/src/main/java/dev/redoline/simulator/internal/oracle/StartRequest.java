package dev.redoline.simulator.internal.oracle;

import java.util.Set;

/**
 * The arguments of one {@code DBMS_LOGMNR.START_LOGMNR} call.
 *
 * @param startScn STARTSCN
 * @param endScn ENDSCN, or {@code null} when the call gives none (to the end of the added redo)
 * @param options OPTIONS
 */
public record StartRequest(long startScn, Long endScn, Set<LogMinerOption> options) {

  public StartRequest {
    options = Set.copyOf(options);
  }

  public boolean has(LogMinerOption option) {
    return options.contains(option);
  }
}
