package dev.redoline.logminer.internal;

import dev.redoline.core.Commit;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The position a first start at {@code cdc.start.scn=current} begins with. Everything committed at
 * or below the current SCN {@code S} counts as delivered (the snapshot, when one is taken, holds
 * it); but a transaction open at {@code S} commits later and is delivered whole, so its changes
 * made before {@code S} must be mined too, even when a log switch put them in an earlier log than
 * {@code S}'s. Redo is therefore read from the lowest START_SCN of the transactions open then
 * (GV$TRANSACTION, read with CURRENT_SCN before {@code S}: a transaction that began after that read
 * has its changes above it), as Debezium's in-flight transaction handling at its snapshot boundary
 * does (Debezium DBZ-4367).
 *
 * <p>The move back stops at the oldest online log of each open thread, redo that is always there
 * (archived or online): a transaction open longer than that keeps its older changes out, with a
 * WARN naming it, rather than a first start failing on a purged archive, and arrives marked partial
 * ({@link Commit.Partial#FIRST_START}).
 */
final class FirstStart {

  private static final Logger LOG = LoggerFactory.getLogger(FirstStart.class);

  private FirstStart() {}

  /**
   * Where a first start begins.
   *
   * @param position commits at or below the current SCN delivered, redo read from the open
   *     transactions' start
   * @param begunBefore the open transactions that began before the oldest online redo: they will
   *     arrive without their earlier changes ({@link Commit.Partial#FIRST_START})
   */
  record Start(PositionState position, Set<Xid> begunBefore) {
    Start {
      begunBefore = Set.copyOf(begunBefore);
    }
  }

  /**
   * The first start now.
   *
   * @param transactionsSeen whether GV$TRANSACTION shows every captured container's transactions;
   *     when CONTAINER_DATA hides some, redo is read from the oldest online redo, which holds every
   *     transaction open now that began after it
   */
  static Start at(LogMinerGateway db, boolean transactionsSeen) throws SQLException {
    Scn floor = db.database().currentScn();
    List<ActiveTransaction> open = transactionsSeen ? db.activeTransactions(true) : List.of();
    for (ActiveTransaction tx : open) {
      floor = Scn.min(floor, tx.startScn());
    }
    Scn now = db.database().currentScn();
    PositionState start = Positions.startMark(PositionState.start(now));
    Scn online = oldestOnlineRedo(db.onlineLogs());
    if (!transactionsSeen) {
      floor = Scn.min(floor, online);
    }
    Set<Xid> begunBefore = new HashSet<>();
    if (floor.compareTo(online) < 0) {
      List<String> older = new ArrayList<>();
      for (ActiveTransaction tx : open) {
        if (tx.startScn().compareTo(online) < 0) {
          older.add(tx.xid() + " (START_SCN " + tx.startScn() + ")");
          begunBefore.add(tx.xid());
        }
      }
      LOG.warn(
          "First start at SCN {}: transactions {} began before the oldest online redo (SCN {}); their changes "
              + "before it are not captured, their later ones are, marked partial (FIRST_START)",
          now,
          older,
          online);
      floor = online;
    }
    return new Start(
        floor.compareTo(now) < 0 ? start.withResume(floor, Map.of()) : start, begunBefore);
  }

  /**
   * The SCN from which every thread with online logs has all of them: the highest of their oldest
   * FIRST_CHANGE#.
   */
  private static Scn oldestOnlineRedo(List<OnlineLog> logs) {
    Map<Integer, Scn> oldest = new HashMap<>();
    for (OnlineLog log : logs) {
      if (log.status() != OnlineLog.Status.UNUSED) {
        oldest.merge(log.thread(), log.firstScn(), Scn::min);
      }
    }
    Scn from = Scn.ZERO;
    for (Scn scn : oldest.values()) {
      from = Scn.max(from, scn);
    }
    return from;
  }
}
