package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.commitOn;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review 2, item b8: an archived log removed on disk (rm, a cleanup script) while V$ARCHIVED_LOG
 * still lists it as available fails to open with ORA-00308 and ORA-27037. The engine mined the step
 * again until it gave up with CDC-1002, "mining again fixes", which names no file and points at
 * online log sizing; the redo is gone, as with an RMAN delete (CDC-2002).
 */
class ArchiveRemovedOnDiskScenarioTest {

  @TempDir Path spill;

  @Test
  void b8_archivedLogRemovedOnDiskButStillListed_stopsWithCdc2002NamingTheFile() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(8).build();
    oracle.createTable(ScenarioHarness.orders());
    Scn start = Scn.of(oracle.currentScn());
    commitOn(oracle, 1, 1, "IN SEQUENCE 1");
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofMinutes(5));
    oracle.removeArchiveFile(1, 1);

    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.open(Position.start(start));
      CdcException stop = h.awaitStop();

      assertThat(stop.errorCode()).isEqualTo(ErrorCode.LOG_PURGED);
      assertThat(stop.getMessage()).containsPattern("'/u01/arch/dest1/1_1_\\d+\\.arc'");
      assertThat(h.changes()).isEmpty();
    }
  }
}
