package dev.redoline.tools;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatorServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The packaged tool as an operator runs it: {@code bin/redoline} of the archive and {@code java
 * -jar lib/redoline-tools.jar}, in processes of their own, against a simulator server.
 */
class LauncherIT {

  private static final Path TOOL = Path.of(System.getProperty("redoline.tools.dir", "target/none"));

  private record Result(int status, String out) {}

  private static Result run(List<String> command) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(5, TimeUnit.MINUTES)).as("the tool ended").isTrue();
    return new Result(process.exitValue(), out);
  }

  private static List<String> launcher(String... args) {
    List<String> command = new ArrayList<>(List.of(TOOL.resolve("bin/redoline").toString()));
    command.addAll(List.of(args));
    return command;
  }

  @Test
  void launcher_checksADatabaseServedBySimulatorServer() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().noArchiveLog().build();
    oracle.createTable(
        TableLayout.builder(TableId.of("SHOP", "ITEMS"), 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
    try (SimulatorServer server = SimulatorServer.start(oracle, "shop", 0, false)) {
      Result result =
          run(launcher("check", server.url(), "--user", "C##REDOLINE", "--tables", "SHOP.*"));

      assertThat(result.status()).as(result.out()).isEqualTo(1);
      assertThat(result.out())
          .contains("ERROR CDC-4004")
          .contains(
              "fix: SHUTDOWN IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; ALTER DATABASE OPEN;");
    }
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
