package dev.redoline.simulator;

import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.simulator.internal.oracle.Catalog;
import dev.redoline.simulator.internal.oracle.FaultGate;
import dev.redoline.simulator.internal.oracle.RecordKind;
import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.RedoRecord;
import dev.redoline.simulator.internal.oracle.RedoThread;
import dev.redoline.simulator.internal.oracle.Settings;
import dev.redoline.simulator.internal.oracle.SimTable;
import dev.redoline.simulator.internal.oracle.SimulatedClock;
import dev.redoline.simulator.internal.oracle.TxState;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * DDL on the simulated dictionary. Each statement runs in its own transaction (START, DDL row,
 * COMMIT) and changes object numbers as Oracle does (requirement 25): ALTER raises DATA_OBJV#,
 * TRUNCATE of a non-empty table and MOVE give a new DATA_OBJD#, EXCHANGE PARTITION swaps them,
 * SPLIT PARTITION makes new partition objects, DROP without PURGE renames into the recycle bin
 * (with an INTERNAL DDL row).
 *
 * <pre>{@code
 * oracle.schema().addColumn(orders, "NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 200));
 * oracle.schema().truncate(orders);
 * oracle.schema().drop(orders, false);   // drop table ... AS "BIN$...==$0"
 * }</pre>
 */
public final class SchemaChanges {

  /** INFO of a user DDL row. */
  static final String USER_DDL = "USER DDL (PlSql=0 RecDep=0)";

  /** INFO of a DDL row the database issued itself. */
  static final String INTERNAL_DDL = "INTERNAL DDL";

  /**
   * What DATA_OBJ# and DATA_OBJD# a TRUNCATE row shows. Which of them Oracle writes is not
   * confirmed (docs/simulator.md, "Real-Oracle behaviours"), so each is a choice; the row always
   * names the table in SEG_OWNER/TABLE_NAME, by which connectors resolve DDL.
   */
  public enum TruncateObject {
    /** The table's object numbers (the default). */
    TABLE,
    /** 0 in both columns. */
    ZERO,
    /** NULL in both columns. */
    NULL
  }

  /**
   * How LogMiner writes the SQL_REDO of a table's DML rows. Real LogMiner output departs from its
   * documented form in two ways seen in the field (docs/simulator.md, "Real-Oracle behaviours");
   * both are choices per table, made at mining time like all text.
   */
  public enum RowText {
    /** Names and literals as documented, quotes doubled (the default). */
    AS_DOCUMENTED,
    /** A single quote inside a literal is written once, not doubled: {@code 'O'Brien'}. */
    QUOTES_NOT_DOUBLED,
    /**
     * Columns as {@code "COL n"} with {@code HEXTORAW} values of the stored bytes, in text that
     * names the table: {@code insert into "S"."T"("COL 1","COL 2") values (HEXTORAW('c102'),...)}.
     */
    COLUMN_NUMBERS
  }

  /**
   * What LogMiner shows when interval or automatic list partitioning creates a partition by itself.
   * No source shows the recursive DDL's rows (docs/simulator.md, "Real-Oracle behaviours"), so each
   * form is a choice.
   */
  public enum AutomaticPartitionDdl {
    /**
     * A DDL transaction of the table's owner with INFO 'INTERNAL DDL' naming the table (the
     * default).
     */
    OWNER,
    /** The same DDL transaction, issued by SYS. */
    SYS,
    /** No row at all: the partition's rows are the first trace of its object id. */
    NONE
  }

  private final Catalog catalog;
  private final RedoLog redo;
  private final SimulatedClock clock;
  private final Settings settings;
  private final FaultGate faults;
  private int ddlSlot;
  private TruncateObject truncateObject = TruncateObject.TABLE;
  private AutomaticPartitionDdl automaticPartitionDdl = AutomaticPartitionDdl.OWNER;

  /** Who issues later DDL; {@code null}: each table's owner. */
  private String issuer;

  SchemaChanges(
      Catalog catalog, RedoLog redo, SimulatedClock clock, Settings settings, FaultGate faults) {
    this.catalog = catalog;
    this.redo = redo;
    this.clock = clock;
    this.settings = settings;
    this.faults = faults;
  }

  /** CREATE TABLE with the layout's columns; returns its id. */
  public TableId createTable(TableLayout layout) {
    return createPartitioned(layout, List.of());
  }

  /**
   * CREATE GLOBAL TEMPORARY TABLE: its DML produces rows whose SQL_REDO and SQL_UNDO are LogMiner's
   * placeholders ({@code /* No SQL_REDO for temporary tables *}{@code /}).
   */
  public TableId createTemporaryTable(TableLayout layout) {
    SimTable t = catalog.create(layout.table(), layout, List.of());
    t.temporary(true);
    emit(t, createText("create global temporary table ", layout), USER_DDL);
    return layout.table();
  }

  /**
   * {@code DBMS_LOGMNR_D.BUILD(options => STORE_IN_REDO_LOGS)}: the dictionary goes into thread 1's
   * current log, which gets DICTIONARY_BEGIN and DICTIONARY_END. START_LOGMNR with
   * DICT_FROM_REDO_LOGS needs that log added (ORA-01371 otherwise). Plan ORA-01327 (dictionary
   * lock) or others with {@code faults().atCall(GatewayCall.BUILD, ...)}.
   *
   * @throws SQLException a planned fault, with DBMS_LOGMNR_D frames
   */
  public void buildDictionary() throws SQLException {
    faults.before(GatewayCall.BUILD, null);
    RedoThread t = redo.thread(1);
    redo.flush(t);
    t.current().dictionaryBegin(true);
    t.current().dictionaryEnd(true);
  }

  /** CREATE TABLE ... PARTITION BY HASH with named partitions, each its own object. */
  public TableId createPartitioned(TableLayout layout, List<String> partitions) {
    SimTable t = catalog.create(layout.table(), layout, partitions);
    emit(t, createText("create table ", layout), USER_DDL);
    t.definitionScn(redo.currentScn());
    return layout.table();
  }

  private static String createText(String verb, TableLayout layout) {
    StringBuilder sql = new StringBuilder(verb).append(layout.table().quoted()).append(" (");
    for (Column c : layout.columns()) {
      sql.append(c.position() > 1 ? ", " : "")
          .append('"')
          .append(c.name())
          .append("\" ")
          .append(c.type());
    }
    return sql.append(')').toString();
  }

  /**
   * CREATE TABLE ... PARTITION BY RANGE ... INTERVAL (or automatic LIST) with one partition: an
   * insert given to {@link SimulatedTransaction#insertIntoNewPartition} makes the database add a
   * partition by itself, as it does for a key no partition holds.
   */
  public TableId createIntervalPartitioned(TableLayout layout, String firstPartition) {
    SimTable t = catalog.create(layout.table(), layout, List.of(firstPartition));
    t.automaticPartitions(true);
    emit(
        t,
        createText("create table ", layout)
            + " partition by range (\""
            + layout.column(0).name()
            + "\") interval (1) (partition \""
            + firstPartition
            + "\" values less than (1))",
        USER_DDL);
    return layout.table();
  }

  /**
   * The partition the database creates for a key no partition of {@code t} holds: new OBJECT_ID and
   * DATA_OBJECT_ID, a system name, and recursive DDL in its own transaction whose row has INFO
   * {@value #INTERNAL_DDL} (the text is a guess: no source shows it).
   */
  SimTable.Segment addPartitionAutomatically(SimTable t) {
    Catalog.Container c = catalog.container(t.conId());
    int id = catalog.allocateObjectId(c);
    SimTable.Segment segment = new SimTable.Segment("SYS_P" + id, id, id);
    t.addSegment(segment);
    if (automaticPartitionDdl != AutomaticPartitionDdl.NONE) {
      emit(
          t,
          "ALTER TABLE " + t.id().quoted() + " ADD PARTITION \"" + segment.partition() + "\"",
          INTERNAL_DDL,
          t.objectId(),
          automaticPartitionDdl == AutomaticPartitionDdl.SYS ? "SYS" : t.id().owner());
    }
    return segment;
  }

  /** ALTER TABLE ADD column: a new layout version, DATA_OBJV# + 1. */
  public void addColumn(TableId table, String name, OracleType type) {
    SimTable t = catalog.table(table);
    List<Column> columns = new ArrayList<>(t.layout().columns());
    columns.add(new Column(name, columns.size() + 1, type, true));
    t.layout(t.layout().withColumns(t.layout().version() + 1, columns, t.layout().primaryKey()));
    t.objectVersion(t.objectVersion() + 1);
    for (SimTable.StoredRow row : t.rows().values()) {
      row.grow(columns.size());
    }
    t.history().reshape(columns.size());
    emit(t, "alter table " + table.quoted() + " add \"" + name + "\" " + type, USER_DDL);
    t.definitionScn(redo.currentScn());
  }

  /**
   * {@code ALTER TABLE ... NOLOGGING}, or with a {@code partition}, {@code ALTER TABLE ... MODIFY
   * PARTITION ... NOLOGGING}: LOGGING becomes NO in ALL_/CDB_TABLES or ALL_/CDB_TAB_PARTITIONS. On
   * Oracle, direct-path loads into it then write no change redo unless the database is in FORCE
   * LOGGING mode; the simulator has no direct-path load, so its redo is unchanged.
   */
  public void nologging(TableId table, String partition) {
    SimTable t = catalog.table(table);
    if (partition == null) {
      t.noLogging(true);
      emit(t, "alter table " + table.quoted() + " nologging", USER_DDL);
      return;
    }
    SimTable.Segment segment =
        t.segments().stream()
            .filter(g -> partition.equals(g.partition()))
            .findFirst()
            .orElseThrow(
                () -> new IllegalArgumentException("No partition " + partition + " of " + table));
    segment.noLogging(true);
    emit(
        t,
        "alter table " + table.quoted() + " modify partition \"" + partition + "\" nologging",
        USER_DDL);
  }

  /** How LogMiner writes the text of {@code table}'s DML rows from now on, old redo included. */
  public void rowText(TableId table, RowText text) {
    catalog.table(table).rowText(java.util.Objects.requireNonNull(text, "text == null"));
  }

  /**
   * What DATA_OBJ# and DATA_OBJD# later TRUNCATE rows show; {@link TruncateObject#TABLE} by
   * default.
   */
  public SchemaChanges truncateObject(TruncateObject shown) {
    this.truncateObject = java.util.Objects.requireNonNull(shown, "shown == null");
    return this;
  }

  /**
   * What later automatically created partitions show; {@link AutomaticPartitionDdl#OWNER} by
   * default.
   */
  public SchemaChanges automaticPartitionDdl(AutomaticPartitionDdl shown) {
    this.automaticPartitionDdl = java.util.Objects.requireNonNull(shown, "shown == null");
    return this;
  }

  /**
   * The user who issues later DDL (its rows' USERNAME), as a DBA job or a loader that adds
   * partitions would; {@code null} gives each table's owner again (the default).
   */
  public SchemaChanges issuedBy(String user) {
    this.issuer = user;
    return this;
  }

  /** TRUNCATE TABLE: rows gone; a new DATA_OBJD# unless the table was already empty. */
  public void truncate(TableId table) {
    SimTable t = catalog.table(table);
    if (!t.rows().isEmpty()) {
      for (SimTable.Segment s : t.segments()) {
        s.dataObjectId(catalog.newDataObjectId(t));
      }
    }
    t.rows().clear();
    t.history().truncate(redo.currentScn() + 1, clock.instant(), settings.undoKeptSince(clock));
    int shown =
        switch (truncateObject) {
          case TABLE -> t.objectId();
          case ZERO -> 0;
          case NULL -> RedoRecord.NULL_OBJECT;
        };
    emit(t, "truncate table " + table.quoted(), USER_DDL, shown);
    t.definitionScn(redo.currentScn());
  }

  /** ALTER TABLE MOVE: a new DATA_OBJD#. */
  public void move(TableId table) {
    SimTable t = catalog.table(table);
    for (SimTable.Segment s : t.segments()) {
      s.dataObjectId(catalog.newDataObjectId(t));
    }
    emit(t, "alter table " + table.quoted() + " move", USER_DDL);
  }

  /** SPLIT PARTITION: the partition is replaced by two new partition objects. */
  public void splitPartition(TableId table, String partition, String first, String second) {
    SimTable t = catalog.table(table);
    SimTable.Segment old = segment(t, partition);
    Catalog.Container c = catalog.container(t.conId());
    int index = t.segments().indexOf(old);
    int a = catalog.allocateObjectId(c);
    int b = catalog.allocateObjectId(c);
    t.segments().set(index, new SimTable.Segment(first, a, a));
    t.segments().add(index + 1, new SimTable.Segment(second, b, b));
    emit(
        t,
        "alter table "
            + table.quoted()
            + " split partition \""
            + partition
            + "\" into (partition \""
            + first
            + "\", partition \""
            + second
            + "\")",
        USER_DDL);
  }

  /** EXCHANGE PARTITION with a non-partitioned table: their DATA_OBJD# values swap. */
  public void exchangePartition(TableId table, String partition, TableId with) {
    SimTable t = catalog.table(table);
    SimTable other = catalog.table(with);
    SimTable.Segment p = segment(t, partition);
    SimTable.Segment o = other.segments().get(0);
    int swap = p.dataObjectId();
    p.dataObjectId(o.dataObjectId());
    o.dataObjectId(swap);
    emit(
        t,
        "alter table "
            + table.quoted()
            + " exchange partition \""
            + partition
            + "\" with table "
            + with.quoted(),
        USER_DDL);
  }

  /** DROP TABLE: with {@code purge} it is gone; without, it moves to the recycle bin. */
  public void drop(TableId table, boolean purge) {
    SimTable t = catalog.table(table);
    catalog.drop(t, purge);
    if (purge) {
      emit(t, "drop table " + table.quoted() + " purge", USER_DDL);
    } else {
      emit(
          t,
          "ALTER TABLE " + table.quoted() + " RENAME TO \"" + t.recycleBinName() + "\"",
          INTERNAL_DDL);
      emit(t, "drop table " + table.quoted() + " AS \"" + t.recycleBinName() + "\"", USER_DDL);
    }
  }

  private static SimTable.Segment segment(SimTable t, String partition) {
    for (SimTable.Segment s : t.segments()) {
      if (partition.equals(s.partition())) {
        return s;
      }
    }
    throw new IllegalArgumentException("No partition " + partition + " in " + t.id());
  }

  private void emit(SimTable t, String text, String info) {
    emit(t, text, info, t.objectId());
  }

  private void emit(SimTable t, String text, String info, int objectId) {
    emit(t, text, info, objectId, issuer == null ? t.id().owner() : issuer);
  }

  /**
   * Writes a DDL transaction; {@code objectId} is what the DDL row shows as DATA_OBJ# (and
   * DATA_OBJD# when not the table's).
   */
  private void emit(SimTable t, String text, String info, int objectId, String user) {
    TxState tx =
        new TxState(
            new Xid(11, 40 + (ddlSlot % 8), 9_000 + ddlSlot++), 1, 1, user, t.conId(), false);
    long scn = redo.nextScn();
    tx.start(scn, redo.now());
    SimTable.Segment s = t.segments().get(0);
    redo.write(RedoRecord.control(RecordKind.START, scn, tx.startTime(), tx, 1, null, 0), tx);
    int dataObjectId = objectId == t.objectId() ? s.dataObjectId() : objectId;
    redo.write(
        new RedoRecord(
            RecordKind.DDL,
            scn,
            tx.startTime(),
            tx,
            1,
            t.version(),
            objectId,
            dataObjectId,
            null,
            null,
            null,
            text,
            info,
            0),
        tx);
    long commit = redo.nextScn();
    tx.end(true, commit, redo.now());
    redo.write(RedoRecord.control(RecordKind.COMMIT, commit, tx.endTime(), tx, 1, null, 0), tx);
    redo.flush(redo.thread(1));
  }
}
