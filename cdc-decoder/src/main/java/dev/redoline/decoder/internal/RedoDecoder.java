package dev.redoline.decoder.internal;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Decodes LogMiner DML rows into {@link Change}s: SQL_REDO text plus the table layout version of
 * its time in, typed row images out.
 *
 * <pre>{@code
 * try (RedoDecoder decoder = RedoDecoder.builder()
 *     .excludeColumns(List.of("HR.EMPLOYEES.SSN"))
 *     .decodeThreads(2)
 *     .build()) {
 *   Change c = decoder.decode(row);                       // or throws DecodeException (CDC-3xxx)
 *   List<DecodeResult> step = decoder.decodeAll(rows);    // same order as rows
 * }
 * }</pre>
 *
 * <p>Decoding is a pure function of the row and its layout. A step of {@value #PARALLEL_THRESHOLD}
 * rows or more is split into contiguous slices decoded on {@code decodeThreads} pool threads and
 * joined back in input order; a smaller step, or any step with one thread, is decoded on the
 * caller's thread. Decode tasks share only immutable state (the compiled per-layout plans).
 *
 * <p>Rows LogMiner flags are refused before the text is read: STATUS 3 and STATUS 2 with an INFO
 * give CDC-3004; STATUS 2 with an empty INFO is how LogMiner marks usable UPDATEs of LONG columns,
 * so it is decoded. STATUS 2 with INFO {@code Dictionary Mismatch} (redo older than a DDL, mined
 * with the online catalog) is decoded by column position from its {@code "UNKNOWN"."OBJ# n"},
 * {@code "COL n"} and {@code HEXTORAW} text with the layout version of the row's time, which the
 * caller must supply (the object number is not checked against it); a position the layout does not
 * have, or such a flag on text that names the table, is CDC-3003. A {@code "COL n"} name in text
 * that names the table (DBZ-3401) is resolved by position in the same way.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines mostly in documentation: the decoder's contract (what each row kind gives, errors,
 * excluded columns, threads) is written here, where its callers read it; the scanning is in {@code
 * SqlRedoScanner}, {@code LobRowScanner} and the literal converters.
 */
public final class RedoDecoder implements AutoCloseable {

  /** Steps with this many rows or more are decoded on the pool (docs/architecture.md#threads). */
  public static final int PARALLEL_THRESHOLD = 256;

  /** How many compiled layout plans are kept; a plan is a few arrays per table version. */
  static final int PLAN_CACHE_SIZE = 10_000;

  private final ColumnExclusions exclusions;
  private final DecodeOptions options;
  private final ColumnShaping shaping;
  private final int decodeThreads;
  private final Cache<PlanKey, DecodePlan> plans;
  private final ExecutorService pool;

  private record PlanKey(TableId table, int version) {}

  private RedoDecoder(Builder builder) {
    this.exclusions = builder.exclusions;
    this.options = new DecodeOptions(builder.numberOneAsBoolean, builder.relaxedQuotes);
    this.shaping = builder.shaping;
    this.decodeThreads = builder.decodeThreads;
    this.plans = Caffeine.newBuilder().maximumSize(PLAN_CACHE_SIZE).build();
    ThreadFactory threads = builder.threads != null ? builder.threads : new DecodeThreads();
    this.pool = decodeThreads > 1 ? Executors.newFixedThreadPool(decodeThreads, threads) : null;
  }

  /** Starts a decoder with no excluded column and one decode thread. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A decoder set up from {@code cdc.columns.exclude}, {@code cdc.columns.mask.hash} (with its
   * salt), {@code cdc.columns.truncate}, {@code cdc.mining.decode.threads}, {@code
   * cdc.number.one.as.boolean} and {@code cdc.decode.relaxed.quotes}.
   */
  public static RedoDecoder fromConfig(CdcConfig config) {
    return builder(config).build();
  }

