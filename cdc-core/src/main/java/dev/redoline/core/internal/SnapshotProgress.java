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
import java.util.function.Function;

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
   * The value types a key may hold, each with the one-letter tag that names it in the text and its
   * text form both ways: {@link #encode} and {@link #decode} read this one table, so a type cannot
   * be written under one tag and read under another.
   */
  private enum KeyType {
    NULL('N', Void.class, v -> "", text -> null),
    LONG('L', Long.class, Object::toString, Long::parseLong),
    DECIMAL('D', BigDecimal.class, v -> ((BigDecimal) v).toPlainString(), BigDecimal::new),
    STRING('S', String.class, Object::toString, text -> text),
    LOCAL_DATE_TIME('T', LocalDateTime.class, Object::toString, LocalDateTime::parse),
    OFFSET_DATE_TIME('O', OffsetDateTime.class, Object::toString, OffsetDateTime::parse),
    INSTANT('I', Instant.class, Object::toString, Instant::parse),
    BYTES('B', Bytes.class, v -> ((Bytes) v).toHex(), Bytes::fromHex),
    DOUBLE('F', Double.class, Object::toString, Double::parseDouble),
    FLOAT('f', Float.class, Object::toString, Float::parseFloat),
    BOOLEAN('Z', Boolean.class, Object::toString, Boolean::parseBoolean);

    private final char tag;
    private final Class<?> type;
    private final Function<Object, String> write;
    private final Function<String, Object> read;

    KeyType(
        char tag, Class<?> type, Function<Object, String> write, Function<String, Object> read) {
      this.tag = tag;
      this.type = type;
      this.write = write;
      this.read = read;
    }

    static KeyType of(Object value) {
      if (value == null) {
        return NULL;
      }
      for (KeyType t : values()) {
        if (t.type.isInstance(value)) {
          return t;
        }
      }
      throw new IllegalArgumentException(
          "A snapshot key value of type "
              + value.getClass().getSimpleName()
              + " cannot be stored in a position");
    }

    static KeyType tagged(char tag, int at) {
      for (KeyType t : values()) {
        if (t.tag == tag) {
          return t;
        }
      }
      throw new IllegalArgumentException("unknown type '" + tag + "' at " + at);
    }
  }

  /**
   * Key values as text: per value a one-letter type tag ({@link KeyType}), the length of its text,
   * a colon and the text ({@code L3:123S2:ab}), so any character may appear in a value.
   */
  static String encode(List<Object> key) {
    StringBuilder sb = new StringBuilder();
    for (Object v : key) {
      KeyType type = KeyType.of(v);
      String text = type.write.apply(v);
      sb.append(type.tag).append(text.length()).append(':').append(text);
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
      out.add(KeyType.tagged(tag, i - 1).read.apply(text.substring(colon + 1, end)));
      i = end;
    }
    return out;
  }
}
