package dev.redoline.logminer.simulated;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Requirement 15 and docs/logminer.md#session-memory: a LogMiner session's memory grows with its
 * age across START_LOGMNR calls on the same added logs, and only ending the session (ADD_LOGFILE
 * NEW, END_LOGMNR, a lost connection) gives it back. That is what a capture's session age limit is
 * for.
 */
class SessionMemoryTest {

  @Test
  void sessionMemoryGrowsAcrossStartsUntilOra04036AndEndingTheSessionGivesItBack()
      throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().pgaLimitBytes(64L << 20).build();
    long low = oracle.currentScn();
    Mining.createT(oracle);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.addLogs(db, Scn.of(low));
      for (int i = 0; i < 3; i++) {
        db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
        db.query(MiningQuery.builder().captureAllObjects().build()).next();
        oracle.advance(Duration.ofMinutes(6)); // 18 minutes of age in all, over three STARTs
      }
      db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      SQLException e =
          catchThrowableOfType(
              SQLException.class,
              () -> db.query(MiningQuery.builder().captureAllObjects().build()).next());
      assertThat(e.getErrorCode()).isEqualTo(4036);

      // Ending the session gives its memory back: a new one starts small again.
      db.endSession();
      Mining.addLogs(db, Scn.of(low));
      db.startSession(SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG));
      assertThat(db.query(MiningQuery.builder().captureAllObjects().build()).next()).isNotNull();
    }
  }
}
