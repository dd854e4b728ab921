package dev.redoline.simulator.internal.sql;

import static dev.redoline.simulator.internal.sql.SqlValues.yn;
import static dev.redoline.simulator.internal.sql.ViewColumn.number;
import static dev.redoline.simulator.internal.sql.ViewColumn.text;

import dev.redoline.core.Column;
import dev.redoline.core.OracleType;
import dev.redoline.simulator.SupplementalLogging;
import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.oracle.Catalog;
import dev.redoline.simulator.internal.oracle.ContainerDataGrants;
import dev.redoline.simulator.internal.oracle.SimTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of the dictionary views: the ALL_ forms show the container the session is in, the CDB_
 * forms every open container (with CON_ID) whose rows the session may see: at the root those its
 * user's CONTAINER_DATA allows ({@link ContainerDataGrants}, ALL by default), in a PDB that PDB's.
 * V$PDBS and V$CONTAINERS (container data objects too), DBA_CONTAINER_DATA, the session's
 * privileges and the packages it may run.
 */
public final class DictionaryViews {

  static final List<ViewColumn> OBJECT_COLUMNS =
      List.of(
          text("OWNER"),
          text("OBJECT_NAME"),
          text("SUBOBJECT_NAME"),
          number("OBJECT_ID"),
          number("DATA_OBJECT_ID"),
          text("OBJECT_TYPE"),
          text("TEMPORARY"));

  static final List<ViewColumn> COLUMN_COLUMNS =
      List.of(
          text("OWNER"),
          text("TABLE_NAME"),
          text("COLUMN_NAME"),
          text("DATA_TYPE"),
          number("DATA_LENGTH"),
          number("DATA_PRECISION"),
          number("DATA_SCALE"),
          number("CHAR_LENGTH"),
          text("NULLABLE"),
          number("COLUMN_ID"));

  static final List<ViewColumn> CONSTRAINT_COLUMNS =
      List.of(text("OWNER"), text("CONSTRAINT_NAME"), text("TABLE_NAME"), text("CONSTRAINT_TYPE"));

  static final List<ViewColumn> KEY_COLUMNS =
      List.of(
          text("OWNER"),
          text("CONSTRAINT_NAME"),
          text("TABLE_NAME"),
          text("COLUMN_NAME"),
          number("POSITION"));

  static final List<ViewColumn> LOG_GROUP_COLUMNS =
      List.of(
          text("OWNER"),
          text("LOG_GROUP_NAME"),
          text("TABLE_NAME"),
          text("LOG_GROUP_TYPE"),
          text("ALWAYS"));

  /** The system privileges of the simulator's capture user. */
  public static final List<String> PRIVILEGES =
      List.of(
          "CREATE SESSION",
          "LOGMINING",
          "SELECT ANY TRANSACTION",
          "SELECT ANY DICTIONARY",
          "SET CONTAINER",
          "FLASHBACK ANY TABLE");

  private DictionaryViews() {}

  /** {@code CON_ID} last: the CDB_ form of a dictionary view. */
  static List<ViewColumn> withConId(List<ViewColumn> columns) {
    List<ViewColumn> out = new ArrayList<>(columns);
    out.add(number("CON_ID"));
    return out;
  }

  static List<Object[]> pdbs(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (Catalog.Container c : s.catalog().containers()) {
      if (c.conId() > 1 && s.sees("V$PDBS", c.conId())) {
        out.add(new Object[] {c.conId(), c.name(), c.conUid(), c.openMode()});
      }
    }
    return out;
  }

  static List<Object[]> containers(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (Catalog.Container c : s.catalog().containers()) {
      if (c.conId() > 0 && s.sees("V$CONTAINERS", c.conId())) {
        out.add(new Object[] {c.conId(), c.name(), c.conUid(), c.openMode()});
      }
    }
    return out;
  }

  /**
   * The rows of DBA_CONTAINER_DATA: the capture user's attributes (none in a non-container
   * database).
   */
  static List<Object[]> containerData(Session s) {
    return s.catalog().cdb() ? s.settings().containerData().rows(CAPTURE_USER) : List.of();
  }

  /** The user every session of the simulator runs as. */
  static final String CAPTURE_USER = "C##REDOLINE";

