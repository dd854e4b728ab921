package dev.redoline.core.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How far the snapshots of a capture have come, per table: the key of the last row of the last
 * emitted chunk, or done. It travels in the {@link Position}, so a restart continues a table's
 * snapshot after its last emitted chunk and repeats at most the chunk that was being delivered.
 *
 * <p>{@code tracked} says whether the capture keeps this record at all: a position written with
 * {@code cdc.snapshot.mode=no_data}, or by a release without snapshots, is not tracked, and a
 * capture resumed from it snapshots no table by itself (an ad-hoc snapshot still can).
 *
 * <p>{@code adHoc} lists the ad-hoc snapshots (asked for while streaming) that are not complete,
 * whether or not the capture tracks its own: each with its table, its filter and the key of the
 * last row of its last emitted chunk. A complete one is removed, so a restart continues exactly the
 * unfinished ones.
 *
 * <p>Key values are those the database returned for the key columns (never an excluded or masked
 * column: such a table is read in ROWID order instead), held as the {@link Row} value types and
 * written in the position's map form as typed text ({@link #encode}).
 *
 * @param tracked whether snapshots are tracked in this position
 * @param tables per table, its snapshot's progress (sorted by table)
 * @param adHoc the unfinished ad-hoc snapshots, in the order they were asked for (by id)
 */
