package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;

/**
 * The lowest SCN a step's LogMiner session must start at, when something lower than the
 * FIRST_CHANGE# of the cursors' logs is provably safe
 * (docs/logminer.md#scn-order-and-redo-addresses, docs/architecture.md#positions, rule 2). Starting
 * at a log's first SCN makes LogMiner decode the log from its start on every step, so a step late
 * in a large online log costs as much as the whole log.
 *
 * <pre>{@code
 * floor.observe(db);                 // before the step reads V$THREAD
 * StepPlan mined = floor.raise(plan);
 * ...                                // read and apply the step
 * floor.applied(plan);
 * }</pre>
 *
 * <h2>Why it is safe</h2>
 *
 * Before each step reads the thread addresses, it reads CURRENT_SCN {@code c} and then the
 * START_SCN of every transaction open on any instance (GV$TRANSACTION), and keeps the lowest of
 * them with the time. Let step k read its addresses at time {@code t}, and let {@code f} be the
 * lowest SCN observed at the newest observation taken at least the LGWR delay before {@code t}
 * ({@code cdc.mining.lgwr.max.delay.ms}, by default Oracle's rule: LGWR writes at least every three
 * seconds). LGWR writes within that delay, so redo that was in the log buffer (or copied there from
 * a private strand at a commit) before that observation is in the log by {@code t}. When step k
 * ends every thread at its last written redo, a record after the new cursors therefore reached the
 * log buffer after the observation: its transaction was then open (its START_SCN, at or below its
 * records' SCNs, is at or above {@code f}), or made its first change after {@code c} was read (its
 * SCNs are above {@code c}). The cursor of a thread ended in its last written block stays before
 * that block ({@link HeldBlocks}): the rows of the block that step k applied are skipped, and the
 * others reached the log after the addresses were read. Step k + 1 may start at {@code f}. A late
 * private-strand record keeps the SCN of its change, at or above its transaction's START_SCN; a
 * transaction that committed without waiting for LGWR (or whose commit is still waiting) was open
 * at the observation. When step k ends a thread anywhere else (a window of whole logs, a DDL cut, a
 * thread held back or not mined), redo written before the addresses were read may lie after the
 * cursor with any SCN, and the next step starts at the logs' first SCN again.
 *
 * <p>The delay holds for a log writer that works; a stalled one (a slow log device) sits in one
 * write for longer. Each observation therefore also records whether any instance's log writer was
 * in a write ({@link LogMinerGateway#instancesWritingRedo}). When none was at the observation,
 * every write that completes later started later and carries everything buffered before it; when
 * none is at {@code t} either, such a write completed in between unless LGWR broke its timer
 * outside any write. A write in progress at either moment voids the floor for that step. A log
 * writer that broke its timer outside any write is seen only afterwards, when its thread's written
 * redo moves after standing still ({@link StepBounds#takeLateWrite}): the step that sees it is not
 * raised, so the redo that waited is mined and delivered late, never left below the session's
 * start.
 */
final class SessionStartFloor {

  /**
   * One observation: when, the lowest of CURRENT_SCN and the open transactions' START_SCN, and
   * whether some instance's log writer was in the middle of a write.
   */
  private record Observation(Instant at, Scn floor, boolean writing) {}

  private final Clock clock;

  /** How long redo can wait in a log buffer before LGWR writes it. */
  private final Duration lgwrMaxDelay;

  /** Observations, oldest first: the newest one at least the grace old and every later one. */
  private final ArrayDeque<Observation> observations = new ArrayDeque<>();

  private Scn proven;

  SessionStartFloor(Clock clock, Duration lgwrMaxDelay) {
    this.clock = clock;
    this.lgwrMaxDelay = lgwrMaxDelay;
  }

  /**
   * Reads CURRENT_SCN, then the START_SCN of every open transaction: call before V$THREAD is read.
   *
   * @param writing the instances whose log writer is in a write now ({@link
   *     LogMinerGateway#instancesWritingRedo})
   * @return the open transactions read
   */
  List<ActiveTransaction> observe(LogMinerGateway db, java.util.Set<Integer> writing)
      throws SQLException {
    Scn floor = db.database().currentScn();
    List<ActiveTransaction> open = db.activeTransactions(true);
    for (ActiveTransaction tx : open) {
      floor = Scn.min(floor, tx.startScn());
    }
    Instant now = clock.instant();
    observations.addLast(new Observation(now, floor, !writing.isEmpty()));
    while (observations.size() > 1
        && old(observations.stream().skip(1).findFirst().orElseThrow(), now)) {
      observations.removeFirst();
    }
    return open;
  }

  private boolean old(Observation o, Instant now) {
    return Duration.between(o.at(), now).compareTo(lgwrMaxDelay) >= 0;
  }

  /**
   * {@code plan} with its session start raised to the proven floor, when the floor applies to its
   * cursors; else {@code plan} itself.
   */
  StepPlan raise(StepPlan plan) {
    if (proven == null
        || plan.logs().isEmpty()
        || !plan.cursors().keySet().containsAll(plan.ends().keySet())) {
      return plan;
    }
    return plan.startingAt(proven);
  }

  /**
   * The step of {@code plan} was applied; {@code cursors} are every thread's cursors now and {@code
   * cut} whether a DDL ended the step early. The floor observed before the step holds for the next
   * one only when every thread with a cursor was mined to its last written block.
   */
  void applied(StepPlan plan, Map<Integer, RedoAddress> cursors, boolean cut) {
    boolean live = !cut && !plan.ends().isEmpty() && plan.liveEnds().containsAll(cursors.keySet());
    // The newest observation at least the grace older than this step's (the last one taken).
    Observation step = observations.peekLast();
    Observation before = null;
    for (Observation o : observations) {
      if (step != null && old(o, step.at())) {
        before = o;
      }
    }
    // A write in progress at either end may be a stalled one: the delay is no bound then.
    proven = live && before != null && !before.writing() && !step.writing() ? before.floor() : null;
  }

  /** Forgets the floor: the cursors were set from a stored position. */
  void reset() {
    observations.clear();
    proven = null;
  }
}
