package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SchemaChanges;
import dev.redoline.simulator.SupplementalLogging;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table in the simulated dictionary, with its rows (so UPDATE and DELETE know the old values),
 * its object numbers and its partitions.
 *
 * <p>OBJECT_ID (DATA_OBJ#) stays for the table's life; DATA_OBJECT_ID (DATA_OBJD#) changes on
 * TRUNCATE of a non-empty table, MOVE and EXCHANGE PARTITION; DATA_OBJV# rises with each ALTER. A
 * partitioned table has no segment: its rows live in partitions, each with its own numbers.
 */
public final class SimTable {

  /** A segment a row can live in: the table itself or one partition. */
  public static final class Segment {
    private final String partition;
    private final int objectId;
    private int dataObjectId;
    private int nextRowSlot;

    /** LOGGING 'NO' (ALTER TABLE ... MODIFY PARTITION ... NOLOGGING). */
    private boolean noLogging;

    public Segment(String partition, int objectId, int dataObjectId) {
      this.partition = partition;
      this.objectId = objectId;
      this.dataObjectId = dataObjectId;
    }

    public String partition() {
      return partition;
    }

    public int objectId() {
      return objectId;
    }

    public int dataObjectId() {
      return dataObjectId;
    }

    public void dataObjectId(int dataObjectId) {
      this.dataObjectId = dataObjectId;
    }

    public int nextRowSlot() {
      return nextRowSlot;
    }

    public void nextRowSlot(int nextRowSlot) {
      this.nextRowSlot = nextRowSlot;
    }

    public boolean noLogging() {
      return noLogging;
    }

    public void noLogging(boolean noLogging) {
      this.noLogging = noLogging;
    }
  }

  /** A stored row and the segment holding it. */
  public static final class StoredRow {
    private Object[] values;
    private final Segment segment;

    StoredRow(Object[] values, Segment segment) {
      this.values = values;
      this.segment = segment;
    }

    /** The row's values in column order; read only: changes go through {@link #change}. */
    public Object[] values() {
      return values;
    }

    /** The segment (table or partition) the row is in. */
    public Segment segment() {
      return segment;
    }

    /** A DML or LOB statement changed column {@code column} to {@code value}. */
    void change(int column, Object value) {
      values[column] = value;
    }

    /** ALTER TABLE ADD grew the table to {@code columns} columns: the new ones are NULL. */
    public void grow(int columns) {
      values = java.util.Arrays.copyOf(values, columns);
    }
  }

  private final TableId id;
  private final int conId;
  private final int objectId;
  private int objectVersion = 1;
  private TableLayout layout;
  private final List<Segment> segments = new ArrayList<>();
  private final Map<String, StoredRow> rows = new LinkedHashMap<>();

  /** The committed versions of the rows, for plain and flashback SELECTs of the table. */
  private final TableHistory history = new TableHistory();

  /** The SCN of the last DDL that changed the definition: flashback below it is ORA-01466. */
  private long definitionScn;

  /** Supplemental logging of this table, or null to follow the database. */
  private SupplementalLogging logging;

  /** The recycle-bin name after DROP without PURGE. */
  private String recycleBinName;

  private boolean purged;

  /** A global temporary table: LogMiner shows placeholders instead of SQL. */
  private boolean temporary;

  /** LOGGING 'NO' (ALTER TABLE ... NOLOGGING); a partitioned table's partitions have their own. */
  private boolean noLogging;

  /**
   * Interval or automatic list partitioning: a row with a key no partition holds makes the database
   * create a partition by itself ({@link SchemaChanges#createIntervalPartitioned}).
   */
  private boolean automaticPartitions;

  /** How LogMiner writes the text of this table's DML rows. */
  private SchemaChanges.RowText rowText = SchemaChanges.RowText.AS_DOCUMENTED;

  private int nextPartition;

  SimTable(TableId id, int conId, int objectId, TableLayout layout) {
    this.id = id;
    this.conId = conId;
    this.objectId = objectId;
    this.layout = layout;
  }

  public boolean dropped() {
    return recycleBinName != null || purged;
  }

  public boolean partitioned() {
    return segments.size() > 1 || (segments.size() == 1 && segments.get(0).partition != null);
  }

  public TableVersion version() {
    TableVersion v = lastVersion;
    if (v == null
        || v.layout() != layout
        || v.objectVersion() != objectVersion
        || v.conId() != conId) {
      v = new TableVersion(layout, objectVersion, conId, this);
      lastVersion = v;
    }
    return v;
  }

  /** The version {@link #version()} gave last: every record until the table changes shares it. */
  private TableVersion lastVersion;

  /** Appends {@code segment} as the newest partition; later rows are spread over it too. */
  public void addSegment(Segment segment) {
    segments.add(segment);
  }

  /** The segment for a new row: partitions take rows in turn. */
  Segment segmentForNewRow() {
    Segment s = segments.get(nextPartition % segments.size());
    nextPartition++;
    return s;
  }

  /** The segment with OBJECT_ID {@code objectId} (the first one when it has gone since). */
  Segment segmentOf(int objectId) {
    for (Segment s : segments) {
      if (s.objectId == objectId) {
        return s;
      }
    }
    return segments.get(0);
  }

  /** A row as a {@link Row} of its current values. */
  Row row(String rowId) {
    StoredRow stored = rows.get(rowId);
    if (stored == null) {
      throw new IllegalArgumentException("No row " + rowId + " in " + id);
    }
    return SimLob.row(stored.values());
  }

  /** Oracle's extended ROWID: data object (6), relative file (3), block (6), row (3), base 64. */
  static String rowId(int dataObjectId, int file, long block, int slot) {
    StringBuilder sb = new StringBuilder(18);
    base64(sb, dataObjectId, 6);
    base64(sb, file, 3);
    base64(sb, block, 6);
    base64(sb, slot, 3);
    return sb.toString();
  }

  private static final String ALPHABET =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

  private static void base64(StringBuilder sb, long value, int digits) {
    for (int i = digits - 1; i >= 0; i--) {
      sb.append(ALPHABET.charAt((int) ((value >>> (6 * i)) & 63)));
    }
  }

  /** A new ROWID in {@code segment}: 100 rows per block, file 7. */
  String newRowId(Segment segment) {
    int slot = segment.nextRowSlot++;
    return rowId(segment.dataObjectId, 7, 200 + slot / 100, slot % 100);
  }

  public TableId id() {
    return id;
  }

  public int conId() {
    return conId;
  }

  public int objectId() {
    return objectId;
  }

  public int objectVersion() {
    return objectVersion;
  }

  public void objectVersion(int objectVersion) {
    this.objectVersion = objectVersion;
  }

  public TableLayout layout() {
    return layout;
  }

  public void layout(TableLayout layout) {
    this.layout = layout;
  }

  public List<Segment> segments() {
    return segments;
  }

  public Map<String, StoredRow> rows() {
    return rows;
  }

  public TableHistory history() {
    return history;
  }

  public long definitionScn() {
    return definitionScn;
  }

  public void definitionScn(long definitionScn) {
    this.definitionScn = definitionScn;
  }

  public SupplementalLogging logging() {
    return logging;
  }

  public void logging(SupplementalLogging logging) {
    this.logging = logging;
  }

  public String recycleBinName() {
    return recycleBinName;
  }

  public void recycleBinName(String recycleBinName) {
    this.recycleBinName = recycleBinName;
  }

  public boolean purged() {
    return purged;
  }

  public void purged(boolean purged) {
    this.purged = purged;
  }

  public boolean temporary() {
    return temporary;
  }

  public void temporary(boolean temporary) {
    this.temporary = temporary;
  }

  public boolean noLogging() {
    return noLogging;
  }

  public void noLogging(boolean noLogging) {
    this.noLogging = noLogging;
  }

  public boolean automaticPartitions() {
    return automaticPartitions;
  }

  public void automaticPartitions(boolean automaticPartitions) {
    this.automaticPartitions = automaticPartitions;
  }

  public SchemaChanges.RowText rowText() {
    return rowText;
  }

  public void rowText(SchemaChanges.RowText rowText) {
    this.rowText = rowText;
  }
}
