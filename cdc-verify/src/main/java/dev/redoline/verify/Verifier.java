package dev.redoline.verify;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.OpsListener;
import dev.redoline.verify.internal.ColumnCheck;
import dev.redoline.verify.internal.ColumnRules;
import dev.redoline.verify.internal.Layouts;
import dev.redoline.verify.internal.TableComparison;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * Compares what a consumer holds with Oracle at an SCN, and repairs what differs.
 *
 * <pre>{@code
 * Verifier verifier = Verifier.builder()
 *     .config(captureConfig)                       // the capture's: database, column rules
 *     .tables(List.of(TableId.parse("SHOP.ORDERS")))
 *     .target(JdbcTarget.of("jdbc:postgresql://replica/shop"))
 *     .build();
 * VerifyReport report = verifier.verify();          // at the SCN the target has applied
 * if (!report.equal()) {
 *   verifier.repair(report, (table, filter) -> engine.snapshot(List.of(table), filter));
 * }
 * }</pre>
 *
 * <p>Nothing is written to the source: Oracle's side is read with flashback queries ({@code AS OF
 * SCN}) whose checksums are computed in the database, and a repair asks the capture for an ad-hoc
 * snapshot of the keys that differ. See docs/verify.md.
 */
public final class Verifier {

  /** Rows per chunk unless set: a chunk that differs sends this many rows' pieces. */
  public static final int DEFAULT_CHUNK_ROWS = 10_000;

  /** Pause between two reads of the target's applied SCN in {@link #awaitApplied}. */
  static final long APPLIED_POLL_MILLIS = 500;

  /** Keys per redelivery filter, so the SQL Oracle parses stays short. */
  static final int KEYS_PER_REDELIVERY = 200;

  /**
   * How long keys in flight at a tied SCN are compared again unless set: a sink applies the other
   * transactions of an SCN within moments of the first, so this bounds a copy that has stopped.
   */
  public static final Duration DEFAULT_PATIENCE = Duration.ofSeconds(30);

  private final CdcConfig config;
  private final List<TableId> tables;
  private final VerifyTarget target;
  private final int chunkRows;
  private final Scn scn;
  private final Clock clock;
  private final OpsListener ops;
  private final Source source;
  private final Duration patience;
  private final VerifyMetrics metrics = new VerifyMetrics();

  private Verifier(Builder b) {
    this.config = b.config;
    this.tables = List.copyOf(b.tables);
    this.target = b.target;
    this.chunkRows = b.chunkRows;
    this.scn = b.scn;
    this.clock = b.clock;
    this.ops = b.ops;
    this.source = b.source != null ? b.source : () -> Layouts.connect(b.config);
    this.patience = b.patience;
  }

