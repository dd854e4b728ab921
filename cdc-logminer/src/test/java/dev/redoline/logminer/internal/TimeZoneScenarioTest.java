package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16 item 11: LogMiner's TIMESTAMP is the server clock's local time. With no
 * cdc.database.time.zone the engine reads it in the database's region, so change times stay right
 * on both sides of a daylight saving change; a fixed offset would be an hour off on one side.
 */
class TimeZoneScenarioTest {

  /** Paris leaves winter time at 2024-03-31T01:00:00Z: local 02:00 becomes 03:00. */
  private static final Instant BEFORE_CHANGE = Instant.parse("2024-03-31T00:59:55Z");

  @TempDir Path spill;

  private static void commitAt(SimulatedOracle o, long id, String status, List<Instant> times) {
    times.add(o.clock().instant().truncatedTo(ChronoUnit.SECONDS));
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  private List<Instant> capturedTimes(
      SimulatedOracle oracle, List<Instant> committed, String zoneSetting) throws Exception {
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commitAt(o, 1, "WINTER", committed))
        .idle(100) // ten seconds: past 01:00:00Z
        .then(o -> commitAt(o, 2, "SUMMER", committed))
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      if (zoneSetting != null) {
        h.set("cdc.database.time.zone", zoneSetting);
      }
      h.open(Position.start(start));
      h.awaitChange("INSERT SHOP.ORDERS [2, SUMMER]");
      List<Instant> times = new ArrayList<>();
      h.changeEvents().forEach(c -> times.add(c.change().timestamp()));
      return times;
    }
  }

  @Test
  void timeZone_withoutASettingChangeTimesFollowTheDatabaseRegionAcrossADstChange()
      throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(71)
            .zone(ZoneId.of("Europe/Paris"))
            .start(BEFORE_CHANGE)
            .build();
    List<Instant> committed = new ArrayList<>();

    List<Instant> times = capturedTimes(oracle, committed, null);

    assertThat(committed.get(0)).isBefore(Instant.parse("2024-03-31T01:00:00Z"));
    assertThat(committed.get(1)).isAfter(Instant.parse("2024-03-31T01:00:00Z"));
    assertThat(times).containsExactlyElementsOf(committed);
  }

  @Test
  void timeZone_aConfiguredRegionWinsOverADatabaseTimeZoneThatIsAnOffset() throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(72)
            .zone(ZoneId.of("Europe/Paris"))
            .dbTimeZone("+00:00")
            .start(BEFORE_CHANGE)
            .build();
    List<Instant> committed = new ArrayList<>();

    List<Instant> times = capturedTimes(oracle, committed, "Europe/Paris");

    assertThat(times).containsExactlyElementsOf(committed);
  }
}
