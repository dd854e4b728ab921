package dev.redoline.verify.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.TableLayout;
import dev.redoline.verify.RowKey;
import dev.redoline.verify.TableReport;
import dev.redoline.verify.VerifyTarget;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares one table: Oracle's side chunk by chunk, the target's in one pass placed into the same
 * chunks, then the chunks that differ narrowed to their keys.
 *
 * <ol>
 *   <li>Oracle: the chunk boundaries ({@code cdc.verify} chunk rows apart, in key order) and each
 *       chunk's row count and digest sum, all computed as of the SCN inside the database;
 *   <li>target: every row's digest, added to the chunk whose key range holds its key (Oracle's key
 *       order, {@link KeyOrder});
 *   <li>only if some chunk differs: each such chunk's per-column pieces from Oracle, and a second
 *       pass over the target keeping its rows of those chunks; missing, extra and differing keys
 *       follow, with the names of the columns that differ.
 * </ol>
 *
 * A chunk that is equal on both sides costs one boundary key and two numbers from Oracle.
 */
public final class TableComparison {

  /** Keys per query of {@link #sourceOf}, so the SQL Oracle parses stays short. */
  private static final int KEYS_PER_QUERY = 200;

  private final Connection oracle;
  private final TableLayout layout;
  private final List<ColumnCheck> compared;
  private final List<ColumnCheck> key;
  private final int[] keyIndex;
  private final SourceSql sql;
  private final Object scn;
  private final int chunkRows;
  private long targetBytes;
  private long confirmationBytes;

  /** The copy's rows of the keys that differed, by key (absent: the copy lacks the key). */
  private final Map<List<Object>, Copy> differingCopies = new HashMap<>();

  /**
   * @param compared the columns compared (the key columns among them)
   * @param key the key columns in key order
   * @param scn the SCN, as the number bound to {@code AS OF SCN ?}
   */
  public TableComparison(
      Connection oracle,
      TableLayout layout,
      List<ColumnCheck> compared,
      List<ColumnCheck> key,
      String salt,
      Object scn,
      int chunkRows) {
    this.oracle = oracle;
    this.layout = layout;
    this.compared = List.copyOf(compared);
    this.key = List.copyOf(key);
    this.keyIndex = key.stream().mapToInt(this.compared::indexOf).toArray();
    this.sql = new SourceSql(layout, compared, key, salt);
    this.scn = scn;
    this.chunkRows = chunkRows;
  }

  private record Chunk(List<Object> after, List<Object> upper, BigDecimal count, BigDecimal sum) {}

  public TableReport run(VerifyTarget target, List<String> skipped, Clock clock) throws Exception {
    Instant start = clock.instant();
    SourceReader reader = new SourceReader(oracle);
    List<Chunk> chunks = new ArrayList<>();
    List<Object> after = List.of();
    long sourceRows = 0;
    while (true) {
      List<Object> binds = new ArrayList<>();
      List<Object> upper = reader.key(sql.boundary(after, chunkRows, scn, binds), binds, key);
      binds = new ArrayList<>();
      BigDecimal[] sum = reader.checksum(sql.checksum(after, upper, scn, binds), binds);
      chunks.add(new Chunk(after, upper, sum[0], sum[1]));
      sourceRows += sum[0].longValue();
      if (upper.isEmpty()) {
        break;
      }
      after = upper;
    }
    List<List<Comparable<?>>> uppers = chunks.stream().map(c -> comparable(c.upper())).toList();
    long[] counts = new long[chunks.size()];
    BigInteger[] sums = new BigInteger[chunks.size()];
    java.util.Arrays.fill(sums, BigInteger.ZERO);
    long[] targetRows = {0};
    List<String> names = compared.stream().map(ColumnCheck::name).toList();
    target.rows(
        layout,
        names,
        values -> {
          TargetRow row = targetRow(values);
          int i = chunkOf(uppers, row.key);
          counts[i]++;
          sums[i] = sums[i].add(BigInteger.valueOf(Digests.number(Digests.row(row.pieces))));
          targetRows[0]++;
        });
    boolean[] differs = new boolean[chunks.size()];
    int differingChunks = 0;
    for (int i = 0; i < chunks.size(); i++) {
      differs[i] =
          counts[i] != chunks.get(i).count().longValue()
              || !sums[i].equals(chunks.get(i).sum().toBigIntegerExact());
      differingChunks += differs[i] ? 1 : 0;
    }
    List<RowKey> missing = new ArrayList<>();
    List<RowKey> extra = new ArrayList<>();
    List<TableReport.DifferingRow> differing = new ArrayList<>();
    if (differingChunks > 0) {
      narrow(chunks, uppers, differs, reader, target, names, missing, extra, differing);
    }
    return new TableReport(
        layout.table(),
        true,
        null,
        key.stream().map(ColumnCheck::name).toList(),
        sourceRows,
        targetRows[0],
        chunks.size(),
        differingChunks,
        missing,
        extra,
        differing,
        0,
        List.of(),
        skipped,
        reader.bytes(),
        targetBytes,
        Duration.between(start, clock.instant()));
  }

