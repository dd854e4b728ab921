package dev.redoline.logminer.simulator;

import dev.redoline.logminer.MiningQuery;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One evaluation of a mining query, as LogMiner does it: read every added log (whole logs: the cost
 * is the redo read, not the rows returned), keep the records written by LGWR with
 * {@code startScn <= SCN <= endScn}, order them by SCN across threads (ties by thread then
 * address), or under COMMITTED_DATA_ONLY group committed transactions in commit order, then apply
 * the query's predicates.
 */
final class MiningRun {

  /** The order without COMMITTED_DATA_ONLY: SCN, then thread, then redo address. */
  static final Comparator<RedoRecord> SCN_ORDER = Comparator.<RedoRecord>comparingLong(r -> r.scn)
      .thenComparingInt(r -> r.thread).thenComparing(r -> r.address);

  final List<RedoRecord> records;
  /** Where each record was read from (for ORA-00310 checks while fetching). */
  final Map<RedoRecord, AddedLog> source;
  final long recordsRead;
  final Duration cost;

  private MiningRun(List<RedoRecord> records, Map<RedoRecord, AddedLog> source, long recordsRead, Duration cost) {
    this.records = records;
    this.source = source;
    this.recordsRead = recordsRead;
    this.cost = cost;
  }

  static MiningRun evaluate(SimulatedOracle oracle, MinerSession session, List<AddedLog> added, MiningQuery q) {
    List<RedoRecord> inRange = new ArrayList<>();
    Map<RedoRecord, AddedLog> source = new HashMap<>();
    long read = 0;
    for (AddedLog a : added) {
      List<RedoRecord> written = List.copyOf(a.log().records);
      read += written.size();
      for (RedoRecord r : written) {
        if (r.scn >= session.startScn && r.scn <= session.endScn) {
          inRange.add(r);
          source.put(r, a);
        }
      }
    }
    List<RedoRecord> ordered = session.committedOnly() ? committedOrder(inRange, session) : sorted(inRange);
    List<RedoRecord> out = new ArrayList<>();
    for (RedoRecord r : ordered) {
      if (matches(r, q)) {
        out.add(r);
      }
    }
    session.recordsRead += read;
    Settings s = oracle.settings;
    long ageHours = session.age(oracle.clock.instant()).toHours();
    long nanos = s.costPerRecord.toNanos() * read * (100 + s.costAgePercentPerHour * ageHours) / 100;
    return new MiningRun(out, source, read, Duration.ofNanos(nanos));
  }

  private static List<RedoRecord> sorted(List<RedoRecord> records) {
    List<RedoRecord> copy = new ArrayList<>(records);
    copy.sort(SCN_ORDER);
    return copy;
  }

  /**
   * COMMITTED_DATA_ONLY: each committed transaction's rows together, transactions in the order of
   * their commit records; rolled-back and unfinished ones dropped; DDL rows at their own place.
   * The transactions held until their commit are the session's buffered memory.
   */
  private static List<RedoRecord> committedOrder(List<RedoRecord> records, MinerSession session) {
    List<RedoRecord> bySc = sorted(records);
    Map<TxState, List<RedoRecord>> pending = new LinkedHashMap<>();
    List<RedoRecord> out = new ArrayList<>();
    long buffered = 0;
    for (RedoRecord r : bySc) {
      if (r.kind == RecordKind.DDL) {
        out.add(r);
        continue;
      }
      if (r.tx == null) {
        continue;
      }
      List<RedoRecord> tx = pending.computeIfAbsent(r.tx, k -> new ArrayList<>());
      if (r.kind == RecordKind.COMMIT) {
        for (RedoRecord x : tx) {
          if (!x.kind.isUndo()) {
            out.add(x);
          }
        }
        out.add(r);
        pending.remove(r.tx);
      } else if (r.kind == RecordKind.ROLLBACK) {
        pending.remove(r.tx);
      } else {
        tx.add(r);
        buffered += r.sizeBytes;
      }
    }
    session.bufferedBytes = Math.max(session.bufferedBytes, buffered);
    return out;
  }

  private static boolean matches(RedoRecord r, MiningQuery q) {
    if (r.address != null && !q.afterCursor(r.address)) {
      return false;
    }
    if (r.kind.isControl()) {
      return q.includeTransactionControl();
    }
    if (r.tx != null && q.excludedUsers().contains(r.tx.user)) {
      return false;
    }
    if (r.kind == RecordKind.DDL) {
      return q.includeDdl();
    }
    int conId = r.table == null ? 0 : r.table.conId();
    return q.captures(conId, r.objectId);
  }
}
