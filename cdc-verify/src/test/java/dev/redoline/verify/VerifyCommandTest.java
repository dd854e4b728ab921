package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** {@code verify} on the command line: help, wrong arguments, an equal copy, a differing one. */
class VerifyCommandTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return VerifyCommand.run(
        args,
        new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void run_help_printsUsageAndExitsZero() {
    assertThat(run("--help")).isEqualTo(VerifyCommand.EQUAL);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .startsWith("Usage: verify --source")
        .contains("Exit codes");
  }

  @Test
  void run_missingTarget_isAUsageError() {
    assertThat(run("--source", "jdbc:redoline:sim:x", "--tables", "SHOP.T"))
        .isEqualTo(VerifyCommand.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("verify: --target is required (see --help)" + System.lineSeparator());
    assertThat(run("--bogus")).isEqualTo(VerifyCommand.USAGE);
  }

  @Test
  void run_patience_isSecondsNotNegative() {
    assertThat(run("--help")).isEqualTo(VerifyCommand.EQUAL);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("--patience <seconds>");
    String[] args = {
      "--source", "jdbc:redoline:sim:x", "--target", "jdbc:h2:mem:x", "--tables", "SHOP.T"
    };
    String[] negative =
        java.util.stream.Stream.concat(
                java.util.Arrays.stream(args), java.util.stream.Stream.of("--patience", "-1"))
            .toArray(String[]::new);

    assertThat(run(negative)).isEqualTo(VerifyCommand.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("patience must not be negative");
  }

  @Test
  void run_jdbcTarget_exitsOneOnADifferenceAndZeroOnceEqual() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(11).build();
    TableId t =
        oracle.createTable(
            TableLayout.builder(TableId.of("SHOP", "T"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .column("NAME", OracleType.sized(Kind.VARCHAR2, 20), true)
                .primaryKey("ID")
                .build());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, BigDecimal.ONE, "one");
    tx.insert(t, BigDecimal.valueOf(2), "two");
    tx.commit();
    String target = "jdbc:h2:mem:verifycommand;DB_CLOSE_DELAY=-1";
    try (Connection c = DriverManager.getConnection(target);
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE TABLE \"SHOP_T\" (\"ID\" NUMERIC(38, 10), \"NAME\" VARCHAR, PRIMARY KEY (\"ID\"))");
      s.execute("INSERT INTO \"SHOP_T\" VALUES (1, 'one'), (2, 'TWO')");
    }
    String[] args = {"--source", oracle.url(), "--target", target, "--tables", "SHOP.T", "--json"};

    assertThat(run(args))
        .as(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(VerifyCommand.DIFFERENT);
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("\"differing\":[{\"key\":[2],\"columns\":[\"NAME\"]}]")
        .contains("\"scnSource\":\"current\"");
    try (Connection c = DriverManager.getConnection(target);
        Statement s = c.createStatement()) {
      s.execute("UPDATE \"SHOP_T\" SET \"NAME\" = 'two' WHERE \"ID\" = 2");
    }
    out.reset();
    assertThat(run(args)).isEqualTo(VerifyCommand.EQUAL);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"equal\":true");
  }

  /**
   * A target database with no table at all (a copy that has applied nothing yet) has applied no
   * position and holds no row: every source row is missing. H2 says so with its own SQLSTATE
   * (42S04), which once failed the verification (exit 3).
   */
  @Test
  void run_emptyJdbcTarget_missesEveryRow() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(12).build();
    TableId t =
        oracle.createTable(
            TableLayout.builder(TableId.of("SHOP", "T"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .primaryKey("ID")
                .build());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, BigDecimal.ONE);
    tx.commit();

    assertThat(
            run(
                "--source",
                oracle.url(),
                "--target",
                "jdbc:h2:mem:verifyempty",
                "--tables",
                "SHOP.T",
                "--json"))
        .as(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(VerifyCommand.DIFFERENT);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("\"missing\":[[1]]");
  }
}
