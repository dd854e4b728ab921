package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The FIRST_CHANGE# of each log the engine has planned, by thread and sequence: what turns a resume
 * address into a resume SCN. A restart chooses logs by SCN, and the log holding an address is only
 * certain to be chosen when the SCN is at or below that log's first SCN; the SCN of the row itself
 * is not enough, because other threads' logs must cover the session from there too.
 */
final class LogBounds {

  private final Map<Integer, TreeMap<Long, Scn>> firstScn = new HashMap<>();

  /** Records the logs of a plan. */
  void note(StepPlan plan) {
    for (StepPlan.StepLog log : plan.logs()) {
      firstScn
          .computeIfAbsent(log.thread(), t -> new TreeMap<>())
          .put(log.sequence(), log.firstScn());
    }
  }

  /**
   * The first SCN of the log holding {@code address}, or {@code null} when the log was never
   * planned.
   */
  Scn firstScnOf(RedoAddress address) {
    TreeMap<Long, Scn> logs = firstScn.get(address.thread());
    return logs == null ? null : logs.get(address.sequence());
  }

  /** Forgets the logs of {@code thread} before {@code sequence}: nothing needs them any more. */
  void forgetBefore(int thread, long sequence) {
    TreeMap<Long, Scn> logs = firstScn.get(thread);
    if (logs != null) {
      logs.headMap(sequence).clear();
    }
  }
}
