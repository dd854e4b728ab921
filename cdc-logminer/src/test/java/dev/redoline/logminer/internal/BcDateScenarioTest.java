package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 12: under a {@code YYYY} mask LogMiner writes a BC year without its sign, so 44 BC
 * would arrive as AD 44; the gateway's {@code SYYYY} masks keep the minus, end to end.
 */
class BcDateScenarioTest {

  private static final TableId EVENTS = TableId.of("SHOP", "EVENTS");

  @TempDir Path spill;

  @Test
  void bcDatesUnderTheGatewayMasks_arriveAsBcDates() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(12).build();
    oracle.createTable(
        TableLayout.builder(EVENTS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("HAPPENED", OracleType.of(OracleType.Kind.DATE), true)
            .column("STAMPED", OracleType.parse("TIMESTAMP(9)"), true)
            .primaryKey("ID")
            .build());
    LocalDateTime idesOfMarch = LocalDateTime.of(-43, 3, 15, 11, 0); // 44 BC
    LocalDateTime lastOfOracle = LocalDateTime.of(-4711, 1, 1, 0, 0, 0, 1); // 4712 BC
    LocalDateTime ad = LocalDateTime.of(44, 3, 15, 11, 0);
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(EVENTS, 1L, idesOfMarch, lastOfOracle);
              tx.insert(EVENTS, 2L, ad, ad);
              tx.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      h.awaitEvents(events -> h.changeEvents().size() == 2);

      assertThat(h.changeEvents().get(0).change().after().get(1)).isEqualTo(idesOfMarch);
      assertThat(h.changeEvents().get(0).change().after().get(2)).isEqualTo(lastOfOracle);
      assertThat(h.changeEvents().get(1).change().after().get(1)).isEqualTo(ad);
    }
  }
}
