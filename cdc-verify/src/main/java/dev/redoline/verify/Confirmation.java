package dev.redoline.verify;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.verify.internal.KeyOrder;
import dev.redoline.verify.internal.Layouts;
import dev.redoline.verify.internal.TableComparison;
import dev.redoline.verify.internal.TableComparison.Copy;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides the keys that differed at an SCN the target does not know whole ({@link
 * VerifyTarget#appliedWhole()}): Oracle gives several commits one SCN now and then, and a copy that
 * has applied the first of them and not yet the others reports that SCN while it holds neither
 * Oracle's state at it nor at the one before.
 *
 * <p><b>The rule.</b> A copy that reports SCN {@code a} holds every transaction committed below
 * {@code a} (it applies them in commit order) and one or more of those committed at {@code a}. So a
 * key whose copy agrees with Oracle neither {@code AS OF a} nor {@code AS OF a - 1} differs
 * whatever is still to come: it is a difference. A key whose copy agrees with Oracle {@code AS OF a
 * - 1} only may belong to a transaction committed at {@code a} that is not applied yet: it is in
 * flight, and it is compared again, those keys only, on both sides, as the copy moves on. At each
 * round the same rule holds at the SCN the copy then reports, which may be {@code a} again (a
 * transaction tied with the one it applied came in since) or a later one: a key that agrees is in
 * flight, resolved; one that agrees with neither Oracle state of that round is a difference; one
 * that agrees with the state before that round's SCN only is still in flight (for the same
 * transaction or, on a changing source, a later one). A key the copy holds with values its latest
 * change did not carry is never in flight: that change was applied. What the patience leaves
 * undecided is reported as such, never as a difference and never dropped.
 *
 * <p>Oracle is read only for the keys concerned ({@code AS OF a} and {@code AS OF a - 1}), and the
 * target through its read by keys ({@link VerifyTarget#rows(dev.redoline.core.TableLayout, List,
 * List, VerifyTarget.RowReceiver)}).
 */
final class Confirmation {

  private final Verifier.Source source;
  private final Clock clock;
  private final Duration patience;
  private final long pauseMillis;
  private Scn last;

  Confirmation(Verifier.Source source, Clock clock, Duration patience, long pauseMillis) {
    this.source = source;
    this.clock = clock;
    this.patience = patience;
    this.pauseMillis = pauseMillis;
  }

  /** The SCN of the last round that compared the keys again, or null when none ran. */
  Scn lastRound() {
    return last;
  }

  /** One table's keys that differed, and what became of them. */
  private static final class Keys {
    final TableReport first;
    final TableComparison comparison;
    final Instant started;
    final List<List<Object>> pending = new ArrayList<>();
    final List<RowKey> missing = new ArrayList<>();
    final List<RowKey> extra = new ArrayList<>();
    final List<TableReport.DifferingRow> differing = new ArrayList<>();
    int inFlight;

    Keys(TableReport first, TableComparison comparison, Instant started) {
      this.first = first;
      this.comparison = comparison;
      this.started = started;
    }

    TableReport report(Instant now) {
      List<RowKey> undecided =
          pending.stream().sorted(KeyOrder.INSTANCE::compareValues).map(RowKey::new).toList();
      return first.confirmed(
          missing,
          extra,
          differing,
          inFlight,
          undecided,
          first.sourceBytes() + comparison.confirmationBytes(),
          comparison.targetBytes(),
          first.elapsed().plus(Duration.between(started, now)));
    }
  }

  /**
   * Confirms the differences of {@code reports}, found at {@code at} (the SCN {@code target}
   * reported): {@code comparisons} by table, for the tables that were compared.
   */
  List<TableReport> run(
      VerifyTarget target,
      Scn at,
      List<TableReport> reports,
      Map<TableId, TableComparison> comparisons)
      throws Exception {
    Instant start = clock.instant();
    Map<TableId, Keys> open = new LinkedHashMap<>();
    for (TableReport r : reports) {
      TableComparison c = comparisons.get(r.table());
      if (c != null && r.differences() > 0) {
        Keys keys = new Keys(r, c, start);
        sortFirst(keys, at);
        open.put(r.table(), keys);
      }
    }
    Instant end = start.plus(patience);
    boolean first = true;
    while (open.values().stream().anyMatch(k -> !k.pending.isEmpty())
        && (first || clock.instant().isBefore(end))) {
      if (!first) {
        Thread.sleep(pauseMillis);
      }
      first = false;
      round(target, open.values());
    }
    List<TableReport> out = new ArrayList<>();
    Instant now = clock.instant();
    for (TableReport r : reports) {
      Keys k = open.get(r.table());
      out.add(k == null ? r : k.report(now));
    }
    return out;
  }