  /**
   * Reads the differing chunks' rows on both sides and sorts their keys into missing, extra and
   * differing.
   */
  private void narrow(
      List<Chunk> chunks,
      List<List<Comparable<?>>> uppers,
      boolean[] differs,
      SourceReader reader,
      VerifyTarget target,
      List<String> names,
      List<RowKey> missing,
      List<RowKey> extra,
      List<TableReport.DifferingRow> differing)
      throws Exception {
    Map<List<Object>, TargetRow> held = new HashMap<>();
    target.rows(
        layout,
        names,
        new VerifyTarget.RowReceiver() {
          @Override
          public void row(Object[] values) {
            row(values, List.of());
          }

          @Override
          public void row(Object[] values, List<String> unavailable) {
            TargetRow row = targetRow(values).withUnavailable(unavailable);
            if (differs[chunkOf(uppers, row.key)]) {
              held.put(row.keyValues(), row);
            }
          }
        });
    Map<List<Object>, List<String>> source = new LinkedHashMap<>();
    for (int i = 0; i < chunks.size(); i++) {
      if (!differs[i]) {
        continue;
      }
      List<Object> binds = new ArrayList<>();
      Chunk c = chunks.get(i);
      byKey(
          reader.pieces(sql.pieces(c.after(), c.upper(), scn, binds), binds, key, compared.size()),
          source);
    }
    source.forEach(
        (k, pieces) -> {
          TargetRow t = held.remove(k);
          if (t == null) {
            missing.add(new RowKey(k));
            return;
          }
          TableReport.DifferingRow d = differingRow(k, pieces, t.copy());
          if (d != null) {
            differing.add(d);
            differingCopies.put(k, t.copy());
          }
        });
    held.values().stream()
        .sorted((a, b) -> KeyOrder.INSTANCE.compare(a.key, b.key))
        .forEach(
            t -> {
              extra.add(new RowKey(t.keyValues()));
              differingCopies.put(t.keyValues(), t.copy());
            });
  }

  /**
   * The copy's row of a key: its pieces, and the columns its latest change did not carry.
   *
   * @param pieces one per compared column
   * @param unavailable the columns the key's latest change did not carry, as the target told
   */
  public record Copy(List<String> pieces, List<String> unavailable) {}

  /**
   * The copy's rows of the keys that differed in {@link #run} (extra and differing keys; a missing
   * key has none), by key.
   */
  public Map<List<Object>, Copy> differingCopies() {
    return differingCopies;
  }

  /**
   * How the copy's row of key {@code k} differs from Oracle's {@code pieces}: null when equal, else
   * the columns that differ and which of them its latest change did not carry.
   */
  public TableReport.DifferingRow differingRow(List<Object> k, List<String> pieces, Copy copy) {
    List<String> columns = new ArrayList<>();
    for (int j = 0; j < compared.size(); j++) {
      if (!pieces.get(j).equals(copy.pieces().get(j))) {
        columns.add(compared.get(j).name());
      }
    }
    if (columns.isEmpty()) {
      return null;
    }
    List<String> unavailable = columns.stream().filter(copy.unavailable()::contains).toList();
    return new TableReport.DifferingRow(new RowKey(k), columns, unavailable);
  }

  /**
   * Oracle's pieces of the rows with {@code keys} as of {@code at} (the number bound to {@code AS
   * OF SCN}), read on {@code oracle} (a session in the table's container), by key: a key Oracle
   * does not hold then is absent.
   */
  public Map<List<Object>, List<String>> sourceOf(
      Connection oracle, List<List<Object>> keys, Object at) throws Exception {
    SourceReader reader = new SourceReader(oracle);
    Map<List<Object>, List<String>> out = new HashMap<>();
    for (int i = 0; i < keys.size(); i += KEYS_PER_QUERY) {
      List<Object> binds = new ArrayList<>();
      String query =
          sql.piecesOf(keys.subList(i, Math.min(keys.size(), i + KEYS_PER_QUERY)), at, binds);
      byKey(reader.pieces(query, binds, key, compared.size()), out);
    }
    confirmationBytes += reader.bytes();
    return out;
  }

