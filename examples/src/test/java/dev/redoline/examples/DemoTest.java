package dev.redoline.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.ErrorCode;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.EngineMetrics;
import dev.redoline.embedded.EngineState;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo as a user runs it: jdbc:redoline:sim:demo in real time. */
class DemoTest {

  @TempDir Path dir;

  @Test
  void demo_printsOneJsonLinePerTransactionAndProgressLines() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Demo demo =
        new Demo(
            Demo.settings(new String[0]),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Duration.ofMillis(200));
    EmbeddedEngine engine = demo.start();
    Replays.await(
        () ->
            out.toString(StandardCharsets.UTF_8).lines().count() >= 3
                && err.toString(StandardCharsets.UTF_8).contains("progress:"),
        "three transactions and a progress line");
    engine.stop();
    assertThat(engine.awaitTermination(Replays.PATIENCE)).isTrue();
    demo.close();
    assertThat(engine.state()).isEqualTo(EngineState.STOPPED);
    assertThat(out.toString(StandardCharsets.UTF_8).lines())
        .allSatisfy(
            line ->
                assertThat(line)
                    .startsWith("{\"xid\":\"")
                    .endsWith("]}")
                    .contains("\"table\":\"SHOP."));
    assertThat(err.toString(StandardCharsets.UTF_8))
        .startsWith("redoline demo: capturing SHOP.* from jdbc:redoline:sim:demo")
        .containsPattern(
            "progress: \\d+ transactions \\(\\d+\\.\\d/s\\), \\d+ changes \\(\\d+\\.\\d/s\\), lag ");
  }

  @Test
  void settings_readTheConfigFile() throws Exception {
    Path file = dir.resolve("cdc.properties");
    Files.writeString(
        file,
        "cdc.database.url=jdbc:redoline:sim:stress\ncdc.tables.include=SHOP.ORDERS\ncdc.state.dir=/x\n");
    assertThat(Demo.settings(new String[] {"--config", file.toString()}))
        .isEqualTo(
            Map.of(
                "cdc.database.url",
                "jdbc:redoline:sim:stress",
                "cdc.tables.include",
                "SHOP.ORDERS",
                "cdc.state.dir",
                "/x"));
    assertThatThrownBy(() -> Demo.settings(new String[] {"--verbose"}))
        .hasMessage("unknown arguments --verbose");
  }

  @Test
  void start_withAJdbcUrlGoesToTheDatabase() throws Exception {
    Path file = dir.resolve("cdc.properties");
    Files.writeString(
        file,
        "cdc.database.url=jdbc:oracle:thin:@//localhost:1/ORCLCDB\ncdc.tables.include=SHOP.*\n"
            + "cdc.state.dir="
            + dir.resolve("state")
            + "\ncdc.retry.max.time.ms=1000\ncdc.retry.backoff.initial.ms=100\n");
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    Demo demo =
        new Demo(
            Demo.settings(new String[] {"--config", file.toString()}),
            System.out,
            new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8),
            Duration.ofSeconds(5));
    // Nothing listens there, and this capture never ran (no stored position): a wrong URL, not an
    // outage, so start() reports it at once with CDC-4013 naming where the URL connects.
    assertThatThrownBy(demo::start)
        .isInstanceOfSatisfying(
            dev.redoline.core.CdcException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_SERVICE);
              assertThat(e.getMessage()).contains("localhost:1/ORCLCDB");
            });
    demo.close();
  }

  @Test
  void progressLine_givesRatesSinceThePreviousLine() {
    Demo demo = new Demo(Map.of(), System.out, System.err, Duration.ofSeconds(5));
    demo.progressLine(new EngineMetrics(0, 0, null, Duration.ZERO, null), 0);
    assertThat(
            demo.progressLine(
                new EngineMetrics(10, 40, null, Duration.ofMillis(1500), null), 2_000_000_000L))
        .isEqualTo("progress: 10 transactions (5.0/s), 40 changes (20.0/s), lag 1.5 s");
    demo.close();
  }
}
