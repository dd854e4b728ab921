package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The documented command, as a user runs it: {@code java -jar cdc-simulator-<version>-server.jar
 * --workload demo --port 0} starts a server in its own process that announces its URL, serves its
 * database in real time to clients that come and go, and stops cleanly on SIGTERM.
 */
class SimulatorServerProcessIT {

  private static final Pattern READY =
      Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+) database demo \\((\\S+)\\)");

  @Test
  void theServerJar_servesItsDatabaseAcrossClients_andStopsCleanlyOnSigterm() throws Exception {
    Path jar = Path.of(System.getProperty("redoline.server.jar"));
    assertThat(jar).exists();
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process server =
        new ProcessBuilder(
                java.toString(),
                "-Xmx256m",
                "-jar",
                jar.toString(),
                "--workload",
                "demo",
                "--port",
                "0")
            .redirectErrorStream(true)
            .start();
    try (BufferedReader out =
        new BufferedReader(
            new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
      String line = out.readLine();
      assertThat(line).isNotNull();
      Matcher ready = READY.matcher(line);
      assertThat(ready.find()).as("ready line: %s", line).isTrue();
      String url = ready.group(2);
      long first = currentScn(url);
      long later = first;
      for (int i = 0; i < 100 && later <= first; i++) { // the workload runs between two clients
        later = currentScn(url);
      }
      assertThat(later).isGreaterThan(first);

      server.toHandle().destroy(); // SIGTERM, leaving the output open to read the last line
      assertThat(server.waitFor(20, TimeUnit.SECONDS)).isTrue();
      StringBuilder rest = new StringBuilder();
      for (String l = out.readLine(); l != null; l = out.readLine()) {
        rest.append(l).append('\n');
      }
      assertThat(rest.toString()).contains("redoline simulator stopped");
    } finally {
      server.destroyForcibly();
    }
  }

  private static long currentScn(String url) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT CURRENT_SCN FROM V$DATABASE")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