  /** Puts the rows of a pieces query (the key, then the pieces) into {@code out} by key. */
  private void byKey(List<Object[]> rows, Map<List<Object>, List<String>> out) {
    for (Object[] row : rows) {
      List<Object> k = new ArrayList<>();
      for (int j = 0; j < key.size(); j++) {
        k.add(row[j]);
      }
      List<String> pieces = new ArrayList<>();
      for (int j = 0; j < compared.size(); j++) {
        pieces.add((String) row[key.size() + j]);
      }
      out.put(k, pieces);
    }
  }

  /** The copy's rows of {@code keys}, by key (a key the copy lacks is absent). */
  public Map<List<Object>, Copy> targetOf(VerifyTarget target, List<List<Object>> keys)
      throws Exception {
    Set<List<Object>> wanted = new HashSet<>(keys);
    Map<List<Object>, Copy> out = new HashMap<>();
    target.rows(
        layout,
        compared.stream().map(ColumnCheck::name).toList(),
        keys,
        new VerifyTarget.RowReceiver() {
          @Override
          public void row(Object[] values) {
            row(values, List.of());
          }

          @Override
          public void row(Object[] values, List<String> unavailable) {
            TargetRow row = targetRow(values).withUnavailable(unavailable);
            if (wanted.contains(row.keyValues())) { // a target may hand over more than asked
              out.put(row.keyValues(), row.copy());
            }
          }
        });
    return out;
  }

  /** Bytes Oracle returned to {@link #sourceOf}. */
  public long confirmationBytes() {
    return confirmationBytes;
  }

  /** Bytes the target returned, to {@link #run} and {@link #targetOf}. */
  public long targetBytes() {
    return targetBytes;
  }

  private record TargetRow(List<Comparable<?>> key, List<String> pieces, List<String> unavailable) {
    List<Object> keyValues() {
      return new ArrayList<>(key);
    }

    Copy copy() {
      return new Copy(pieces, unavailable);
    }

    TargetRow withUnavailable(List<String> columns) {
      return new TargetRow(key, pieces, List.copyOf(columns));
    }
  }

  private TargetRow targetRow(Object[] values) {
    if (values.length != compared.size()) {
      throw new CdcException(
          ErrorCode.VERIFY_TARGET_UNREADABLE,
          "the target gave "
              + values.length
              + " values for the "
              + compared.size()
              + " columns asked of "
              + layout.table());
    }
    List<String> pieces = new ArrayList<>(values.length);
    List<Comparable<?>> k = new ArrayList<>(key.size());
    for (int i = 0; i < values.length; i++) {
      ColumnCheck c = compared.get(i);
      try {
        pieces.add(Digests.piece(c.kind(), c.fraction(), values[i]));
      } catch (RuntimeException e) {
        // the column and its type only: the value itself may be masked or secret
        throw new CdcException(
            ErrorCode.VERIFY_TARGET_UNREADABLE,
            "a value of "
                + layout.table()
                + "."
                + c.name()
                + " in the target does not read as "
                + c.kind()
                + " ("
                + e.getClass().getSimpleName()
                + ")",
            e);
      }
      targetBytes +=
          values[i] == null
              ? 0
              : values[i] instanceof byte[] b
                  ? b.length
                  : String.valueOf(values[i]).getBytes(StandardCharsets.UTF_8).length;
    }
    for (int i : keyIndex) {
      k.add(Digests.keyValue(compared.get(i).kind(), values[i]));
    }
    return new TargetRow(k, pieces, List.of());
  }

  private static List<Comparable<?>> comparable(List<Object> key) {
    List<Comparable<?>> out = new ArrayList<>();
    for (Object v : key) {
      out.add((Comparable<?>) v);
    }
    return out;
  }

  /**
   * The chunk whose range {@code (previous upper, upper]} holds {@code key}; the last one is open.
   */
  private static int chunkOf(List<List<Comparable<?>>> uppers, List<Comparable<?>> key) {
    int low = 0;
    int high = uppers.size() - 1;
    while (low < high) {
      int mid = (low + high) >>> 1;
      List<Comparable<?>> upper = uppers.get(mid);
      if (!upper.isEmpty() && KeyOrder.INSTANCE.compare(key, upper) > 0) {
        low = mid + 1;
      } else {
        high = mid;
      }
    }
    return low;
  }
}