  /**
   * The keys as found at {@code at}: those the copy holds as Oracle did {@code AS OF at - 1} are in
   * flight, the others are differences (as the comparison found them).
   */
  private void sortFirst(Keys keys, Scn at) throws Exception {
    TableReport r = keys.first;
    Map<List<Object>, Copy> copies = keys.comparison.differingCopies();
    List<List<Object>> asked = new ArrayList<>();
    r.missing().forEach(k -> asked.add(k.values()));
    r.extra().forEach(k -> asked.add(k.values()));
    r.differing().stream()
        .filter(d -> !d.onlyUnavailable()) // that change was applied: not in flight
        .forEach(d -> asked.add(d.key().values()));
    Map<List<Object>, List<String>> before = null;
    if (!asked.isEmpty()) {
      try (Connection oracle = session(keys)) {
        before = before(oracle, keys, asked, at);
      }
    }
    for (RowKey k : r.missing()) {
      sort(keys, k.values(), before, null, () -> keys.missing.add(k));
    }
    for (RowKey k : r.extra()) {
      sort(keys, k.values(), before, copies.get(k.values()), () -> keys.extra.add(k));
    }
    for (TableReport.DifferingRow d : r.differing()) {
      if (d.onlyUnavailable()) {
        keys.differing.add(d);
      } else {
        sort(
            keys,
            d.key().values(),
            before,
            copies.get(d.key().values()),
            () -> keys.differing.add(d));
      }
    }
  }

  private static void sort(
      Keys keys,
      List<Object> key,
      Map<List<Object>, List<String>> before,
      Copy copy,
      Runnable difference) {
    if (before != null && same(copy, before.get(key))) {
      keys.pending.add(key);
    } else {
      difference.run();
    }
  }

  /** Oracle's rows of {@code asked} {@code AS OF at - 1}, or null when there is no such SCN. */
  private static Map<List<Object>, List<String>> before(
      Connection oracle, Keys keys, List<List<Object>> asked, Scn at) throws Exception {
    if (asked.isEmpty() || at.equals(Scn.ZERO)) {
      return null;
    }
    return keys.comparison.sourceOf(oracle, asked, Layouts.bind(at.minus(1)));
  }

  /**
   * One round: one read of the target (its SCN and the pending keys' rows), and Oracle's rows of
   * those keys at that SCN and the one before.
   */
  private void round(VerifyTarget target, Collection<Keys> open) throws Exception {
    try (VerifyTarget t = target) {
      t.begin(open.stream().map(k -> k.first.table()).toList());
      Optional<Scn> applied = t.appliedScn();
      if (applied.isEmpty()) {
        return; // the copy no longer tells its SCN: nothing can be decided in this round
      }
      Scn a = applied.get();
      boolean whole = t.appliedWhole();
      last = a;
      for (Keys keys : open) {
        if (keys.pending.isEmpty()) {
          continue;
        }
        List<List<Object>> asked = List.copyOf(keys.pending);
        Map<List<Object>, Copy> copies = keys.comparison.targetOf(t, asked);
        Map<List<Object>, List<String>> now;
        Map<List<Object>, List<String>> before;
        try (Connection oracle = session(keys)) {
          now = keys.comparison.sourceOf(oracle, asked, Layouts.bind(a));
          before = whole ? null : before(oracle, keys, asked, a);
        }
        keys.pending.clear();
        for (List<Object> k : asked) {
          decide(keys, k, copies.get(k), now.get(k), before);
        }
      }
    }
  }

  private static void decide(
      Keys keys,
      List<Object> k,
      Copy copy,
      List<String> now,
      Map<List<Object>, List<String>> before) {
    if (same(copy, now)) {
      keys.inFlight++;
      return;
    }
    TableReport.DifferingRow d =
        copy == null || now == null ? null : keys.comparison.differingRow(k, now, copy);
    boolean declared = d != null && d.onlyUnavailable();
    if (!declared && before != null && same(copy, before.get(k))) {
      keys.pending.add(k);
    } else if (copy == null) {
      keys.missing.add(new RowKey(k));
    } else if (now == null) {
      keys.extra.add(new RowKey(k));
    } else {
      keys.differing.add(d);
    }
  }

  /** Whether the copy's row and Oracle's pieces are the same state of a key (both absent too). */
  private static boolean same(Copy copy, List<String> oracle) {
    return copy == null ? oracle == null : oracle != null && oracle.equals(copy.pieces());
  }

  /** A session on Oracle in the table's container (its PDB's, for a table of a PDB). */
  private Connection session(Keys keys) throws Exception {
    Connection c = source.open();
    String pdb = keys.first.table().pdb();
    if (pdb != null) {
      try {
        Layouts.enterContainer(c, pdb);
      } catch (Exception | Error e) {
        c.close();
        throw e;
      }
    }
    return c;
  }
}