  /**
   * The live tables a dictionary view shows: the session's container (ALL_ forms, {@code cdbView}
   * null), or every open one the session sees in CDB_ view {@code cdbView}.
   */
  private static List<SimTable> visibleTables(Session s, String cdbView) {
    List<SimTable> out = new ArrayList<>();
    for (SimTable t : s.catalog().tables()) {
      if (t.dropped()) {
        continue;
      }
      Catalog.Container c = s.catalog().container(t.conId());
      boolean shown =
          cdbView != null ? c.open() && s.sees(cdbView, t.conId()) : t.conId() == s.containerId();
      if (shown) {
        out.add(t);
      }
    }
    return out;
  }

  private static Object[] withConId(Object[] row, SimTable t, boolean cdb) {
    if (!cdb) {
      return row;
    }
    Object[] out = java.util.Arrays.copyOf(row, row.length + 1);
    out[row.length] = t.conId();
    return out;
  }

  static List<Object[]> objects(Session s, boolean cdb) {
    List<Object[]> out = new ArrayList<>();
    for (SimTable t : visibleTables(s, cdb ? "CDB_OBJECTS" : null)) {
      String temporary = yn(t.temporary());
      if (t.partitioned()) {
        out.add(
            withConId(
                new Object[] {
                  t.id().owner(), t.id().table(), null, t.objectId(), null, "TABLE", temporary
                },
                t,
                cdb));
      }
      for (SimTable.Segment seg : t.segments()) {
        String type = seg.partition() == null ? "TABLE" : "TABLE PARTITION";
        out.add(
            withConId(
                new Object[] {
                  t.id().owner(),
                  t.id().table(),
                  seg.partition(),
                  seg.objectId(),
                  seg.dataObjectId(),
                  type,
                  temporary
                },
                t,
                cdb));
      }
    }
    return out;
  }

  static final List<ViewColumn> TABLE_COLUMNS =
      List.of(
          text("OWNER"),
          text("TABLE_NAME"),
          text("LOGGING"),
          text("PARTITIONED"),
          text("TEMPORARY"));

  static final List<ViewColumn> PARTITION_COLUMNS =
      List.of(text("TABLE_OWNER"), text("TABLE_NAME"), text("PARTITION_NAME"), text("LOGGING"));

  /**
   * ALL_/CDB_TABLES: LOGGING is NULL for a partitioned table, whose partitions each have their own.
   */
  static List<Object[]> tables(Session s, boolean cdb) {
    List<Object[]> out = new ArrayList<>();
    for (SimTable t : visibleTables(s, cdb ? "CDB_TABLES" : null)) {
      String logging = t.partitioned() ? null : t.noLogging() ? "NO" : "YES";
      out.add(
          withConId(
              new Object[] {
                t.id().owner(), t.id().table(), logging, yn(t.partitioned()), yn(t.temporary())
              },
              t,
              cdb));
    }
    return out;
  }

  /** ALL_/CDB_TAB_PARTITIONS. */
  static List<Object[]> partitions(Session s, boolean cdb) {
    List<Object[]> out = new ArrayList<>();
    for (SimTable t : visibleTables(s, cdb ? "CDB_TAB_PARTITIONS" : null)) {
      for (SimTable.Segment seg : t.segments()) {
        if (seg.partition() != null) {
          out.add(
              withConId(
                  new Object[] {
                    t.id().owner(), t.id().table(), seg.partition(), seg.noLogging() ? "NO" : "YES"
                  },
                  t,
                  cdb));
        }
      }
    }
    return out;
  }

  static List<Object[]> columns(Session s, boolean cdb) {
    List<Object[]> out = new ArrayList<>();
    for (SimTable t : visibleTables(s, cdb ? "CDB_TAB_COLUMNS" : null)) {
      for (Column c : t.layout().columns()) {
        OracleType type = c.type();
        out.add(
            withConId(
                new Object[] {
                  t.id().owner(),
                  t.id().table(),
                  c.name(),
                  dataType(type),
                  dataLength(type),
                  nullIfUnspecified(precision(type)),
                  nullIfUnspecified(scale(type)),
                  charLength(type),
                  yn(c.nullable()),
                  c.position()
                },
                t,
                cdb));
      }
    }
    return out;
  }