  /**
   * A builder holding every decoder setting of {@code config}, for callers that add a thread
   * factory.
   */
  public static Builder builder(CdcConfig config) {
    Objects.requireNonNull(config, "config == null");
    return builder()
        .excludeColumns(config.get(CdcConfig.COLUMNS_EXCLUDE))
        .hashColumns(
            config.get(CdcConfig.COLUMNS_MASK_HASH),
            config
                .get(CdcConfig.COLUMNS_MASK_HASH_SALT)
                .reveal()
                .getBytes(java.nio.charset.StandardCharsets.UTF_8))
        .truncateColumns(config.get(CdcConfig.COLUMNS_TRUNCATE))
        .decodeThreads(config.get(CdcConfig.MINING_DECODE_THREADS))
        .numberOneAsBoolean(config.get(CdcConfig.NUMBER_ONE_AS_BOOLEAN))
        .relaxedQuotes(config.get(CdcConfig.DECODE_RELAXED_QUOTES));
  }

  /** The number of threads large steps are decoded on. */
  public int decodeThreads() {
    return decodeThreads;
  }

  /**
   * Decodes one row on the caller's thread.
   *
   * @throws DecodeException (CDC-3001..3005) naming the table, column, offset and a redacted
   *     excerpt
   */
  public Change decode(DecodeInput row) {
    Objects.requireNonNull(row, "row == null");
    return decode(row, plan(row.layout()), new SqlRedoScanner());
  }

  /**
   * Decodes a step: one result per row, in the order of {@code rows}. One bad row yields its error
   * in its slot and does not stop the others.
   *
   * @throws CancellationException if the calling thread is interrupted while waiting for the pool
   *     (its interrupt flag is set again)
   */
  public List<DecodeResult> decodeAll(List<DecodeInput> rows) {
    Objects.requireNonNull(rows, "rows == null");
    int n = rows.size();
    if (pool == null || n < PARALLEL_THRESHOLD) {
      return decodeRange(rows, 0, n);
    }
    List<Future<List<DecodeResult>>> slices = new ArrayList<>(decodeThreads);
    for (int t = 0; t < decodeThreads; t++) {
      int from = (int) ((long) n * t / decodeThreads);
      int to = (int) ((long) n * (t + 1) / decodeThreads);
      slices.add(pool.submit(() -> decodeRange(rows, from, to)));
    }
    List<DecodeResult> results = new ArrayList<>(n);
    try {
      for (Future<List<DecodeResult>> slice : slices) {
        results.addAll(slice.get());
      }
    } catch (InterruptedException e) {
      slices.forEach(f -> f.cancel(true));
      Thread.currentThread().interrupt();
      throw new CancellationException("Interrupted while decoding a step of " + n + " rows");
    } catch (ExecutionException e) {
      slices.forEach(f -> f.cancel(true));
      throw rethrown(e.getCause());
    }
    return results;
  }

  /**
   * Decodes one LOB row on the caller's thread. A LOB_WRITE of a column that a locator reported
   * {@link LobPiece.Locator#excluded() excluded} should not be passed here: skipping it unread
   * keeps its data out of memory.
   *
   * @param layout the layout of the table the row's DATA_OBJ# names, at the row's SCN
   * @throws DecodeException CDC-3001 for text of another shape, CDC-3002 for a buffer that does not
   *     convert, CDC-3003 for a column the layout lacks; the excerpt never shows a write's data
   */
  public LobPiece decodeLob(int operationCode, String sqlRedo, TableLayout layout) {
    Objects.requireNonNull(sqlRedo, "sqlRedo == null");
    Objects.requireNonNull(layout, "layout == null");
    return LobRowScanner.decode(operationCode, sqlRedo, plan(layout), new SqlRedoScanner());
  }

  private static RuntimeException rethrown(Throwable cause) {
    if (cause instanceof RuntimeException r) {
      return r;
    }
    if (cause instanceof Error err) {
      throw err;
    }
    return new IllegalStateException("Decode task failed", cause);
  }

  /**
   * Decodes rows[from, to) with a task-local memo of the last plan: no state shared between tasks.
   */
  private List<DecodeResult> decodeRange(List<DecodeInput> rows, int from, int to) {
    List<DecodeResult> out = new ArrayList<>(to - from);
    DecodePlan last = null;
    SqlRedoScanner scanner = new SqlRedoScanner();
    for (int i = from; i < to; i++) {
      DecodeInput row = rows.get(i);
      if (row == null) {
        // not Objects.requireNonNull: its message would be concatenated for every row
        throw new NullPointerException("rows[" + i + "] == null");
      }
      DecodePlan plan = last != null && last.layout == row.layout() ? last : plan(row.layout());
      last = plan;
      try {
        out.add(DecodeResult.of(decode(row, plan, scanner)));
      } catch (DecodeException e) {
        out.add(DecodeResult.of(e));
      }
    }
    return out;
  }

