package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.sql.DriverManager;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A verification on the simulator against an embedded user's own store ({@link MemoryTarget}): the
 * checksums Oracle's SQL computes (evaluated by the simulator as Oracle would) equal those the
 * verifier computes from the copy, and each seeded divergence is found exactly.
 */
class VerifierTest {

  static final TableId ITEMS = TableId.of("SHOP", "ITEMS");
  static final TableId CODES = TableId.of("SHOP", "Codes");
  static final String SENTINEL = "never-read-7f3a";

  SimulatedOracle oracle;
  TableLayout items;
  TableLayout codes;
  MemoryTarget target;
  RecordingConnection recording;
  List<OpsEvent> events;

  @BeforeEach
  void setUp() {
    oracle = SimulatedOracle.builder().seed(29).build();
    items =
        TableLayout.builder(ITEMS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NAME", OracleType.sized(Kind.VARCHAR2, 40), true)
            .column("PRICE", OracleType.of(Kind.NUMBER), true)
            .column("MADE", OracleType.of(Kind.DATE), true)
            .column("SEEN", OracleType.timestamp(Kind.TIMESTAMP, 6), true)
            .column("CODE", OracleType.sized(Kind.RAW, 16), true)
            .column("NOTE", OracleType.of(Kind.CLOB), true)
            .column("SECRET", OracleType.sized(Kind.VARCHAR2, 40), true)
            .primaryKey("ID")
            .build();
    codes =
        TableLayout.builder(CODES, 1)
            .column("Code", OracleType.sized(Kind.VARCHAR2, 10), false)
            .column("Label", OracleType.sized(Kind.VARCHAR2, 20), true)
            .primaryKey("Code")
            .build();
    oracle.createTable(items);
    oracle.createTable(codes);
    SimulatedTransaction tx = oracle.begin();
    for (int id = 1; id <= 40; id++) {
      tx.insert(
          ITEMS,
          BigDecimal.valueOf(id),
          "item " + id + (id % 7 == 0 ? " é漢😀" : ""),
          id % 5 == 0 ? null : new BigDecimal(id % 2 == 0 ? "-0." + id : id + ".25"),
          LocalDateTime.of(2024, 1, 1 + id % 28, id % 24, 0, 0),
          id % 3 == 0 ? null : LocalDateTime.of(2025, 6, 1, 12, 30, 15, id * 1000),
          id % 4 == 0 ? null : Bytes.of(new byte[] {(byte) id, 0, (byte) 0xff}),
          id % 6 == 0 ? null : "a long note ".repeat(id),
          SENTINEL);
    }
    for (String code : List.of("aB", "Ab", "AB", "ab", "b")) {
      tx.insert(CODES, code, "label " + code);
    }
    tx.commit();
    target = new MemoryTarget();
    for (Row row : oracle.rows(ITEMS)) {
      target.put(items, row);
    }
    for (Row row : oracle.rows(CODES)) {
      target.put(codes, row);
    }
    // what a sink holds: the excluded column never reached it
    target.tables.get(ITEMS).values().forEach(r -> r.remove("SECRET"));
    recording = new RecordingConnection();
    events = new ArrayList<>();
  }

  Verifier verifier(int chunkRows) {
    Map<String, String> config = new HashMap<>();
    config.put("cdc.database.url", oracle.url());
    config.put("cdc.tables.include", "SHOP.*");
    config.put("cdc.columns.exclude", "SHOP.ITEMS.SECRET");
    return Verifier.builder()
        .config(config)
        .tables(List.of(ITEMS, CODES))
        .target(target)
        .chunkRows(chunkRows)
        .source(() -> recording.wrap(DriverManager.getConnection(oracle.url())))
        .ops(events::add)
        .build();
  }

  @Test
  void verify_equalCopy_reportsNothingAndOnlyChecksumsCross() throws Exception {
    VerifyReport report = verifier(8).verify();

    assertThat(report.toText()).contains("equal");
    assertThat(report.equal()).isTrue();
    TableReport t = report.tables().get(0);
    assertThat(t.sourceRows()).isEqualTo(40);
    assertThat(t.targetRows()).isEqualTo(40);
    assertThat(t.chunks()).isEqualTo(6); // 5 full chunks and the empty one after the last key
    assertThat(t.differingChunks()).isZero();
    assertThat(report.tables().get(1).sourceRows()).isEqualTo(5);
    assertThat(report.scnSource()).isEqualTo("current");
    assertThat(events).extracting(OpsEvent::type).containsExactly(OpsEvent.Type.VERIFIED);
    // no row value crossed: per chunk a boundary key and two numbers
    assertThat(recording.tableValues).isNotEmpty().noneMatch(v -> v instanceof String);
  }

  /**
   * A copy that catches up read by read (each read of its applied SCN finds it 10 further): the
   * wait ends at the first read at or above the SCN asked, and one verification then runs at that
   * SCN.
   */
  @Test
  void awaitApplied_thenOneVerify_atTheSCNReached() throws Exception {
    long now = oracle.currentScn();
    target.applied = Scn.of(now - 30);
    List<Scn> reads = new ArrayList<>();
    MemoryTarget copy = target;
    VerifyTarget catchingUp =
        new VerifyTarget() {
          @Override
          public Optional<Scn> appliedScn() {
            Scn scn = Scn.min(copy.applied.plus(10L * reads.size()), Scn.of(now));
            reads.add(scn);
            return Optional.of(scn);
          }

          @Override
          public void rows(TableLayout table, List<String> columns, RowReceiver receiver) {
            copy.rows(table, columns, receiver);
          }
        };
    Verifier verifier =
        Verifier.builder()
            .config(
                Map.of(
                    "cdc.database.url",
                    oracle.url(),
                    "cdc.tables.include",
                    "SHOP.*",
                    "cdc.columns.exclude",
                    "SHOP.ITEMS.SECRET"))
            .tables(List.of(ITEMS, CODES))
            .target(catchingUp)
            .build();

    Scn reached = verifier.awaitApplied(Scn.of(now - 5), Duration.ofMinutes(2));

    assertThat(reached).isEqualTo(Scn.of(now));
    assertThat(reads).hasSize(4);
    VerifyReport report = verifier.verify();
    assertThat(report.scn()).isEqualTo(Scn.of(now));
    assertThat(report.equal()).as(report.toText()).isTrue();
    assertThat(report.scnSource()).isEqualTo("target");
  }

  /** A copy that does not move: the wait ends after its patience, naming what it had applied. */
  @Test
  void awaitApplied_copyNotMoving_timesOutNamingItsSCN() {
    target.applied = Scn.of(7);

    assertThatThrownBy(() -> verifier(8).awaitApplied(Scn.of(8), Duration.ZERO))
        .isInstanceOf(TimeoutException.class)
        .hasMessageContaining("had not applied SCN 8")
        .hasMessageContaining("it had applied 7");
  }

  @Test
  void verify_excludedColumn_isNeverNamedNorRead() throws Exception {
    target
        .tables
        .get(ITEMS)
        .remove(List.of(BigDecimal.valueOf(3))); // forces the narrowing queries too
    VerifyReport report = verifier(8).verify();

    assertThat(report.differences()).isEqualTo(1);
    assertThat(recording.statements).isNotEmpty().noneMatch(sql -> sql.contains("SECRET"));
    assertThat(recording.values).noneMatch(v -> String.valueOf(v).contains(SENTINEL));
    assertThat(target.asked).doesNotContain("SECRET");
    assertThat(report.toJson()).doesNotContain(SENTINEL).doesNotContain("SECRET");
  }

  /**
   * The same table in a real PostgreSQL copy that still holds the excluded column, with the
   * sentinel in it, read by a role that may select every column but that one: a verification that
   * named the column in any query would fail with PostgreSQL's permission error (the one without
   * the exclusion does).
   */
  @Test
  void verify_jdbcCopyHoldingTheExcludedColumn_neverSelectsIt() throws Exception {
    String url = PostgresServer.shared().newDatabase("verify_sentinel");
    List<String> readable = new ArrayList<>();
    StringBuilder columns = new StringBuilder();
    for (var c : items.columns()) {
      columns.append(columns.length() == 0 ? "" : ", ").append('"').append(c.name()).append('"');
      columns.append(c.type().kind() == Kind.NUMBER ? " NUMERIC(38, 10)" : " VARCHAR");
      if (!c.name().equals("SECRET")) {
        readable.add('"' + c.name() + '"');
      }
    }
    try (var c = DriverManager.getConnection(url);
        var st = c.createStatement();
        var insert =
            c.prepareStatement("INSERT INTO \"SHOP_ITEMS\" VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
      st.execute("CREATE TABLE \"SHOP_ITEMS\" (" + columns + ", PRIMARY KEY (\"ID\"))");
      for (Row row : oracle.rows(ITEMS)) {
        for (int i = 0; i < items.columns().size(); i++) {
          Object v = row.get(i); // as the examples' JDBC sink writes it
          insert.setObject(
              i + 1,
              v == null || v instanceof BigDecimal
                  ? v
                  : v instanceof Bytes b ? b.toHex() : v.toString());
        }
        insert.executeUpdate();
      }
      st.execute("CREATE ROLE sentinel_reader LOGIN");
      st.execute(
          "GRANT SELECT ("
              + String.join(", ", readable)
              + ") ON \"SHOP_ITEMS\" TO sentinel_reader");
    }
    String reader = url.replace("user=redoline", "user=sentinel_reader");
    Map<String, String> config = new HashMap<>();
    config.put("cdc.database.url", oracle.url());
    config.put("cdc.tables.include", "SHOP.*");
    config.put("cdc.columns.exclude", "SHOP.ITEMS.SECRET");
    Verifier.Builder verifier =
        Verifier.builder().tables(List.of(ITEMS)).target(JdbcTarget.of(reader)).chunkRows(8);

    VerifyReport report = verifier.config(config).build().verify();
    assertThat(report.equal()).as(report.toText()).isTrue();
    assertThat(report.tables().get(0).targetRows()).isEqualTo(40);
    assertThat(report.toJson()).doesNotContain(SENTINEL).doesNotContain("SECRET");

    config.remove("cdc.columns.exclude");
    Verifier naming = verifier.config(config).build();
    org.assertj.core.api.Assertions.assertThatThrownBy(naming::verify)
        .hasStackTraceContaining("permission denied");
  }

  @Test
  void verify_seededDivergences_foundExactly() throws Exception {
    target.tables.get(ITEMS).remove(List.of(BigDecimal.valueOf(17))); // deleted in the target
    Map<String, Object> added = new HashMap<>(target.row(ITEMS, BigDecimal.valueOf(2)));
    added.put("ID", BigDecimal.valueOf(41));
    target.tables.get(ITEMS).put(List.of(BigDecimal.valueOf(41)), added); // added in the target
    target.row(ITEMS, BigDecimal.valueOf(9)).put("PRICE", new BigDecimal("9.26")); // changed
    target.row(ITEMS, BigDecimal.valueOf(10)).put("PRICE", new BigDecimal("0")); // NULL became 0
    target
        .row(ITEMS, BigDecimal.valueOf(12))
        .put("NOTE", "a long note ".repeat(12) + " "); // LOB, one space more
    target
        .row(ITEMS, BigDecimal.valueOf(13))
        .put("SEEN", LocalDateTime.of(2025, 6, 1, 12, 30, 15, 14_000)); // a TIMESTAMP(6): 1 µs
    target.row(CODES, "Ab").put("Label", "label AB"); // mixed-case key

    VerifyReport report = verifier(8).verify();

    TableReport t = report.tables().get(0);
    assertThat(t.missing()).extracting(RowKey::toString).containsExactly("[17]");
    assertThat(t.extra()).extracting(RowKey::toString).containsExactly("[41]");
    assertThat(t.differing())
        .extracting(d -> d.key() + " " + d.columns())
        .containsExactlyInAnyOrder("[9] [PRICE]", "[10] [PRICE]", "[12] [NOTE]", "[13] [SEEN]");
    TableReport c = report.tables().get(1);
    assertThat(c.differing())
        .extracting(d -> d.key() + " " + d.columns())
        .containsExactly("['Ab'] [Label]");
    assertThat(report.differences()).isEqualTo(7);
    assertThat(events).extracting(OpsEvent::type).containsExactly(OpsEvent.Type.VERIFY_DIFFERENCES);
    assertThat(verifier(8).metrics().getLastDifferences())
        .isZero(); // a new verifier has no result yet
  }

  @Test
  void verify_tablesOfTwoPdbs_eachReadInItsOwnContainer() throws Exception {
    SimulatedOracle cdb = SimulatedOracle.builder().pdbs("SALES", "HR").build();
    TableId sales = new TableId("SALES", "APP", "ORDERS");
    TableId hr = new TableId("HR", "APP", "ORDERS"); // the same name in another PDB
    MemoryTarget copy = new MemoryTarget();
    for (TableId id : List.of(sales, hr)) {
      TableLayout layout =
          TableLayout.builder(id, 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("NOTE", OracleType.sized(Kind.VARCHAR2, 20), true)
              .primaryKey("ID")
              .build();
      cdb.createTable(layout);
      SimulatedTransaction tx = cdb.begin();
      for (int i = 1; i <= (id == sales ? 12 : 7); i++) {
        tx.insert(id, BigDecimal.valueOf(i), id.pdb() + " " + i);
      }
      tx.commit();
      for (Row row : cdb.rows(id)) {
        copy.put(layout, row);
      }
    }
    copy.row(hr, BigDecimal.valueOf(5)).put("NOTE", "changed");
    Map<String, String> config = new HashMap<>();
    config.put("cdc.database.url", cdb.url());
    config.put("cdc.tables.include", "*.APP.*");

    VerifyReport report =
        Verifier.builder()
            .config(config)
            .tables(List.of(sales, hr))
            .target(copy)
            .chunkRows(4)
            .build()
            .verify();

    TableReport s = report.tables().get(0);
    TableReport h = report.tables().get(1);
    assertThat(s.table()).isEqualTo(sales);
    assertThat(s.sourceRows()).isEqualTo(12);
    assertThat(s.differences()).as(report.toText()).isZero();
    assertThat(h.sourceRows()).isEqualTo(7);
    assertThat(h.differing())
        .extracting(d -> d.key() + " " + d.columns())
        .containsExactly("[5] [NOTE]");
  }
}
