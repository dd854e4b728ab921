package dev.redoline.logminer.oracle;

import dev.redoline.core.TableId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The seeded workloads of the real-Oracle suites, shared by the embedded engine's ({@code
 * OracleEndToEndIT}) and the connector's ({@code OracleConnectIT}) so both capture the same
 * changes: each creates its tables in {@link OracleFree#SCHEMA} (with the documented per-table
 * statements), commits and rolls back its transactions, and answers the {@link Case} a suite
 * captures. A suite then commits {@link #marker} and captures until the marker row is delivered.
 *
 * <pre>{@code
 * OracleWorkload workload = new OracleWorkload(oracle, 27);
 * OracleWorkload.Case c = workload.lobs();
 * long end = workload.marker(c);
 * }</pre>
 */
public final class OracleWorkload {

  /** The text of every value a rolled-back change writes: a delivered one is a defect. */
  public static final String ROLLED_BACK = "ROLLED-BACK";

  /** The key of the row each case commits last: its delivery means the workload was delivered. */
  public static final long MARKER_ID = 999_999;

  /**
   * The keys of the snapshot case's table: mixed case, and letters a Turkish locale folds apart.
   */
  public static final List<String> MIXED_CASE_KEYS =
      List.of("a", "B", "i", "I", "\u0130", "\u0131", "z", "Z", "\u00e4", "A");

  /**
   * A workload as a suite captures it.
   *
   * @param name the case's directory name under {@code target/oracle-it/}
   * @param start the SCN the capture starts after
   * @param tables the captured tables; the first takes the marker row
   * @param keysOnly tables whose layout changed during the case: compared by key set only
   * @param settings capture settings the case needs beyond the suite's
   */
  public record Case(
      String name,
      long start,
      List<TableId> tables,
      List<TableId> keysOnly,
      Map<String, String> settings) {

    /** The table that takes the marker row. */
    public TableId marker() {
      return tables.get(0);
    }
  }

  private final OracleFree oracle;
  private final long seed;

  public OracleWorkload(OracleFree oracle, long seed) {
    this.oracle = oracle;
    this.seed = seed;
  }

  /**
   * Inserts, updates and deletes over every supported scalar type (NUMBER without precision and
   * with a negative scale, FLOAT, NCHAR among them); a fifth of the transactions undone. LOBs, JSON
   * and VECTOR have cases of their own.
   */
  public Case types() throws Exception {
    TableId t =
        table(
            "TYPES",
            "ID NUMBER(10) PRIMARY KEY, N NUMBER(12,3), F BINARY_FLOAT, D BINARY_DOUBLE,"
                + " V VARCHAR2(100), NV NVARCHAR2(50), C CHAR(5), DT DATE, TS TIMESTAMP(6),"
                + " TSTZ TIMESTAMP(6) WITH TIME ZONE, TSLTZ TIMESTAMP(6) WITH LOCAL TIME ZONE,"
                + " YM INTERVAL YEAR(2) TO MONTH, DS INTERVAL DAY(2) TO SECOND(6), R RAW(16),"
                + " B BOOLEAN, NX NUMBER, FL FLOAT(10), NC NCHAR(4), NEG NUMBER(6,-2)",
            "");
    long start = oracle.currentScn();
    Random random = new Random(seed);
    try (Connection app = app()) {
      for (int tx = 0; tx < 20; tx++) {
        boolean rollback = random.nextInt(5) == 0;
        for (int i = 0; i < 1 + random.nextInt(5); i++) {
          run(
              app,
              "INSERT INTO TYPES VALUES ("
                  + (tx * 10 + i)
                  + ", "
                  + (random.nextInt(1_000_000) / 1000.0)
                  + ", 1.5, 2.25, '"
                  + (rollback ? ROLLED_BACK : "v''" + random.nextInt(100))
                  + "', N'\u00e9t\u00e9', 'ab', DATE '2024-02-29',"
                  + " TIMESTAMP '2024-03-31 02:30:00.123456', TIMESTAMP '2024-01-01 10:00:00 +05:30',"
                  + " TIMESTAMP '2024-06-01 12:00:00', INTERVAL '1-2' YEAR TO MONTH,"
                  + " INTERVAL '3 04:05:06.5' DAY TO SECOND, HEXTORAW('0A0B0C'), TRUE,"
                  + " 123.456789012345678901234567890123, 12.5, N'\u00e9a', 12345)");
        }
        if (!rollback && tx % 3 == 0) {
          run(app, "UPDATE TYPES SET V = 'updated', B = FALSE, N = NULL WHERE ID = " + (tx * 10));
        }
        if (!rollback && tx % 4 == 1) {
          run(app, "DELETE FROM TYPES WHERE ID = " + (tx * 10));
        }
        end(app, rollback);
      }
    }
    return new Case("types", start, List.of(t), List.of(), Map.of());
  }

  /**
   * SecureFile and BasicFile LOBs, in row and out of row: inserts, a LOB grown out of row by an
   * update, a trim and a write into a BLOB after their transaction set the values, and a savepoint
   * rollback of a LOB insert and update. A BasicFile CLOB stored out of row ({@code DISABLE STORAGE
   * IN ROW}), whose LOB_WRITE rows were seen with no SEL_LOB_LOCATOR before them and before their
   * INSERT (docs/simulator.md, b7): the rows this case keeps show which forms the database gives.
   */
  public Case lobs() throws Exception {
    TableId t =
        table(
            "DOCS",
            "ID NUMBER(10) PRIMARY KEY, SF CLOB, BF BLOB",
            " LOB (SF) STORE AS SECUREFILE (ENABLE STORAGE IN ROW)"
                + " LOB (BF) STORE AS BASICFILE (ENABLE STORAGE IN ROW)");
    TableId outOfRow =
        table(
            "DOCS_OOR",
            "ID NUMBER(10) PRIMARY KEY, NOTE VARCHAR2(20), BODY CLOB",
            " LOB (BODY) STORE AS BASICFILE (DISABLE STORAGE IN ROW)");
    long start = oracle.currentScn();
    try (Connection app = app()) {
      run(app, "INSERT INTO DOCS_OOR VALUES (1, 'short', 'a short value, still out of row')");
      run(app, "INSERT INTO DOCS_OOR VALUES (2, 'long', RPAD('basic ', 9000, 'b'))");
      end(app, false);
      run(app, "UPDATE DOCS_OOR SET BODY = RPAD('updated ', 7000, 'u') WHERE ID = 1");
      run(app, "UPDATE DOCS_OOR SET NOTE = 'renamed', BODY = 'short again' WHERE ID = 2");
      end(app, false);
    }
    try (Connection app = app()) {
      run(app, "INSERT INTO DOCS VALUES (1, 'in row', HEXTORAW('00FF'))");
      run(
          app,
          "INSERT INTO DOCS VALUES (2, RPAD('out of row ', 12000, 'x'),"
              + " TO_BLOB(UTL_RAW.COPIES(HEXTORAW('AB'), 9000)))");
      end(app, false);
      run(app, "UPDATE DOCS SET SF = RPAD('grown ', 9000, 'y') WHERE ID = 1");
      // a DBMS_LOB call delivers a whole value only when its transaction set the value first
      // (docs/record-format.md): otherwise the content is unknown, and no replica could match
      run(
          app,
          "UPDATE DOCS SET SF = RPAD('rewritten ', 12000, 'z'),"
              + " BF = TO_BLOB(UTL_RAW.COPIES(HEXTORAW('CD'), 9000)) WHERE ID = 2");
      run(
          app,
          "DECLARE c CLOB; BEGIN SELECT SF INTO c FROM DOCS WHERE ID = 2 FOR UPDATE;"
              + " DBMS_LOB.TRIM(c, 100); END;");
      run(
          app,
          "DECLARE b BLOB; BEGIN SELECT BF INTO b FROM DOCS WHERE ID = 2 FOR UPDATE;"
              + " DBMS_LOB.WRITE(b, 3, 10, HEXTORAW('010203')); END;");
      end(app, false);
      run(app, "INSERT INTO DOCS VALUES (3, 'kept', NULL)");
      run(app, "SAVEPOINT S1");
      run(app, "INSERT INTO DOCS VALUES (4, '" + ROLLED_BACK + "', NULL)");
      run(app, "UPDATE DOCS SET SF = '" + ROLLED_BACK + "' WHERE ID = 3");
      run(app, "ROLLBACK TO SAVEPOINT S1");
      end(app, false);
    }
    return new Case("lobs", start, List.of(t, outOfRow), List.of(), Map.of());
  }

  /**
   * A column added and dropped, interval and automatic list partitions made by inserts, a table
   * created after the start, and partition DDL by SYS, whom the capture excludes ({@code
   * cdc.users.exclude}).
   */
  public Case ddl() throws Exception {
    TableId items = table("ITEMS", "ID NUMBER(10) PRIMARY KEY, NAME VARCHAR2(40)", "");
    TableId events =
        table(
            "EVENTS",
            "ID NUMBER(10) PRIMARY KEY, AT DATE",
            " PARTITION BY RANGE (ID) INTERVAL (100) (PARTITION P0 VALUES LESS THAN (100))");
    // AUTOMATIC list partitioning: each new REGION value makes its partition by recursive DDL,
    // for which LogMiner may show no DDL row at all (REAL-ORACLE-REVIEW-2 b1; the recording
    // answers which form this database gives, and the USERNAME of the recursive DDL).
    TableId regions =
        table(
            "REGIONS",
            "ID NUMBER(10) PRIMARY KEY, REGION VARCHAR2(10)",
            " PARTITION BY LIST (REGION) AUTOMATIC (PARTITION P_EU VALUES ('EU'))");
    long start = oracle.currentScn();
    try (Connection app = app()) {
      run(app, "INSERT INTO REGIONS VALUES (1, 'EU')");
      run(app, "INSERT INTO REGIONS VALUES (2, 'US')"); // a new automatic partition
      run(app, "INSERT INTO REGIONS VALUES (3, 'APAC')"); // and another
      end(app, false);
      run(app, "INSERT INTO ITEMS VALUES (1, 'before')");
      end(app, false);
      run(app, "ALTER TABLE ITEMS ADD (PRICE NUMBER(8,2))");
      run(app, "INSERT INTO ITEMS VALUES (2, 'after add', 9.5)");
      end(app, false);
      run(app, "ALTER TABLE ITEMS DROP COLUMN PRICE");
      run(app, "INSERT INTO ITEMS VALUES (3, 'after drop')");
      for (int id = 50; id < 550; id += 100) {
        run(app, "INSERT INTO EVENTS VALUES (" + id + ", SYSDATE)"); // a new interval partition
      }
      end(app, false);
    }
    TableId later = table("LATER", "ID NUMBER(10) PRIMARY KEY, NOTE VARCHAR2(20)", "");
    oracle.sysdba( // partition DDL by SYS, an excluded user
        List.of(
            "ALTER SESSION SET CONTAINER = " + OracleFree.PDB + ";",
            "ALTER TABLE SHOP.EVENTS MOVE PARTITION FOR (150) UPDATE INDEXES;"));
    try (Connection app = app()) {
      run(app, "INSERT INTO LATER VALUES (1, 'new table')");
      run(app, "INSERT INTO EVENTS VALUES (151, SYSDATE)");
      end(app, false);
    }
    return new Case(
        "ddl",
        start,
        List.of(items, events, later, regions),
        List.of(items),
        Map.of("cdc.users.exclude", "SYS"));
  }

  /** Two sessions inserting, committing and rolling back while four log switches happen. */
  public Case logSwitches() throws Exception {
    TableId t = table("LOAD", "ID NUMBER(10) PRIMARY KEY, WORKER NUMBER(2), N NUMBER(10)", "");
    long start = oracle.currentScn();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        int worker = w;
        workers.add(
            pool.submit(
                () -> {
                  try (Connection app = app()) {
                    for (int i = 0; i < 300; i++) {
                      run(
                          app,
                          "INSERT INTO LOAD VALUES ("
                              + (worker * 100_000 + i)
                              + ", "
                              + worker
                              + ", "
                              + i
                              + ")");
                      if (i % 7 == 0) {
                        end(app, i % 21 == 0);
                      }
                    }
                    end(app, false);
                  }
                  return null;
                }));
      }
      for (int s = 0; s < 4; s++) {
        oracle.sysdba(List.of("ALTER SYSTEM SWITCH LOGFILE;"));
      }
      for (Future<?> f : workers) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    return new Case("log-switches", start, List.of(t), List.of(), Map.of());
  }

  /**
   * The restart case's table and its first committed row; the suite then starts its capture, opens
   * {@link #openTransaction}, kills the capture and ends the transaction with {@link #finish}.
   */
  public Case restart() throws Exception {
    TableId t = table("RESTART", "ID NUMBER(10) PRIMARY KEY, NAME VARCHAR2(40)", "");
    long start = oracle.currentScn();
    try (Connection app = app()) {
      run(app, "INSERT INTO RESTART VALUES (1, 'committed before')");
      end(app, false);
    }
    return new Case(
        "restart", start, List.of(t), List.of(), Map.of("cdc.offset.flush.interval.ms", "0"));
  }

  /**
   * Opens the transaction the capture is killed in: row 2, then a log switch, so the transaction
   * spans logs. The caller keeps the connection open until {@link #finish}.
   */
  public Connection openTransaction() throws Exception {
    Connection app = app();
    run(app, "INSERT INTO RESTART VALUES (2, 'open while killed')");
    oracle.sysdba(List.of("ALTER SYSTEM SWITCH LOGFILE;"));
    return app;
  }

  /** Ends the transaction {@link #openTransaction} opened with a second row, and commits it. */
  public void finish(Connection open) throws SQLException {
    try (open) {
      run(open, "INSERT INTO RESTART VALUES (3, 'same transaction')");
      end(open, false);
    }
  }

  /** KEYED (character keys in mixed case) and ADHOC, with their rows committed. */
  public List<TableId> snapshotTables() throws Exception {
    TableId keyed = table("KEYED", "K VARCHAR2(10) PRIMARY KEY, V NUMBER(5)", "");
    TableId adhoc = table("ADHOC", "ID NUMBER(10) PRIMARY KEY, NAME VARCHAR2(30)", "");
    try (Connection app = app()) {
      for (String k : MIXED_CASE_KEYS) {
        run(app, "INSERT INTO KEYED VALUES ('" + k + "', " + (int) k.charAt(0) + ")");
      }
      for (int id = 1; id <= 5; id++) {
        run(app, "INSERT INTO ADHOC VALUES (" + id + ", 'before the ad-hoc snapshot')");
      }
      end(app, false);
    }
    return List.of(keyed, adhoc);
  }

  /**
   * Commits the marker row into the case's first table and answers the SCN after it: a capture that
   * delivered the marker delivered the whole workload.
   */
  public long marker(Case c) throws Exception {
    TableId marker = c.marker();
    try (Connection app = app()) {
      run(
          app,
          "INSERT INTO "
              + marker.table()
              + " ("
              + firstColumn(app, marker)
              + ") VALUES ("
              + MARKER_ID
              + ")");
      end(app, false);
    }
    return oracle.currentScn();
  }

  /** Creates SHOP.name in the PDB and runs the documented per-table statements for it. */
  public TableId table(String name, String columns, String storage) throws Exception {
    try (Connection app = app()) {
      run(app, "CREATE TABLE " + name + " (" + columns + ")" + storage);
    }
    oracle.captureTable(OracleFree.SCHEMA + "." + name);
    return new TableId(OracleFree.PDB, OracleFree.SCHEMA, name);
  }

  /** The application's connection, not auto-committing. */
  public Connection app() throws SQLException {
    Connection c = oracle.app();
    c.setAutoCommit(false);
    return c;
  }

  public static void run(Connection app, String sql) throws SQLException {
    try (Statement st = app.createStatement()) {
      st.execute(sql);
    }
  }

  public static void end(Connection app, boolean rollback) throws SQLException {
    if (rollback) {
      app.rollback();
    } else {
      app.commit();
    }
  }

  /**
   * The table's columns as {@code USER_TAB_COLUMNS} lists them, in order: name and data type (upper
   * case, the precision left out: {@code TIMESTAMP(6)} is {@code TIMESTAMP}).
   */
  public List<String[]> columns(TableId table) throws SQLException {
    List<String[]> out = new ArrayList<>();
    try (Connection app = oracle.app();
        PreparedStatement ps =
            app.prepareStatement(
                "SELECT COLUMN_NAME, DATA_TYPE FROM USER_TAB_COLUMNS WHERE TABLE_NAME = ?"
                    + " ORDER BY COLUMN_ID")) {
      ps.setString(1, table.table());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String type = rs.getString(2).toUpperCase(Locale.ROOT);
          int paren = type.indexOf('(');
          out.add(new String[] {rs.getString(1), paren < 0 ? type : type.substring(0, paren)});
        }
      }
    }
    return out;
  }

  private static String firstColumn(Connection app, TableId table) throws SQLException {
    try (PreparedStatement ps =
        app.prepareStatement(
            "SELECT COLUMN_NAME FROM USER_TAB_COLUMNS WHERE TABLE_NAME = ? AND COLUMN_ID = 1")) {
      ps.setString(1, table.table());
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }
}