  private Change decode(DecodeInput row, DecodePlan plan, SqlRedoScanner scanner) {
    refuseFlaggedRow(row);
    return scanner.decode(row, plan);
  }

  private static void refuseFlaggedRow(DecodeInput row) {
    int status = row.status();
    if (status == 0) {
      return;
    }
    boolean noInfo = row.info() == null || row.info().isBlank();
    if ((status == 2 && noInfo) || MismatchForm.isFlagged(row)) {
      return; // LONG updates, and mismatch rows the scanner decodes by position or refuses
    }
    throw new DecodeException(
        ErrorCode.REDO_NOT_RELIABLE,
        "LogMiner marks the row STATUS " + status + (noInfo ? "" : " (" + row.info().trim() + ")"),
        row.layout().table(),
        null,
        -1,
        null,
        null);
  }

  private DecodePlan plan(TableLayout layout) {
    PlanKey key = new PlanKey(layout.table(), layout.version());
    DecodePlan plan = plans.get(key, k -> DecodePlan.compile(layout, exclusions, options, shaping));
    if (plan.layout != layout && !plan.layout.equals(layout)) {
      // two different layouts under one version: trust the caller's, and remember it
      plan = DecodePlan.compile(layout, exclusions, options, shaping);
      plans.put(key, plan);
    }
    return plan;
  }

  /**
   * Per column of {@code layout}: whether a snapshot may select it. Excluded columns, and columns a
   * hash pattern names that are not text, are left out of the SELECT list, so their values never
   * leave the database.
   */
  public boolean[] selectable(TableLayout layout) {
    DecodePlan plan = plan(Objects.requireNonNull(layout, "layout == null"));
    boolean[] out = new boolean[plan.size];
    for (int i = 0; i < out.length; i++) {
      out[i] = !plan.excluded[i];
    }
    return out;
  }

  /**
   * Per column of {@code layout}: whether its value reaches records unchanged (selectable, neither
   * hashed nor truncated), so it may order a snapshot and be stored in a position as a key.
   */
  public boolean[] verbatim(TableLayout layout) {
    DecodePlan plan = plan(Objects.requireNonNull(layout, "layout == null"));
    boolean[] out = new boolean[plan.size];
    for (int i = 0; i < out.length; i++) {
      out[i] = !plan.excluded[i] && !plan.shaped[i];
    }
    return out;
  }

  /**
   * Per column of {@code layout}: whether {@code cdc.columns.mask.hash} names it and its values
   * reach records as their salted hash (text columns only; another type a hash pattern names is not
   * {@linkplain #selectable selectable}).
   */
  public boolean[] hashed(TableLayout layout) {
    DecodePlan plan = plan(Objects.requireNonNull(layout, "layout == null"));
    return plan.hashed.clone();
  }

  /**
   * Per column of {@code layout}: the code points {@code cdc.columns.truncate} keeps, or 0 when
   * none cuts it.
   */
  public int[] truncatedTo(TableLayout layout) {
    DecodePlan plan = plan(Objects.requireNonNull(layout, "layout == null"));
    return plan.truncateTo.clone();
  }

  /**
   * A row a snapshot selected, as the decoder would have decoded the same values from an INSERT:
   * {@code values} has one slot per layout column, in the {@link Row} value types (a NUMBER as
   * {@link java.math.BigDecimal}); slots of columns not {@linkplain #selectable selectable} are
   * ignored and become {@link dev.redoline.core.Absent#EXCLUDED}.
   */
  public Row selectedRow(TableLayout layout, Object[] values) {
    Objects.requireNonNull(values, "values == null");
    return SelectedValues.row(plan(Objects.requireNonNull(layout, "layout == null")), values);
  }