public record SnapshotProgress(
    boolean tracked, SortedMap<TableId, TableProgress> tables, List<AdHoc> adHoc) {

  /** Nothing tracked: a position of a capture that takes no snapshot by itself. */
  public static final SnapshotProgress UNTRACKED = new SnapshotProgress(false, new TreeMap<>());

  /** Tracked, with no table snapshotted yet. */
  public static final SnapshotProgress NONE_YET = new SnapshotProgress(true, new TreeMap<>());

  /**
   * One table's snapshot.
   *
   * @param lastKey the key of the last row emitted; empty while the table's first chunk is being
   *     delivered (a restart reads the table from its start again, its streamed changes not left
   *     out, since the consumer may hold rows of that chunk)
   * @param done whether every chunk was emitted
   */
  public record TableProgress(List<Object> lastKey, boolean done) {
    public TableProgress {
      Checks.notNull(lastKey, "lastKey");
      lastKey = Collections.unmodifiableList(new ArrayList<>(lastKey));
    }

    /** A table whose snapshot is complete. */
    public static final TableProgress DONE = new TableProgress(List.of(), true);

    /** A table whose snapshot has emitted rows up to {@code lastKey}. */
    public static TableProgress after(List<Object> lastKey) {
      return new TableProgress(lastKey, false);
    }
  }

  /**
   * One unfinished ad-hoc snapshot of one table.
   *
   * @param id its number, unique in the capture and growing in the order requests were taken
   * @param table the table read
   * @param filter the SQL condition its rows meet, or {@code null} for every row
   * @param lastKey the key of the last row emitted, or empty before the first chunk
   */
  public record AdHoc(long id, TableId table, String filter, List<Object> lastKey) {
    public AdHoc {
      Checks.argument(id >= 0, "an ad-hoc snapshot id must not be negative: %s", id);
      Checks.notNull(table, "table");
      Checks.notNull(lastKey, "lastKey");
      lastKey = Collections.unmodifiableList(new ArrayList<>(lastKey));
    }

    /** This snapshot after a chunk whose last row has {@code key}. */
    public AdHoc after(List<Object> key) {
      return new AdHoc(id, table, filter, key);
    }
  }

  public SnapshotProgress {
    Checks.notNull(tables, "tables");
    Checks.argument(
        tracked || tables.isEmpty(), "an untracked snapshot progress has no tables: %s", tables);
    tables = Collections.unmodifiableSortedMap(new TreeMap<>(tables));
    List<AdHoc> sorted = new ArrayList<>(Checks.notNull(adHoc, "adHoc"));
    sorted.sort(java.util.Comparator.comparingLong(AdHoc::id));
    for (int i = 1; i < sorted.size(); i++) {
      Checks.argument(
          sorted.get(i).id() != sorted.get(i - 1).id(),
          "two ad-hoc snapshots with id %s",
          sorted.get(i).id());
    }
    adHoc = List.copyOf(sorted);
  }

  /** A progress without ad-hoc snapshots. */
  public SnapshotProgress(boolean tracked, SortedMap<TableId, TableProgress> tables) {
    this(tracked, tables, List.of());
  }

  /** This progress with {@code table} at {@code progress}; tracked from now on. */
  public SnapshotProgress with(TableId table, TableProgress progress) {
    TreeMap<TableId, TableProgress> copy = new TreeMap<>(tables);
    copy.put(Checks.notNull(table, "table"), Checks.notNull(progress, "progress"));
    return new SnapshotProgress(true, copy, adHoc);
  }

  /**
   * This progress with the ad-hoc snapshot {@code snapshot} added, or replacing the one of its id.
   */
  public SnapshotProgress withAdHoc(AdHoc snapshot) {
    Checks.notNull(snapshot, "snapshot");
    List<AdHoc> copy = new ArrayList<>(adHoc);
    copy.removeIf(a -> a.id() == snapshot.id());
    copy.add(snapshot);
    return new SnapshotProgress(tracked, tables, copy);
  }

  /** This progress without the ad-hoc snapshot {@code id} (complete, or no longer possible). */
  public SnapshotProgress withoutAdHoc(long id) {
    List<AdHoc> copy = new ArrayList<>(adHoc);
    copy.removeIf(a -> a.id() == id);
    return new SnapshotProgress(tracked, tables, copy);
  }

  /** Whether {@code table}'s snapshot is complete. */
  public boolean done(TableId table) {
    TableProgress p = tables.get(table);
    return p != null && p.done();
  }

  /** The tables whose snapshot began and has not completed. */
  public List<TableId> unfinished() {
    List<TableId> out = new ArrayList<>();
    tables.forEach(
        (t, p) -> {
          if (!p.done()) {
            out.add(t);
          }
        });
    return out;
  }

  /**
   * Writes the map entries of this progress: {@code snapshot} and {@code snapshot.<table>} when
   * tracked; per unfinished ad-hoc snapshot {@code adhoc.<id>} (its table), and when they apply
   * {@code adhoc.<id>.after} (its last key) and {@code adhoc.<id>.filter}.
   */
  void write(Map<String, Object> map) {
    if (tracked) {
      map.put(KEY_TRACKED, "tracked");
      tables.forEach(
          (table, p) ->
              map.put(KEY_PREFIX + table, p.done() ? "done" : "after:" + encode(p.lastKey())));
    }
    for (AdHoc a : adHoc) {
      String prefix = KEY_AD_HOC_PREFIX + a.id();
      map.put(prefix, a.table().toString());
      if (!a.lastKey().isEmpty()) {
        map.put(prefix + KEY_AD_HOC_AFTER, encode(a.lastKey()));
      }
      if (a.filter() != null) {
        map.put(prefix + KEY_AD_HOC_FILTER, a.filter());
      }
    }
  }

  static final String KEY_TRACKED = "snapshot";
  static final String KEY_PREFIX = "snapshot.";
  static final String KEY_AD_HOC_PREFIX = "adhoc.";
  static final String KEY_AD_HOC_AFTER = ".after";
  static final String KEY_AD_HOC_FILTER = ".filter";

  /**
   * Key values as text: per value a one-letter type tag, the length of its text, a colon and the
   * text ({@code L3:123S2:ab}), so any character may appear in a value.
   */
  static String encode(List<Object> key) {
    StringBuilder sb = new StringBuilder();
    for (Object v : key) {
      String text;
      char tag;
      if (v == null) {
        tag = 'N';
        text = "";
      } else if (v instanceof Long l) {
        tag = 'L';
        text = l.toString();
      } else if (v instanceof BigDecimal d) {
        tag = 'D';
        text = d.toPlainString();
      } else if (v instanceof String s) {
        tag = 'S';
        text = s;
      } else if (v instanceof LocalDateTime t) {
        tag = 'T';
        text = t.toString();
      } else if (v instanceof OffsetDateTime t) {
        tag = 'O';
        text = t.toString();
      } else if (v instanceof Instant t) {
        tag = 'I';
        text = t.toString();
      } else if (v instanceof Bytes b) {
        tag = 'B';
        text = b.toHex();
      } else if (v instanceof Double d) {
        tag = 'F';
        text = d.toString();
      } else if (v instanceof Float f) {
        tag = 'f';
        text = f.toString();
      } else if (v instanceof Boolean b) {
        tag = 'Z';
        text = b.toString();
      } else {
        throw new IllegalArgumentException(
            "A snapshot key value of type "
                + v.getClass().getSimpleName()
                + " cannot be stored in a position");
      }
      sb.append(tag).append(text.length()).append(':').append(text);
    }
    return sb.toString();
  }

  /**
   * Reads {@link #encode}'s text.
   *
   * @throws IllegalArgumentException saying where the text does not read
   */
  static List<Object> decode(String text) {
    List<Object> out = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      char tag = text.charAt(i++);
      int colon = text.indexOf(':', i);
      if (colon < 0) {
        throw new IllegalArgumentException("no length after type '" + tag + "' at " + (i - 1));
      }
      int length;
      try {
        length = Integer.parseInt(text.substring(i, colon));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("bad length at " + i);
      }
      int end = colon + 1 + length;
      if (length < 0 || end > text.length()) {
        throw new IllegalArgumentException("value at " + i + " runs past the end");
      }
      String v = text.substring(colon + 1, end);
      out.add(
          switch (tag) {
            case 'N' -> null;
            case 'L' -> Long.parseLong(v);
            case 'D' -> new BigDecimal(v);
            case 'S' -> v;
            case 'T' -> LocalDateTime.parse(v);
            case 'O' -> OffsetDateTime.parse(v);
            case 'I' -> Instant.parse(v);
            case 'B' -> Bytes.fromHex(v);
            case 'F' -> Double.parseDouble(v);
            case 'f' -> Float.parseFloat(v);
            case 'Z' -> Boolean.parseBoolean(v);
            default ->
                throw new IllegalArgumentException("unknown type '" + tag + "' at " + (i - 1));
          });
      i = end;
    }
    return out;
  }
}
