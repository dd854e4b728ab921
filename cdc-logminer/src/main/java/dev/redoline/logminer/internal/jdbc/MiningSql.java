package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.logminer.internal.MiningQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The one SELECT on {@code V$LOGMNR_CONTENTS} that a {@link MiningQuery} becomes: its text and its
 * bind values, in order.
 *
 * <pre>{@code
 * MiningSql sql = MiningSql.of(MiningQuery.builder().capture(3, Set.of(73206)).build());
 * PreparedStatement ps = connection.prepareStatement(sql.text());   // then bind sql.binds()
 * }</pre>
 *
 * <p>Every value is a bind variable: object ids, container ids, user names and cursor addresses
 * never become SQL text. Lists are plain bind lists, padded (with their last value, which changes
 * nothing) to a few fixed sizes so the database sees a handful of statement shapes and reuses their
 * plans; a list longer than {@link #MAX_IN_LIST} is split into several lists, because Oracle
 * refuses more than 1,000 expressions in one list. An Oracle collection bind ({@code TABLE(?)})
 * would keep one shape for every size but needs a SQL collection type and a database to prove it;
 * bind lists work with any driver and are tested here. The flags ({@code ? = 1}) are binds too, so
 * turning DDL or control rows off does not change the shape. The LOB rows' exclusion is text
 * instead ({@code OPERATION_CODE NOT IN (9, 10, ...)}), present only with {@code
 * cdc.lob.enabled=false}: the setting is fixed for an engine's life, so each engine still sends one
 * shape, and with LOBs enabled the statement carries no predicate for them.
 *
 * <p>The predicates are those of {@link MiningQuery}, in this order: a row at or before its
 * thread's cursor is never returned; MISSING_SCN rows (code 34) and CORRUPTED_BLOCKS rows are
 * always returned, because a hole in the redo concerns every consumer whatever it captures
 * (docs/logminer.md#log-switches-rac-and-gaps and #errors); START/COMMIT/ROLLBACK and replication
 * markers (codes 6, 7, 36, 27) are returned when control rows are asked for, whoever ran them; DDL
 * (code 5) is returned for every object when asked for, whoever ran it (an excluded user's
 * partition DDL still makes new object ids); other rows of excluded users are left out ({@code
 * USERNAME} NULL is never excluded); LOB rows (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE, XML
 * DOC and 32K rows) are left out when not asked for; every other row only for a captured
 * (container, DATA_OBJ#) pair, the container being {@code NVL(SRC_CON_ID, 0)} because SRC_CON_ID is
 * NULL in a non-container database, or for a captured table by (container, SEG_OWNER, TABLE_NAME),
 * whatever its object id: a partition created by recursive DDL that LogMiner shows no row for has
 * an id no resolution has seen yet. There is no ORDER BY: LogMiner returns rows in redo order and a
 * sort would hold the whole step in the database's memory.
 *
 * @param text the statement text
 * @param binds the bind values, in order: {@link Integer}, {@link Long} or {@link String}
 */
record MiningSql(String text, List<Object> binds) {

  /**
   * The columns the gateway maps into a {@code RedoRow}, in the order of the SELECT; {@link
   * RedoRowMapper} finds each by {@link #column(String)}. The transaction id is read from its three
   * numbers, never from the RAW(8) {@code XID}, whose bytes are in the platform's byte order
   * (big-endian on AIX, SPARC, HP-UX and Linux on IBM Z). SQL_UNDO is not selected: the engine
   * never uses it, and LogMiner would build its text for every row.
   */
  static final List<String> COLUMNS =
      List.of(
          "SCN",
          "START_SCN",
          "COMMIT_SCN",
          "TIMESTAMP",
          "START_TIMESTAMP",
          "COMMIT_TIMESTAMP",
          "XIDUSN",
          "XIDSLT",
          "XIDSQN",
          "OPERATION_CODE",
          "OPERATION",
          "ROLLBACK",
          "SEG_OWNER",
          "TABLE_NAME",
          "ROW_ID",
          "USERNAME",
          "THREAD#",
          "RS_ID",
          "SSN",
          "CSF",
          "DATA_OBJ#",
          "DATA_OBJV#",
          "DATA_OBJD#",
          "SQL_REDO",
          "INFO",
          "STATUS",
          "SRC_CON_NAME",
          "SRC_CON_ID",
          "SRC_CON_UID");

  /** The SELECT list and view of every mining statement. */
  static final String SELECT = "SELECT " + String.join(", ", COLUMNS) + " FROM V$LOGMNR_CONTENTS";

  /** The most expressions Oracle accepts in one IN list (ORA-01795 beyond). */
  static final int MAX_IN_LIST = 1000;

  /**
   * The most (container, DATA_OBJ#) pairs the statement names; a capture with more asks for its
   * rows by table name ({@link #appendObjects}).
   */
  static final int MAX_OBJECT_PAIRS = MAX_IN_LIST;

  /**
   * The sizes bind lists are padded to; longer lists are split into lists of {@link #MAX_IN_LIST}.
   */
  static final int[] LIST_SIZES = {8, 64, 256, MAX_IN_LIST};

  /** Bound in the user list when no user is excluded; the list is then switched off by its flag. */
  static final String NO_USER = "-";

  /** Stands for "no captured object"; container and object ids are never negative. */
  static final int NO_OBJECT = -1;

  /** OPERATION_CODE of a MISSING_SCN row: a gap in the redo, returned whatever is captured. */
  static final int MISSING_SCN = 34;

  /**
   * OPERATION of the row LogMiner writes for skipped corrupt blocks (STATUS 1343), returned
   * whatever is captured.
   */
  static final String CORRUPTED_BLOCKS = "CORRUPTED_BLOCKS";

  /** The OPERATION_CODEs of LOB rows, as the decoder reads them, for the NOT IN list. */
  private static final String LOB_CODES =
      RedoRow.LOB_OPERATION_CODES.stream()
          .sorted()
          .map(String::valueOf)
          .collect(Collectors.joining(", "));

  public MiningSql {
    binds = List.copyOf(binds);
  }

  /** The 1-based position of {@code name} in {@link #COLUMNS}, as a result set numbers it. */
  static int column(String name) {
    int index = COLUMNS.indexOf(name);
    if (index < 0) {
      throw new IllegalArgumentException("not a selected column: " + name);
    }
    return index + 1;
  }

  /** The statement for {@code query}. */
  static MiningSql of(MiningQuery query) {
    StringBuilder sql = new StringBuilder(SELECT).append(" WHERE ");
    List<Object> binds = new ArrayList<>();
    if (!query.cursors().isEmpty()) {
      appendCursors(sql, binds, new TreeMap<>(query.cursors()));
      sql.append(" AND ");
    }
    sql.append("(OPERATION_CODE = ")
        .append(MISSING_SCN)
        .append(" OR OPERATION = '")
        .append(CORRUPTED_BLOCKS)
        .append("' OR OPERATION_CODE IN (6, 7, 27, 36) AND ? = 1");
    binds.add(flag(query.includeTransactionControl()));
    // DDL is never filtered by user: an excluded user's DDL still changes the captured tables.
    sql.append(" OR OPERATION_CODE = 5 AND ? = 1");
    binds.add(flag(query.includeDdl()));
    sql.append(" OR OPERATION_CODE NOT IN (5, 6, 7, 27, 36) AND (? = 0 OR USERNAME IS NULL OR ");
    binds.add(flag(!query.excludedUsers().isEmpty()));
    appendUsers(sql, binds, new TreeSet<>(query.excludedUsers()));
    sql.append(')');
    if (!query.includeLobRows()) {
      sql.append(" AND OPERATION_CODE NOT IN (").append(LOB_CODES).append(')');
    }
    sql.append(" AND (? = 1 OR ");
    binds.add(flag(query.objectIds() == null));
    appendObjects(sql, binds, query.objectIds() == null ? Map.of() : query.objectIds());
    sql.append(" OR ");
    appendNames(sql, binds, query.capturedTables());
    sql.append("))");
    return new MiningSql(sql.toString(), binds);
  }

  /**
   * Rows of threads without a cursor pass; a row of a thread with one passes when its (RBASQN,
   * RBABLK, RBABYTE) is above the cursor's, spelled out because Oracle has no row-value comparison.
   */
  private static void appendCursors(
      StringBuilder sql, List<Object> binds, Map<Integer, RedoAddress> cursors) {
    sql.append("(THREAD# NOT IN (");
    appendMarkers(sql, cursors.size());
    sql.append(')');
    binds.addAll(cursors.keySet());
    for (RedoAddress a : cursors.values()) {
      sql.append(
          " OR THREAD# = ? AND (RBASQN > ? OR RBASQN = ? AND (RBABLK > ? OR RBABLK = ? AND RBABYTE > ?))");
      binds.add(a.thread());
      binds.add(a.sequence());
      binds.add(a.sequence());
      binds.add(a.block());
      binds.add(a.block());
      binds.add(a.offset());
    }
    sql.append(')');
  }

  private static void appendUsers(StringBuilder sql, List<Object> binds, Set<String> users) {
    List<Object> values = new ArrayList<>(users);
    if (values.isEmpty()) {
      values.add(NO_USER);
    }
    List<List<Object>> lists = padded(values);
    for (int i = 0; i < lists.size(); i++) {
      sql.append(i == 0 ? "" : " AND ").append("USERNAME NOT IN (");
      appendMarkers(sql, lists.get(i).size());
      sql.append(')');
      binds.addAll(lists.get(i));
    }
  }

  /**
   * The captured (container, DATA_OBJ#) pairs; past {@link #MAX_OBJECT_PAIRS} (a table with tens of
   * thousands of partitions) the rows of known names carry the capture instead, and only the rows
   * LogMiner cannot name are asked for by number: Dictionary Mismatch rows (SEG_OWNER {@code
   * UNKNOWN}) and rows of a table dropped into the recycle bin (a {@code BIN$} name). The engine
   * sorts those out by DATA_OBJ#. So the statement's size does not grow with the partitions.
   */
  private static void appendObjects(
      StringBuilder sql, List<Object> binds, Map<Integer, Set<Integer>> ids) {
    List<int[]> pairs = new ArrayList<>();
    new TreeMap<>(ids)
        .forEach(
            (conId, objects) -> {
              for (int objectId : new TreeSet<>(objects)) {
                pairs.add(new int[] {conId, objectId});
              }
            });
    if (pairs.size() > MAX_OBJECT_PAIRS) {
      sql.append("(SEG_OWNER = 'UNKNOWN' OR TABLE_NAME LIKE 'BIN$%')");
      return;
    }
    if (pairs.isEmpty()) {
      pairs.add(new int[] {NO_OBJECT, NO_OBJECT});
    }
    List<Object> list = padded(new ArrayList<>(pairs)).get(0);
    sql.append("(NVL(SRC_CON_ID, 0), DATA_OBJ#) IN (");
    for (int j = 0; j < list.size(); j++) {
      int[] pair = (int[]) list.get(j);
      sql.append(j == 0 ? "(?, ?)" : ", (?, ?)");
      binds.add(pair[0]);
      binds.add(pair[1]);
    }
    sql.append(')');
  }

  /**
   * Splits {@code values} into lists of at most {@link #MAX_IN_LIST}; the last is padded to a fixed
   * size.
   */
  static List<List<Object>> padded(List<Object> values) {
    List<List<Object>> lists = new ArrayList<>();
    for (int from = 0; from < values.size(); from += MAX_IN_LIST) {
      lists.add(new ArrayList<>(values.subList(from, Math.min(values.size(), from + MAX_IN_LIST))));
    }
    List<Object> last = lists.get(lists.size() - 1);
    int size = paddedSize(last.size());
    Object filler = last.get(last.size() - 1);
    while (last.size() < size) {
      last.add(filler);
    }
    return lists;
  }

  /** The smallest of {@link #LIST_SIZES} that holds {@code n} values. */
  static int paddedSize(int n) {
    for (int size : LIST_SIZES) {
      if (n <= size) {
        return size;
      }
    }
    throw new IllegalArgumentException("a list holds at most " + MAX_IN_LIST + " values: " + n);
  }

  /** The captured tables by name: {@code (NVL(SRC_CON_ID, 0), SEG_OWNER, TABLE_NAME) IN (...)}. */
  private static void appendNames(
      StringBuilder sql, List<Object> binds, Set<MiningQuery.CapturedTable> tables) {
    List<Object> names =
        new ArrayList<>(
            tables.stream()
                .sorted(
                    java.util.Comparator.comparingInt(MiningQuery.CapturedTable::conId)
                        .thenComparing(MiningQuery.CapturedTable::owner)
                        .thenComparing(MiningQuery.CapturedTable::table))
                .toList());
    if (names.isEmpty()) {
      names.add(new MiningQuery.CapturedTable(NO_OBJECT, NO_USER, NO_USER));
    }
    List<List<Object>> lists = padded(names);
    sql.append(lists.size() > 1 ? "(" : "");
    for (int i = 0; i < lists.size(); i++) {
      sql.append(i == 0 ? "" : " OR ").append("(NVL(SRC_CON_ID, 0), SEG_OWNER, TABLE_NAME) IN (");
      for (int j = 0; j < lists.get(i).size(); j++) {
        MiningQuery.CapturedTable name = (MiningQuery.CapturedTable) lists.get(i).get(j);
        sql.append(j == 0 ? "(?, ?, ?)" : ", (?, ?, ?)");
        binds.add(name.conId());
        binds.add(name.owner());
        binds.add(name.table());
      }
      sql.append(')');
    }
    sql.append(lists.size() > 1 ? ")" : "");
  }

  private static void appendMarkers(StringBuilder sql, int count) {
    for (int i = 0; i < count; i++) {
      sql.append(i == 0 ? "?" : ", ?");
    }
  }

  private static Integer flag(boolean on) {
    return on ? 1 : 0;
  }
}
