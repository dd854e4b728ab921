package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.internal.sql.ContentsView;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One evaluation of a mining query, as LogMiner does it: read every added log (whole logs: the cost
 * is the redo read, not the rows returned), keep the records written by LGWR with {@code startScn
 * <= SCN <= endScn} (their bytes are the redo LogMiner decodes, counted in {@link
 * RedoLog#bytesMined}), order them by SCN across threads (ties by thread then address), or under
 * COMMITTED_DATA_ONLY group committed transactions in commit order. Every record is kept: which of
 * them a client receives is decided by its query's WHERE clause alone, evaluated over {@link
 * ContentsView}.
 */
public final class MiningRun {

  /** The order without COMMITTED_DATA_ONLY: SCN, then thread, then redo address. */
  static final Comparator<RedoRecord> SCN_ORDER =
      Comparator.<RedoRecord>comparingLong(r -> r.scn())
          .thenComparingInt(r -> r.thread())
          .thenComparing(r -> r.address());

  private final List<RedoRecord> records;
  private final long recordsRead;

  /** Redo bytes of the records in the session's SCN range: what LogMiner decodes. */
  private final long bytesDecoded;

  private final Duration cost;

  private MiningRun(List<RedoRecord> records, long recordsRead, long bytesDecoded, Duration cost) {
    this.records = records;
    this.recordsRead = recordsRead;
    this.bytesDecoded = bytesDecoded;
    this.cost = cost;
  }

  /** The records the query reads, in the order LogMiner returns them. */
  public List<RedoRecord> records() {
    return records;
  }

  /** Redo records read from the added logs, inside the SCN range or not. */
  long recordsRead() {
    return recordsRead;
  }

  /** Redo bytes of the records in the session's SCN range: what LogMiner decodes. */
  long bytesDecoded() {
    return bytesDecoded;
  }

  /** Simulated time the query takes LogMiner (the cost model). */
  Duration cost() {
    return cost;
  }

  public static MiningRun evaluate(
      RedoLog redo,
      Settings settings,
      SimulatedClock clock,
      ServerMiningSession session,
      List<AddedLog> added) {
    List<RedoRecord> inRange = new ArrayList<>();
    long read = 0;
    long bytes = 0;
    for (AddedLog a : added) {
      List<RedoRecord> written = withCorruptionMarked(a.log().records());
      read += written.size();
      for (RedoRecord r : written) {
        if (r.scn() >= session.startScn() && r.scn() <= session.endScn()) {
          inRange.add(r);
          bytes += r.sizeBytes();
        }
      }
    }
    redo.mined(bytes);
    for (LogGap gap : session.gaps()) {
      inRange.add(missingScn(redo, gap, session));
    }
    List<RedoRecord> ordered =
        session.committedOnly() ? committedOrder(inRange, session) : sorted(inRange, settings);
    session.read(read);
    Settings s = settings;
    long ageHours = session.age(clock.instant()).toHours();
    long nanos =
        s.costPerRecord().toNanos() * read * (100 + s.costAgePercentPerHour() * ageHours) / 100;
    return new MiningRun(ordered, read, bytes, Duration.ofNanos(nanos));
  }

  private static List<RedoRecord> sorted(List<RedoRecord> records, Settings settings) {
    List<RedoRecord> copy = new ArrayList<>(records);
    copy.sort(settings.shuffleTies() ? shuffledTies(settings.seed()) : SCN_ORDER);
    return copy;
  }

  /**
   * SCN order where records of different transactions (or threads) sharing one SCN come in a seeded
   * random order instead of thread and address order; a transaction's own records keep their
   * address order. The same seed gives the same order on every query.
   */
  private static Comparator<RedoRecord> shuffledTies(long seed) {
    return Comparator.<RedoRecord>comparingLong(r -> r.scn())
        .thenComparingLong(r -> tieRank(seed, r))
        .thenComparingInt(r -> r.thread())
        .thenComparing(r -> r.address());
  }

  private static long tieRank(long seed, RedoRecord r) {
    long key =
        r.tx() == null
            ? r.thread()
            : r.tx().xid().usn() * 1_000_003L
                + r.tx().xid().slot() * 65_537L
                + r.tx().xid().sequence();
    long x = seed ^ (r.scn() * 0x9E3779B97F4A7C15L) ^ (key * 0xC2B2AE3D27D4EB4FL);
    x ^= x >>> 33;
    x *= 0xFF51AFD7ED558CCDL;
    return x ^ (x >>> 33);
  }

  /**
   * The log's records with each run of corrupt records replaced by one CORRUPTED_BLOCKS record at
   * the first one's SCN and address (STATUS 1343, INFO the blocks skipped).
   */
  private static List<RedoRecord> withCorruptionMarked(List<RedoRecord> records) {
    List<RedoRecord> out = new ArrayList<>(records.size());
    RedoRecord first = null;
    long blocks = 0;
    long lastBlock = -1;
    for (RedoRecord r : List.copyOf(records)) {
      if (r.corrupt()) {
        if (first == null) {
          first = r;
          blocks = 0;
          lastBlock = -1;
        }
        if (r.address().block() != lastBlock) {
          blocks++;
          lastBlock = r.address().block();
        }
        continue;
      }
      if (first != null) {
        out.add(corrupted(first, blocks));
        first = null;
      }
      out.add(r);
    }
    if (first != null) {
      out.add(corrupted(first, blocks));
    }
    return out;
  }

  private static RedoRecord corrupted(RedoRecord first, long blocks) {
    RedoRecord c =
        RedoRecord.control(
            RecordKind.CORRUPTED_BLOCKS,
            first.scn(),
            first.time(),
            null,
            first.thread(),
            blocks + " blocks skipped",
            1343);
    c.placeWith(first);
    return c;
  }

  /** The MISSING_SCN row of a tolerated gap: at the gap's first SCN (or the session start). */
  private static RedoRecord missingScn(RedoLog redo, LogGap gap, ServerMiningSession session) {
    LogFile first = null;
    for (LogFile f : redo.thread(gap.thread()).logs()) {
      if (f.sequence() == gap.fromSequence()) {
        first = f;
      }
    }
    RedoRecord m =
        RedoRecord.control(
            RecordKind.MISSING_SCN,
            Math.max(gap.firstScn(), session.startScn()),
            first.firstTime().truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
            null,
            gap.thread(),
            null,
            1291);
    m.placeAt(new dev.redoline.core.RedoAddress(gap.thread(), gap.fromSequence(), 0, 0));
    return m;
  }

  /**
   * COMMITTED_DATA_ONLY: each committed transaction's rows together, transactions in the order of
   * their commit records; rolled-back and unfinished ones dropped; DDL rows at their own place. The
   * transactions held until their commit are the session's buffered memory.
   */
  private static List<RedoRecord> committedOrder(
      List<RedoRecord> records, ServerMiningSession session) {
    List<RedoRecord> bySc = sorted(records, new Settings());
    Map<TxState, List<RedoRecord>> pending = new LinkedHashMap<>();
    List<RedoRecord> out = new ArrayList<>();
    long buffered = 0;
    for (RedoRecord r : bySc) {
      if (r.kind() == RecordKind.DDL
          || r.kind() == RecordKind.MISSING_SCN
          || r.kind() == RecordKind.CORRUPTED_BLOCKS) {
        out.add(r);
        continue;
      }
      if (r.tx() == null) {
        continue;
      }
      List<RedoRecord> tx = pending.computeIfAbsent(r.tx(), k -> new ArrayList<>());
      if (r.kind() == RecordKind.COMMIT) {
        out.addAll(tx);
        out.add(r);
        pending.remove(r.tx());
      } else if (r.kind() == RecordKind.ROLLBACK) {
        pending.remove(r.tx());
      } else if (r.kind().isUndo()) {
        withoutUndone(tx, r.undoes(), session);
      } else {
        tx.add(r);
        buffered += r.sizeBytes();
      }
    }
    session.buffered(buffered);
    return out;
  }

  /**
   * A ROLLBACK=1 record under COMMITTED_DATA_ONLY: real LogMiner returns neither it nor the changes
   * it undoes. It undoes {@code undone} and everything its transaction wrote after it (a rollback
   * to a savepoint, or of one statement, undoes the newest changes first), so the buffered rows are
   * cut at that change; one below the session's start leaves nothing buffered.
   */
  private static void withoutUndone(
      List<RedoRecord> buffered, RedoRecord undone, ServerMiningSession session) {
    if (undone == null) {
      return;
    }
    for (int i = 0; i < buffered.size(); i++) {
      if (buffered.get(i) == undone) {
        buffered.subList(i, buffered.size()).clear();
        return;
      }
    }
    if (undone.scn() < session.startScn()) {
      buffered.clear();
    }
  }
}
