package dev.redoline.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.SimulatorServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged tool as an operator runs it: {@code bin/redoline} of the archive and {@code java
 * -jar lib/redoline-tools.jar}, in processes of their own, against a simulator server.
 */
class LauncherIT {

  private static final Path TOOL = Path.of(System.getProperty("redoline.tools.dir", "target/none"));

  /**
   * What SLF4J prints (at its internal verbosity DEBUG) once it has bound the provider the tool
   * ships.
   */
  private static final String SLF4J_BOUND =
      "SLF4J(D): Connected with provider of type [org.slf4j.nop.NOPServiceProvider]";

  private record Result(int status, String out) {}

  private static Result run(List<String> command) throws IOException, InterruptedException {
    return run(command, Map.of());
  }

  /** Runs {@code command} with {@code env} added to this JVM's environment; stdout and stderr. */
  private static Result run(List<String> command, Map<String, String> env)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    builder.environment().putAll(env);
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the tool ended").isTrue();
    return new Result(process.exitValue(), out);
  }

  private static List<String> launcher(String... args) {
    return launcher(TOOL, args);
  }

  /** {@code bin/redoline} of the tool laid out in {@code tool}. */
  private static List<String> launcher(Path tool, String... args) {
    List<String> command = new ArrayList<>(List.of(tool.resolve("bin/redoline").toString()));
    command.addAll(List.of(args));
    return command;
  }

  /** {@code oracle} with a table SHOP.ITEMS (ID NUMBER(10) primary key). */
  private static SimulatedOracle withItems(SimulatedOracle oracle) {
    oracle.createTable(
        TableLayout.builder(TableId.of("SHOP", "ITEMS"), 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
    return oracle;
  }

  @Test
  void launcher_checksADatabaseServedBySimulatorServer() throws Exception {
    SimulatedOracle oracle = withItems(SimulatedOracle.builder().noArchiveLog().build());
    try (SimulatorServer server = SimulatorServer.start(oracle, "shop", 0, false)) {
      Result result =
          run(launcher("check", server.url(), "--user", "C##REDOLINE", "--tables", "SHOP.*"));

      assertThat(result.status()).as(result.out()).isEqualTo(1);
      assertThat(result.out())
          .contains("ERROR CDC-4004")
          .contains(
              "fix: SHUTDOWN IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; ALTER DATABASE OPEN;")
          .doesNotContain("SLF4J");
    }
  }

  /**
   * The engine logs through SLF4J; the tool carries SLF4J's no-operation provider, so SLF4J binds
   * it and prints none of its own warnings (no provider found, several providers). SLF4J's internal
   * DEBUG verbosity, passed through {@code REDOLINE_JAVA_OPTS}, shows that it was reached and
   * bound.
   */
  @Test
  void launcher_bindsTheShippedSlf4jProviderWithoutWarnings() throws Exception {
    SimulatedOracle oracle = withItems(SimulatedOracle.builder().build());
    try (SimulatorServer server = SimulatorServer.start(oracle, "shop", 0, false)) {
      Result result =
          run(
              launcher("check", server.url(), "--user", "C##REDOLINE", "--tables", "SHOP.*"),
              Map.of("REDOLINE_JAVA_OPTS", "-Dslf4j.internal.verbosity=DEBUG"));

      assertThat(result.out())
          .as("exit " + result.status())
          .contains(SLF4J_BOUND)
          .doesNotContain("SLF4J(W)")
          .doesNotContain("SLF4J(E)");
    }
  }

  /**
   * {@code verify} through the launcher, to its report: a target database (H2 here, as a JDBC
   * sink's copy) that has applied nothing yet misses the source's rows; no SLF4J line in the
   * output.
   */
  @Test
  void launcher_verifiesATargetAndPrintsNoLoggingWarnings(@TempDir Path dir) throws Exception {
    String target = "jdbc:h2:" + dir.resolve("target").toAbsolutePath() + ";USER=sa";
    try (Connection c = DriverManager.getConnection(target);
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE REDOLINE_OFFSET(ID INT PRIMARY KEY, POSITION VARCHAR(4000))");
    }
    SimulatedOracle oracle = withItems(SimulatedOracle.builder().build());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(TableId.of("SHOP", "ITEMS"), 7L);
    tx.commit();
    try (SimulatorServer server = SimulatorServer.start(oracle, "shop", 0, false)) {
      Result result =
          run(
              launcher(
                  "verify",
                  "--source",
                  server.url(),
                  "--target",
                  target,
                  "--tables",
                  "SHOP.ITEMS"));

      assertThat(result.status()).as(result.out()).isEqualTo(1);
      assertThat(result.out()).contains("missing [7]").doesNotContain("SLF4J");
    }
  }

  /**
   * A jar an operator puts into {@code lib/} (a target database's JDBC driver, as docs/tools.md
   * says) is on the tool's class path: here a driver of {@code jdbc:probe:} URLs, built by the
   * test, which {@code verify}'s connection to its target reaches ({@code java -jar} would not see
   * it: a jar's manifest names its class path).
   */
  @Test
  void launcher_putsTheJarsAddedToLibOnTheClassPath(@TempDir Path dir) throws Exception {
    Path tool = dir.resolve("tool");
    Files.createDirectories(tool.resolve("bin"));
    Files.copy(TOOL.resolve("bin/redoline"), tool.resolve("bin/redoline"));
    Files.createDirectories(tool.resolve("lib"));
    try (var jars = Files.list(TOOL.resolve("lib"))) {
      for (Path jar : jars.toList()) {
        Files.copy(jar, tool.resolve("lib").resolve(jar.getFileName()));
      }
    }
    ProbeDriverJar.write(dir.resolve("build"), tool.resolve("lib/probe-driver.jar"));

    Result result =
        run(
            launcher(
                tool,
                "verify",
                "--source",
                "jdbc:redoline:sim:demo",
                "--target",
                "jdbc:probe:db",
                "--tables",
                "SHOP.ORDERS"));

    assertThat(result.status()).as(result.out()).isEqualTo(3);
    assertThat(result.out())
        .contains("verify: failed: java.sql.SQLException: " + ProbeDriverJar.MESSAGE)
        .doesNotContain("No suitable driver");
  }

  @Test
  void javaJar_runsWithTheJarsBesideIt() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Result result =
        run(List.of(java, "-jar", TOOL.resolve("lib/redoline-tools.jar").toString(), "--help"));

    assertThat(result.status()).as(result.out()).isZero();
    assertThat(result.out())
        .contains("Usage: redoline <command>")
        .contains("check")
        .contains("position");
    assertThat(Files.isExecutable(TOOL.resolve("bin/redoline"))).isTrue();
  }

  @Test
  void launcher_unknownCommandExitsTwo() throws Exception {
    assertThat(run(launcher("frobnicate")).status()).isEqualTo(2);
  }
}