  /**
   * Opens connections to Oracle (a pool's, a wrapped one); each verification opens one and closes
   * it.
   */
  @FunctionalInterface
  public interface Source {
    Connection open() throws SQLException;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * The last result, also readable over JMX once {@linkplain VerifyMetrics#register registered}.
   */
  public VerifyMetrics metrics() {
    return metrics;
  }

  /**
   * Compares every table: at the SCN given to the builder, else the one the target reports it has
   * applied, else Oracle's current SCN.
   *
   * <p>At an SCN the target reports and does not know whole ({@link VerifyTarget#appliedWhole()}),
   * a key that differs as a transaction committed at that SCN and not yet applied would explain is
   * compared again, those keys only, as the target moves on, for at most the {@linkplain
   * Builder#patience patience}: it is then in flight and resolved, a difference, or undecided
   * ({@link TableReport#inFlight()}, {@link TableReport#undecided()}; docs/verify.md).
   *
   * <p>A target that cannot be read, or Oracle refusing the checksum SQL, ends the verification
   * with a {@link CdcException} naming the table (docs/runbook.md, the verification codes).
   */
  public VerifyReport verify() throws Exception {
    Instant started = clock.instant();
    ColumnRules rules = ColumnRules.of(config);
    String salt = config.get(CdcConfig.COLUMNS_MASK_HASH_SALT).reveal();
    List<TableReport> reports = new ArrayList<>();
    Map<TableId, TableComparison> comparisons = new HashMap<>();
    Scn at;
    String from;
    boolean whole;
    try (Connection oracle = source.open();
        VerifyTarget t = target) {
      t.begin(tables);
      Optional<Scn> applied = scn == null ? t.appliedScn() : Optional.empty();
      at = scn != null ? scn : applied.orElseGet(() -> current(oracle));
      from = scn != null ? "given" : applied.isPresent() ? "target" : "current";
      // a given SCN or Oracle's current one is the caller's word that the copy is whole there
      whole = applied.isEmpty() || t.appliedWhole();
      for (TableId table : tables) {
        reports.add(compare(oracle, t, rules, salt, table, at, comparisons));
      }
    }
    Scn confirmedAt = null;
    if (!whole && reports.stream().anyMatch(r -> r.differences() > 0)) {
      Confirmation confirmation = new Confirmation(source, clock, patience, APPLIED_POLL_MILLIS);
      reports = confirmation.run(target, at, reports, comparisons);
      confirmedAt = confirmation.lastRound();
    }
    VerifyReport report = new VerifyReport(at, from, started, reports, confirmedAt);
    Instant ended = clock.instant();
    metrics.record(report, ended);
    String summary =
        "verification at SCN " + at + ": " + report.summary() + " in " + reports.size() + " tables";
    ops.onEvent(
        new OpsEvent(
            report.equal() ? OpsEvent.Type.VERIFIED : OpsEvent.Type.VERIFY_DIFFERENCES,
            ended,
            summary));
    return report;
  }

  /**
   * Waits until the target has applied {@code scn}: reads the SCN it reports it has applied (one
   * {@link VerifyTarget#begin(List)} and {@link VerifyTarget#appliedScn()} each time, nothing of
   * Oracle) until it is at or above {@code scn}, pausing {@value #APPLIED_POLL_MILLIS} ms between
   * reads, for at most {@code patience}. Then one {@link #verify()} compares the copy at a point it
   * has reached: with {@code scn} an SCN read from Oracle after the changes of interest (say, after
   * the initial snapshot completed), a caller waits on the copy's progress instead of verifying
   * again and again.
   *
   * @return the SCN the target had applied when it reached {@code scn}
   * @throws TimeoutException when the target has not applied {@code scn} within {@code patience},
   *     naming the SCN it had applied last
   */
  public Scn awaitApplied(Scn scn, Duration patience) throws Exception {
    Objects.requireNonNull(scn, "scn == null");
    Instant end = clock.instant().plus(Objects.requireNonNull(patience, "patience == null"));
    Optional<Scn> applied;
    while (true) {
      try (VerifyTarget t = target) {
        t.begin(tables);
        applied = t.appliedScn();
      }
      if (applied.isPresent() && applied.get().compareTo(scn) >= 0) {
        return applied.get();
      }
      if (!clock.instant().isBefore(end)) {
        throw new TimeoutException(
            "the target had not applied SCN "
                + scn
                + " within "
                + patience
                + ": it had applied "
                + applied.map(Scn::toString).orElse("nothing it could tell"));
      }
      Thread.sleep(APPLIED_POLL_MILLIS);
    }
  }

  /**
   * Delivers the missing and differing keys of {@code report} again through {@code redelivery} (an
   * ad-hoc snapshot of those keys, {@value #KEYS_PER_REDELIVERY} keys per request), and asks the
   * target to remove its extra keys. The copy converges once the capture has delivered the
   * snapshots; {@link #verify()} again to see it.
   *
   * @return the number of keys asked for again or removed
   */
  public int repair(VerifyReport report, Redelivery redelivery) throws Exception {
    Objects.requireNonNull(report, "report == null");
    Objects.requireNonNull(redelivery, "redelivery == null");
    int repaired = 0;
    for (TableReport r : report.tables()) {
      List<RowKey> again = new ArrayList<>(r.missing());
      r.differing().forEach(d -> again.add(d.key()));
      for (int i = 0; i < again.size(); i += KEYS_PER_REDELIVERY) {
        redelivery.snapshot(
            r.table(),
            RowKey.filter(
                r.keyColumns(), again.subList(i, Math.min(again.size(), i + KEYS_PER_REDELIVERY))));
      }
      repaired += again.size();
      if (!r.extra().isEmpty()) {
        try (Connection oracle = source.open()) {
          if (r.table().pdb() != null) {
            Layouts.enterContainer(oracle, r.table().pdb());
          }
          TableLayout layout = Layouts.read(oracle, r.table());
          List<List<Object>> keys = r.extra().stream().map(RowKey::values).toList();
          if (target.remove(layout, r.keyColumns(), keys)) {
            repaired += keys.size();
          }
        }
      }
    }
    return repaired;
  }

  /**
   * Compares one table: a table of a PDB in a session of its own moved into that PDB, where its
   * name is {@code OWNER.TABLE} (the SCN is the CDB's, the same in every container).
   */
  private TableReport compare(
      Connection root,
      VerifyTarget t,
      ColumnRules rules,
      String salt,
      TableId table,
      Scn at,
      Map<TableId, TableComparison> comparisons)
      throws Exception {
    if (table.pdb() == null) {
      return compareIn(root, t, rules, salt, table, at, comparisons);
    }
    try (Connection pdb = source.open()) {
      Layouts.enterContainer(pdb, table.pdb());
      return compareIn(pdb, t, rules, salt, table, at, comparisons);
    }
  }

  /** Compares one table; the comparison of a table compared goes to {@code comparisons}. */
  private TableReport compareIn(
      Connection oracle,
      VerifyTarget t,
      ColumnRules rules,
      String salt,
      TableId table,
      Scn at,
      Map<TableId, TableComparison> comparisons)
      throws Exception {
    Instant start = clock.instant();
    TableLayout layout = Layouts.read(oracle, table);
    ColumnRules.Plan plan = rules.plan(layout);
    if (layout.primaryKey().isEmpty()) {
      return TableReport.notCompared(
          table, "no primary key", Duration.between(start, clock.instant()));
    }
    List<ColumnCheck> key = new ArrayList<>();
    for (String k : layout.primaryKey()) {
      ColumnCheck c = plan.column(k);
      if (c == null || c.shape() != ColumnCheck.Shape.AS_READ || !ColumnCheck.orderable(c.kind())) {
        return TableReport.notCompared(
            table,
            "key column "
                + k
                + " is excluded, hashed, truncated or of a type"
                + " the comparison does not order",
            Duration.between(start, clock.instant()));
      }
      key.add(c);
    }
    TableComparison comparison =
        new TableComparison(
            oracle, layout, plan.compared(), key, salt, Layouts.bind(at), chunkRows);
    TableReport report = comparison.run(t, plan.skipped(), clock);
    if (report.targetRows() == 0 && report.sourceRows() > 0 && t.awaitingSnapshot(table)) {
      // the copy is not wrong but not there yet: every row "missing" would be repaired needlessly
      return TableReport.notCompared(
          table,
          "its initial snapshot had not reached the copy at SCN "
              + at
              + " (the capture position the copy holds names no progress of it, and the copy holds"
              + " none of its "
              + report.sourceRows()
              + " rows): verify again once its snapshot is complete",
          Duration.between(start, clock.instant()));
    }
    comparisons.put(table, comparison);
    return report;
  }

  private static Scn current(Connection oracle) {
    try {
      return Layouts.currentScn(oracle);
    } catch (SQLException e) {
      throw new CdcException(
          ErrorCode.UNCLASSIFIED_ORACLE_ERROR, "cannot read the current SCN: " + e.getMessage(), e);
    }
  }

  /** Builds a {@link Verifier}. */
  public static final class Builder {
    private CdcConfig config;
    private List<TableId> tables = List.of();
    private VerifyTarget target;
    private int chunkRows = DEFAULT_CHUNK_ROWS;
    private Scn scn;
    private Clock clock = Clock.systemUTC();
    private OpsListener ops = event -> {};
    private Source source;
    private Duration patience = DEFAULT_PATIENCE;

    private Builder() {}

    /**
     * How long keys that differ at a tied SCN are compared again while the target catches up
     * (default 30 seconds; zero: once, at once). Keys still undecided then are reported as such.
     */
    public Builder patience(Duration patience) {
      Objects.requireNonNull(patience, "patience == null");
      if (patience.isNegative()) {
        throw new IllegalArgumentException("patience must not be negative: " + patience);
      }
      this.patience = patience;
      return this;
    }

    /**
     * Where connections to Oracle come from, instead of the configuration's URL, user and password.
     */
    public Builder source(Source source) {
      this.source = Objects.requireNonNull(source, "source == null");
      return this;
    }

    /** The capture's configuration: its database and its column rules (exclude, mask, truncate). */
    public Builder config(Map<String, ?> settings) {
      this.config = CdcConfig.from(Objects.requireNonNull(settings, "settings == null"));
      return this;
    }

    public Builder config(CdcConfig config) {
      this.config = Objects.requireNonNull(config, "config == null");
      return this;
    }

    /** The tables to compare, {@code OWNER.TABLE}. */
    public Builder tables(List<TableId> tables) {
      this.tables = List.copyOf(Objects.requireNonNull(tables, "tables == null"));
      return this;
    }

    public Builder target(VerifyTarget target) {
      this.target = Objects.requireNonNull(target, "target == null");
      return this;
    }

    /** Rows per chunk (default {@value Verifier#DEFAULT_CHUNK_ROWS}). */
    public Builder chunkRows(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("chunkRows must be 1 or more: " + rows);
      }
      this.chunkRows = rows;
      return this;
    }

    /** Compares at this SCN instead of the one the target reports. */
    public Builder scn(Scn scn) {
      this.scn = scn;
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** Receives the {@code VERIFIED} or {@code VERIFY_DIFFERENCES} event of each verification. */
    public Builder ops(OpsListener ops) {
      this.ops = Objects.requireNonNull(ops, "ops == null");
      return this;
    }

    public Verifier build() {
      if (config == null) {
        throw new IllegalStateException(
            "config is required (the capture's database and column rules)");
      }
      if (target == null) {
        throw new IllegalStateException("target is required");
      }
      if (tables.isEmpty()) {
        throw new IllegalStateException("tables are required: the tables to compare");
      }
      return new Verifier(this);
    }
  }
}