  static List<Object[]> constraints(Session s, boolean cdb) {
    List<Object[]> out = new ArrayList<>();
    for (SimTable t : visibleTables(s, cdb ? "CDB_CONSTRAINTS" : null)) {
      if (!t.layout().primaryKey().isEmpty()) {
        out.add(withConId(new Object[] {t.id().owner(), keyName(t), t.id().table(), "P"}, t, cdb));
      }
    }
    return out;
  }

  static List<Object[]> keyColumns(Session s, boolean cdb) {
    List<Object[]> out = new ArrayList<>();
    for (SimTable t : visibleTables(s, cdb ? "CDB_CONS_COLUMNS" : null)) {
      int position = 1;
      for (String column : t.layout().primaryKey()) {
        out.add(
            withConId(
                new Object[] {t.id().owner(), keyName(t), t.id().table(), column, position++},
                t,
                cdb));
      }
    }
    return out;
  }

  /**
   * A table's own ALL COLUMN log group, when its supplemental logging was set to ALL on the table.
   */
  static List<Object[]> logGroups(Session s, boolean cdb) {
    List<Object[]> out = new ArrayList<>();
    for (SimTable t : visibleTables(s, cdb ? "CDB_LOG_GROUPS" : null)) {
      if (t.logging() == SupplementalLogging.ALL) {
        out.add(
            withConId(
                new Object[] {
                  t.id().owner(),
                  "SYS_C" + (t.objectId() + 1),
                  t.id().table(),
                  "ALL COLUMN LOGGING",
                  "ALWAYS"
                },
                t,
                cdb));
      }
    }
    return out;
  }

  static List<Object[]> sessionPrivileges(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (String p : PRIVILEGES) {
      if (!s.settings().revoked().contains(p)) {
        out.add(new Object[] {p});
      }
    }
    return out;
  }

  static List<Object[]> procedures(Session s) {
    return List.of(
        new Object[] {"SYS", "DBMS_LOGMNR", null},
        new Object[] {"SYS", "DBMS_LOGMNR", "ADD_LOGFILE"},
        new Object[] {"SYS", "DBMS_LOGMNR", "START_LOGMNR"},
        new Object[] {"SYS", "DBMS_LOGMNR", "END_LOGMNR"},
        new Object[] {"SYS", "DBMS_LOGMNR", "REMOVE_LOGFILE"});
  }

  private static String keyName(SimTable t) {
    return "SYS_C" + t.objectId();
  }

  /**
   * DATA_TYPE as the dictionary spells it: sizes only in the names of TIMESTAMP and INTERVAL types.
   */
  static String dataType(OracleType type) {
    return switch (type.kind()) {
      case TIMESTAMP, TIMESTAMP_TZ, TIMESTAMP_LTZ, INTERVAL_YM, INTERVAL_DS -> type.toString();
      default -> type.kind().sqlName();
    };
  }

  private static int dataLength(OracleType type) {
    return switch (type.kind()) {
      case CHAR, VARCHAR2, RAW -> type.length();
      case NCHAR, NVARCHAR2 -> type.length() * 2;
      case NUMBER, FLOAT -> 22;
      case DATE -> 7;
      default -> 4_000;
    };
  }

  private static int precision(OracleType type) {
    return switch (type.kind()) {
      case NUMBER, FLOAT, INTERVAL_YM, INTERVAL_DS -> type.precision();
      default -> OracleType.UNSPECIFIED;
    };
  }

  private static int scale(OracleType type) {
    return switch (type.kind()) {
      case NUMBER, TIMESTAMP, TIMESTAMP_TZ, TIMESTAMP_LTZ, INTERVAL_DS -> type.scale();
      default -> OracleType.UNSPECIFIED;
    };
  }

  private static int charLength(OracleType type) {
    return switch (type.kind()) {
      case CHAR, NCHAR, VARCHAR2, NVARCHAR2 -> type.length();
      default -> 0;
    };
  }

  private static Integer nullIfUnspecified(int value) {
    return value == OracleType.UNSPECIFIED ? null : value;
  }
}
