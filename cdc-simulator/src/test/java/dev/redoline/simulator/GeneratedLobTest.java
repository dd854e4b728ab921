package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.internal.workload.Workloads;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * A {@link GeneratedLob} is BLOB content the simulator renders only when LogMiner's rows are
 * formatted: the same rows as the same bytes given as {@link Bytes}, logs switched by the redo it
 * writes, and a SELECT of the cell that gives the content or refuses it, never a part of it.
 */
class GeneratedLobTest {

  private static final TableId DOCS = TableId.of("APP", "DOCS");

  private static SimulatedOracle database(long logBytes) {
    // the earlier DML forms: these tests count the rows of the LOB's own statements
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(3).logBytes(logBytes).lobValuesInline().build();
    oracle.createTable(
        TableLayout.builder(DOCS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("BODY", OracleType.of(Kind.BLOB), true)
            .primaryKey("ID")
            .build());
    return oracle;
  }

  @Test
  void content_isDeterministicPositionalAndStreamedAsItsBytes() throws Exception {
    GeneratedLob lob = GeneratedLob.of(42, 100_003);
    byte[] whole = lob.bytes(0, 100_003);
    assertThat(GeneratedLob.of(42, 100_003).bytes(0, 100_003)).isEqualTo(whole);
    assertThat(GeneratedLob.of(43, 100_003).bytes(0, 64))
        .isNotEqualTo(java.util.Arrays.copyOf(whole, 64));
    assertThat(lob.bytes(77_777, 13))
        .isEqualTo(java.util.Arrays.copyOfRange(whole, 77_777, 77_790));
    assertThat(GeneratedLob.of(42, 5).bytes(0, 5)).isEqualTo(java.util.Arrays.copyOf(whole, 5));
    assertThat(lob.sha256())
        .isEqualTo(
            HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(whole)));
    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    try (InputStream in = lob.openStream()) {
      in.transferTo(streamed);
    }
    assertThat(streamed.toByteArray()).isEqualTo(whole);
    assertThatThrownBy(() -> lob.bytes(100_000, 4)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> GeneratedLob.of(1, -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("length must be 0 or more: -1");
  }

  @Test
  void insert_givesTheRowsOfTheSameBytesGivenAsBytes() throws SQLException {
    GeneratedLob lob = GeneratedLob.of(9, 20_000);
    SimulatedOracle generated = database(64L << 20);
    SimulatedOracle given = database(64L << 20);
    long from = generated.currentScn();
    assertThat(given.currentScn()).isEqualTo(from);
    insertAndCommit(generated, lob);
    insertAndCommit(given, Bytes.of(lob.bytes(0, 20_000)));

    List<String> rows = contents(generated, from);
    assertThat(rows).isEqualTo(contents(given, from));
    // nine 2,048-byte writes on two CSF rows each, then the last 1,568 bytes on one
    assertThat(rows).filteredOn(r -> r.startsWith("LOB_WRITE")).hasSize(9 * 2 + 1);
    assertThat(String.join("", rows))
        .contains(
            "EMPTY_BLOB()",
            "dbms_lob.write(loc_b, 2048, 16385, buf_b);",
            "dbms_lob.write(loc_b, 1568, 18433, buf_b);");
  }

  @Test
  void update_givesTheRowsOfTheSameBytesGivenAsBytes() throws SQLException {
    GeneratedLob lob = GeneratedLob.of(11, 9_000);
    SimulatedOracle generated = database(64L << 20);
    SimulatedOracle given = database(64L << 20);
    long from = generated.currentScn();
    for (SimulatedOracle oracle : List.of(generated, given)) {
      SimulatedTransaction tx = oracle.begin();
      String row = tx.insert(DOCS, 1L, null);
      tx.update(
          DOCS,
          row,
          java.util.Map.of("BODY", oracle == generated ? lob : Bytes.of(lob.bytes(0, 9_000))));
      tx.commit();
    }
    List<String> rows = contents(generated, from);
    assertThat(rows).isEqualTo(contents(given, from));
    assertThat(rows)
        .filteredOn(r -> r.startsWith("UPDATE"))
        .singleElement()
        .asString()
        .contains("EMPTY_BLOB()");
    assertThat(generated.rows(DOCS)).isEqualTo(given.rows(DOCS));
  }

  @Test
  void largeWrite_fillsAndSwitchesLogsByTheBytesItWrites() throws SQLException {
    SimulatedOracle oracle = database(256L << 10);
    long from = oracle.currentScn();
    insertAndCommit(oracle, GeneratedLob.of(5, 2L << 20));
    oracle.switchLogfile(1);
    oracle.advance(java.time.Duration.ofSeconds(5));

    TreeSet<Long> sequences = new TreeSet<>();
    long writes = 0;
    try (Connection c = DriverManager.getConnection(oracle.url())) {
      List<String> archived = new ArrayList<>();
      List<long[]> ranges = new ArrayList<>();
      try (Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT NAME, FIRST_CHANGE#, NEXT_CHANGE# FROM V$ARCHIVED_LOG WHERE DEST_ID = 1 ORDER BY SEQUENCE#")) {
        while (rs.next()) {
          archived.add(rs.getString(1));
          ranges.add(new long[] {rs.getLong(2), rs.getLong(3) - 1});
        }
      }
      assertThat(archived).as("2 MiB of LOB redo in 256 KiB logs").hasSizeGreaterThanOrEqualTo(8);
      for (int i = 0; i < archived.size(); i++) {
        String name = archived.get(i);
        try (PreparedStatement add =
            c.prepareCall(
                "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => "
                    + "SYS.DBMS_LOGMNR.NEW); END;")) {
          add.setString(1, name);
          add.execute();
        }
        start(c, Math.max(from, ranges.get(i)[0]), ranges.get(i)[1]);
        try (Statement st = c.createStatement();
            ResultSet rs =
                st.executeQuery(
                    "SELECT RBASQN, COUNT(*) FROM "
                        + "V$LOGMNR_CONTENTS WHERE OPERATION = 'LOB_WRITE' AND CSF = 0 GROUP BY RBASQN")) {
          while (rs.next()) {
            sequences.add(rs.getLong(1));
            writes += rs.getLong(2);
            assertThat(rs.getLong(2) * 2048)
                .as("LOB bytes in one 256 KiB log")
                .isLessThanOrEqualTo(256L << 10);
          }
        }
      }
    }
    assertThat(writes).isEqualTo((2L << 20) / 2048);
    assertThat(sequences).hasSizeGreaterThanOrEqualTo(8);
  }

  @Test
  void select_givesTheContentUpToTheLimit_andRefusesALargerOne() throws SQLException {
    GeneratedLob small = GeneratedLob.of(1, 300_000);
    GeneratedLob large = GeneratedLob.of(2, GeneratedLob.MAX_MATERIALISED_BYTES + 1L);
    SimulatedOracle oracle = database(64L << 20);
    insertAndCommit(oracle, small);
    SimulatedOracle huge = database(64L << 20);
    SimulatedTransaction tx = huge.begin();
    String largeRow = tx.insert(DOCS, 2L, large);
    tx.commit();

    try (Connection c = DriverManager.getConnection(oracle.url());
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT BODY FROM APP.DOCS WHERE ID = 1")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getBytes(1)).isEqualTo(small.bytes(0, 300_000));
    }
    try (Connection c = DriverManager.getConnection(huge.url());
        Statement st = c.createStatement()) {
      assertThatThrownBy(() -> st.executeQuery("SELECT BODY FROM APP.DOCS WHERE ID = 2"))
          .isInstanceOf(SQLException.class)
          .hasMessageStartingWith(
              "ORA-04030: out of process memory when trying to allocate 16777217 bytes "
                  + "(generated BLOB content is not materialised for a SELECT)");
    }
    assertThat(huge.generatedLob(DOCS, largeRow, "BODY")).isEqualTo(large);
    assertThatThrownBy(() -> huge.rows(DOCS))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(
            large + " is longer than GeneratedLob.MAX_MATERIALISED_BYTES (16777216)");
  }

  @Test
  void smallGeneratedLob_isStoredAsItsBytes_andAWriteOverOneWorksOnItsBytes() {
    SimulatedOracle oracle = database(64L << 20);
    SimulatedTransaction tx = oracle.begin();
    String inline = tx.insert(DOCS, 1L, GeneratedLob.of(3, 100));
    String written = tx.insert(DOCS, 2L, Marker.EMPTY_BLOB);
    tx.lobWrite(DOCS, written, "BODY", 1, GeneratedLob.of(4, 10_000));
    tx.lobWrite(DOCS, written, "BODY", 2, Bytes.fromHex("ff"));
    tx.commit();

    assertThat(oracle.row(DOCS, inline))
        .isEqualTo(Row.of(1L, Bytes.of(GeneratedLob.of(3, 100).bytes(0, 100))));
    byte[] expected = GeneratedLob.of(4, 10_000).bytes(0, 10_000);
    expected[1] = (byte) 0xff;
    assertThat(oracle.row(DOCS, written)).isEqualTo(Row.of(2L, Bytes.of(expected)));
    assertThat(oracle.generatedLob(DOCS, written, "BODY")).isNull();
  }

  @Test
  void bigLobWorkload_commitsItsThreeRowsBeforeItServes_everyLogArchived() throws SQLException {
    SimulatedOracle oracle = Workloads.bigLob(7, SimulatedOracle.DEFAULT_START, 10L << 20);
    List<String> ids = new ArrayList<>();
    oracle.rows(Workloads.BIG_LOBS).forEach(r -> ids.add(r.get(0) + " " + r.get(1)));
    assertThat(ids).containsExactly("1 before", "2 big", "3 after");
    try (Connection c = DriverManager.getConnection(oracle.url());
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT COUNT(*), SUM(CASE WHEN STATUS = 'CURRENT' THEN 0 ELSE 1 END)"
                    + " FROM V$LOG L WHERE NOT EXISTS (SELECT 1 FROM V$ARCHIVED_LOG A WHERE A.SEQUENCE# = L.SEQUENCE#)")) {
      assertThat(rs.next()).isTrue();
      assertThat(rs.getLong(1)).as("only the current, empty log is not archived").isEqualTo(1);
    }
    assertThat(oracle.rows(Workloads.BIG_LOBS).get(1).get(2))
        .isEqualTo(Bytes.of(GeneratedLob.of(7, 10L << 20).bytes(0, 10 << 20)));
  }

  private static void insertAndCommit(SimulatedOracle oracle, Object body) {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(DOCS, 1L, body);
    tx.commit();
  }

  /**
   * OPERATION, RBASQN/RBABLK/RBABYTE, CSF and SQL_REDO of every APP row of the current log from
   * {@code from}.
   */
  private static List<String> contents(SimulatedOracle oracle, long from) throws SQLException {
    try (Connection c = DriverManager.getConnection(oracle.url())) {
      CurrentLogMining.addCurrentLog(c);
      start(c, from, null);
      List<String> out = new ArrayList<>();
      try (Statement st = c.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT OPERATION, RBASQN, RBABLK,"
                      + " RBABYTE, CSF, SQL_REDO FROM V$LOGMNR_CONTENTS WHERE SEG_OWNER = 'APP'")) {
        while (rs.next()) {
          out.add(
              rs.getString(1)
                  + " "
                  + rs.getLong(2)
                  + "."
                  + rs.getLong(3)
                  + "."
                  + rs.getLong(4)
                  + " "
                  + rs.getInt(5)
                  + " "
                  + rs.getString(6));
        }
      }
      return out;
    }
  }

  private static void start(Connection c, long from, Long to) throws SQLException {
    try (PreparedStatement start =
        c.prepareCall(
            "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?,"
                + (to == null ? "" : " ENDSCN => ?,")
                + " OPTIONS => SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG); END;")) {
      start.setBigDecimal(1, BigDecimal.valueOf(from));
      if (to != null) {
        start.setBigDecimal(2, BigDecimal.valueOf(to));
      }
      start.execute();
    }
  }
}
