package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.internal.jdbc.SimulatorUrl;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * LogMiner's pace on the simulated clock: a session serves its rows no faster than its ceiling in
 * rows and in redo bytes, START_LOGMNR costs its start and per-log time, and sessions share the
 * database's CPUs, one CPU at most each. Every figure is read from the simulated clock, which the
 * paced calls move themselves when nothing else moves it; no wall-clock time is measured.
 */
class LogMinerPaceTest {

  private static final TableId ITEMS = TableId.of("APP", "ITEMS");
  private static final String ALL_ROWS = "SELECT SCN, OPERATION FROM V$LOGMNR_CONTENTS";
  private static final Duration NANO = Duration.ofNanos(1);

  private SimulatedOracle oracle;
  private long low;

  /** A database with {@code pace}, one big log holding 20 transactions of 100 inserts each. */
  private void database(LogMinerPace pace) {
    SimulatedOracle.Builder builder = SimulatedOracle.builder().seed(3).logBytes(64L << 20);
    oracle = (pace == null ? builder : builder.logMinerPace(pace)).build();
    oracle.createTable(
        TableLayout.builder(ITEMS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 40), true)
            .primaryKey("ID")
            .build());
    low = oracle.currentScn();
    long id = 0;
    for (int t = 0; t < 20; t++) {
      SimulatedTransaction tx = oracle.begin();
      for (int r = 0; r < 100; r++) {
        tx.insert(ITEMS, ++id, "note " + id);
      }
      tx.commit();
    }
    oracle.flushAll();
  }

  private Connection startedSession() throws SQLException {
    Connection c = DriverManager.getConnection(oracle.url(), "c##redoline", "x");
    CurrentLogMining.start(c, low);
    return c;
  }

  private static int drain(ResultSet rs) throws SQLException {
    int n = 0;
    while (rs.next()) {
      n++;
    }
    return n;
  }

  private Duration since(Instant before) {
    return Duration.between(before, oracle.clock().instant());
  }

  private static Duration seconds(double s) {
    return Duration.ofNanos((long) Math.ceil(s * 1e9));
  }

  @Test
  void aSession_servesNoFasterThanItsRowCeiling_evenWithCpusToSpare() throws SQLException {
    database(new LogMinerPace(1_000, 1e15, Duration.ZERO, Duration.ZERO, 4));
    try (Connection c = startedSession();
        Statement st = c.createStatement()) {
      st.setFetchSize(100);
      Instant before = oracle.clock().instant();
      int rows;
      try (ResultSet rs = st.executeQuery(ALL_ROWS)) {
        rows = drain(rs);
      }
      assertThat(rows).isGreaterThanOrEqualTo(2_000);
      assertThat(since(before))
          .isBetween(seconds(rows / 1_000.0), seconds(rows / 1_000.0).plus(NANO));
    }
  }

  @Test
  void aSession_readsRedoNoFasterThanItsByteCeiling() throws SQLException {
    database(new LogMinerPace(1e9, 200_000, Duration.ZERO, Duration.ZERO, 1));
    try (Connection c = startedSession();
        Statement st = c.createStatement()) {
      long mined = oracle.redoBytesMined();
      Instant before = oracle.clock().instant();
      try (ResultSet rs = st.executeQuery(ALL_ROWS)) {
        drain(rs);
      }
      long bytes = oracle.redoBytesMined() - mined;
      assertThat(bytes).isPositive();
      assertThat(since(before))
          .isBetween(seconds(bytes / 200_000.0), seconds(bytes / 200_000.0).plus(NANO));
    }
  }

  @Test
  void aFetch_returnsOnlyTheRowsLogMinerHasMadeByThen() throws SQLException {
    database(new LogMinerPace(1_000, 1e15, Duration.ZERO, Duration.ZERO, 1));
    try (Connection c = startedSession();
        Statement st = c.createStatement()) {
      st.setFetchSize(500);
      Instant before = oracle.clock().instant();
      try (ResultSet rs = st.executeQuery(ALL_ROWS)) {
        assertThat(rs.next()).isTrue(); // the first batch: 500 rows, made in half a second
        assertThat(since(before)).isBetween(seconds(0.5).minus(NANO), seconds(0.5).plus(NANO));
      }
    }
  }

  @Test
  void startLogMiner_costsItsStartAndEachAddedLog() throws SQLException {
    database(new LogMinerPace(1_000, 1e15, Duration.ofSeconds(2), Duration.ofMillis(500), 1));
    Instant before = oracle.clock().instant();
    try (Connection c = startedSession()) {
      assertThat(since(before)).isEqualTo(Duration.ofMillis(2_500));
    }
  }

  @Test
  void twoSessions_shareOneCpu_andRunSideBySideOnTwo() throws SQLException {
    Duration oneCpu = bothSessionsDrained(1);
    Duration twoCpus = bothSessionsDrained(2);
    double work = rowsPerQuery / 1_000.0;
    assertThat(twoCpus).isBetween(seconds(work).minus(NANO), seconds(work).plus(NANO));
    assertThat(oneCpu).isBetween(seconds(2 * work).minus(NANO), seconds(2 * work).plus(NANO));
  }

  private int rowsPerQuery;

  /** Two sessions run the same query at once; the time until both are read to the end. */
  private Duration bothSessionsDrained(int cpus) throws SQLException {
    database(new LogMinerPace(1_000, 1e15, Duration.ZERO, Duration.ZERO, cpus));
    try (Connection a = startedSession();
        Connection b = startedSession();
        Statement sa = a.createStatement();
        Statement sb = b.createStatement()) {
      Instant before = oracle.clock().instant();
      try (ResultSet ra = sa.executeQuery(ALL_ROWS);
          ResultSet rb = sb.executeQuery(ALL_ROWS)) {
        rowsPerQuery = drain(ra);
        assertThat(drain(rb)).isEqualTo(rowsPerQuery);
      }
      return since(before);
    }
  }

  @Test
  void withoutAPace_miningTakesNoSimulatedTime() throws SQLException {
    database(null);
    Instant before = oracle.clock().instant();
    try (Connection c = startedSession();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(ALL_ROWS)) {
      assertThat(drain(rs)).isGreaterThanOrEqualTo(2_000);
    }
    assertThat(since(before)).isZero();
  }

  @Test
  void figures_mustBePositive() {
    assertThatThrownBy(() -> LogMinerPace.PUBLIC_FIGURES.withChangesPerSecond(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("changesPerSecond");
    assertThatThrownBy(() -> LogMinerPace.PUBLIC_FIGURES.withDatabaseCpus(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("databaseCpus");
    assertThat(SimulatorUrl.parse("jdbc:redoline:sim:demo?pace=on").pace())
        .isEqualTo(LogMinerPace.PUBLIC_FIGURES);
    assertThat(SimulatorUrl.parse("jdbc:redoline:sim:demo?pace=5000").pace().changesPerSecond())
        .isEqualTo(5_000);
    assertThat(SimulatorUrl.parse("jdbc:redoline:sim:demo").pace()).isNull();
  }
}