  /** Stops the decode threads; decoding on the caller's thread still works afterwards. */
  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }

  /** Daemon threads named {@code redoline-decode-N}, so a forgotten close never blocks JVM exit. */
  private static final class DecodeThreads implements ThreadFactory {
    private final AtomicInteger count = new AtomicInteger();

    @Override
    public Thread newThread(Runnable r) {
      Thread t = new Thread(r, "redoline-decode-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    }
  }

  /** Collects the decoder's settings; {@link #build()} starts the pool. */
  public static final class Builder {
    private ColumnExclusions exclusions = ColumnExclusions.none();
    private List<String> hashPatterns = List.of();
    private byte[] salt = new byte[0];
    private List<String> truncateRules = List.of();
    private ColumnShaping shaping = ColumnShaping.none();
    private int decodeThreads = 1;
    private boolean numberOneAsBoolean;
    private boolean relaxedQuotes;
    private ThreadFactory threads;

    private Builder() {}

    /**
     * Sets the {@code cdc.columns.exclude} patterns, {@code [PDB.]SCHEMA.TABLE.COLUMN}: unquoted
     * parts compare in upper case, quoted parts as written, {@code *} matches any run of characters
     * within one part; a three-part pattern matches the table in any PDB.
     *
     * @throws IllegalArgumentException quoting a pattern that does not have three or four parts
     */
    public Builder excludeColumns(List<String> patterns) {
      Objects.requireNonNull(patterns, "patterns == null");
      this.exclusions = ColumnExclusions.parse(patterns);
      return this;
    }

    /**
     * Sets the {@code cdc.columns.mask.hash} patterns and salt: the values of matching character
     * columns become the lower-case hex SHA-256 of the salt followed by the value (UTF-8); a
     * matching column of another type is excluded. Patterns as {@link #excludeColumns}.
     *
     * @throws IllegalArgumentException quoting a pattern that does not parse
     */
    public Builder hashColumns(List<String> patterns, byte[] salt) {
      this.hashPatterns = List.copyOf(Objects.requireNonNull(patterns, "patterns == null"));
      this.salt = Objects.requireNonNull(salt, "salt == null").clone();
      this.shaping = ColumnShaping.of(hashPatterns, this.salt, truncateRules);
      return this;
    }

    /**
     * Sets the {@code cdc.columns.truncate} rules, {@code PATTERN:N}: values of matching character
     * columns are cut to at most N characters.
     *
     * @throws IllegalArgumentException quoting a rule that does not parse
     */
    public Builder truncateColumns(List<String> rules) {
      this.truncateRules = List.copyOf(Objects.requireNonNull(rules, "rules == null"));
      this.shaping = ColumnShaping.of(hashPatterns, salt, truncateRules);
      return this;
    }

    /**
     * The factory of the decode pool's threads; by default daemon threads named {@code
     * redoline-decode-N}. The capture engine passes one that names them after the capture and
     * copies its logging context, so their log lines say which connector they belong to.
     */
    public Builder threadFactory(ThreadFactory factory) {
      this.threads = Objects.requireNonNull(factory, "factory == null");
      return this;
    }

    /**
     * Sets how many threads decode steps of {@value #PARALLEL_THRESHOLD} rows or more.
     *
     * @throws IllegalArgumentException if {@code threads} is not in [1, 64]
     */
    public Builder decodeThreads(int threads) {
      if (threads < 1 || threads > 64) {
        throw new IllegalArgumentException("decodeThreads must be in [1, 64]: " + threads);
      }
      this.decodeThreads = threads;
      return this;
    }

    /**
     * Sets {@code cdc.number.one.as.boolean}: every NUMBER(1) value becomes a Boolean, true above 0
     * and false at 0 or below, as Debezium's NumberOneToBooleanConverter maps them.
     */
    public Builder numberOneAsBoolean(boolean enabled) {
      this.numberOneAsBoolean = enabled;
      return this;
    }

    /**
     * Sets {@code cdc.decode.relaxed.quotes}: a single quote inside a literal that LogMiner did not
     * double is kept in the value when what follows it cannot follow a literal; off, such a row
     * fails with CDC-3005.
     */
    public Builder relaxedQuotes(boolean enabled) {
      this.relaxedQuotes = enabled;
      return this;
    }

    public RedoDecoder build() {
      return new RedoDecoder(this);
    }
  }
}
