package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.Sleeper;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.SimulatorServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine on a simulator server, over loopback: the same SQL through the remote driver, and a
 * connection the server drops on a fatal error is reconnected with nothing lost or repeated.
 */
class RemoteSimulatorScenarioTest {

  @TempDir Path spill;

  @Test
  void captureThroughTheServer_survivesADroppedConnection() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(o -> commit(o, 1))
        .then(
            o -> {
              commit(o, 2);
              o.faults()
                  .atRow(
                      2, Fault.error(3113)); // the server answers ORA-03113 and closes the socket
            })
        .then(o -> commit(o, 3))
        .attach(oracle);
    try (SimulatorServer server = SimulatorServer.start(oracle, "scripted", 0, false)) {
      CdcConfig config =
          CdcConfig.from(
              Map.of(
                  "cdc.database.url",
                  server.url(),
                  "cdc.tables.include",
                  "SHOP.*",
                  "cdc.buffer.spill.dir",
                  spill.toString(),
                  "cdc.heartbeat.interval.ms",
                  "0",
                  "cdc.mining.idle.ms",
                  "200"));
      Sleeper advance =
          d -> {
            synchronized (oracle) {
              oracle.advance(d);
            }
          };
      List<String> changes = new ArrayList<>();
      List<OpsEvent> ops = new ArrayList<>();
      try (CaptureStream stream =
          CaptureEngine.builder()
              .config(config)
              .database(Database.jdbc(config, oracle.clock(), advance))
              .ops(ops::add)
              .build()
              .open(Position.start(start))) {
        for (int polls = 0; changes.size() < 3 && polls < 400; polls++) {
          for (StreamEvent e : StreamEvents.flatten(stream.poll(Duration.ofMillis(50)))) {
            if (e instanceof StreamEvent.ChangeEvent c) {
              changes.add(ScenarioHarness.describe(c.change()));
              stream.acknowledge(c.position());
            }
          }
        }
      }
      assertThat(changes)
          .containsExactly(
              "INSERT SHOP.ORDERS [1, N]",
              "INSERT SHOP.ORDERS [2, N]",
              "INSERT SHOP.ORDERS [3, N]");
      assertThat(ops).anySatisfy(o -> assertThat(o.message()).contains("ORA-03113"));
    }
  }

  private static void commit(SimulatedOracle o, long id) {
    SimulatedTransaction tx = o.begin();
    tx.insert(ORDERS, id, "N");
    tx.commit();
  }
}
