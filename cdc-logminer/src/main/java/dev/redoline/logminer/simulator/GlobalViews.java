package dev.redoline.logminer.simulator;

import dev.redoline.core.Scn;
import dev.redoline.logminer.ArchivedLog;
import dev.redoline.logminer.OnlineLog;
import java.util.ArrayList;
import java.util.List;

/**
 * The GV$ forms of the log views (requirement 6): V$LOG and V$ARCHIVED_LOG already show every
 * thread from any instance, so their GV$ forms repeat each row once per open instance. The port
 * reads the V$ forms; this is for tests of code that must not use the GV$ ones.
 *
 * <pre>{@code
 * assertThat(oracle.globalViews().gvLog()).hasSize(openInstances * onlineLogs.size());
 * }</pre>
 */
public final class GlobalViews {

  private final SimulatedOracle oracle;

  GlobalViews(SimulatedOracle oracle) {
    this.oracle = oracle;
  }

  /** {@code GV$LOG}: every V$LOG row once per open instance. */
  public List<OnlineLog> gvLog() {
    return repeated(Inventory.onlineLogs(oracle));
  }

  /** {@code GV$ARCHIVED_LOG}: every V$ARCHIVED_LOG row after {@code after} once per open instance. */
  public List<ArchivedLog> gvArchivedLog(Scn after) {
    return repeated(Inventory.archivedLogs(oracle, after));
  }

  private <T> List<T> repeated(List<T> rows) {
    List<T> out = new ArrayList<>();
    for (RedoThread t : oracle.redo.threads) {
      if (!oracle.instances.isDown(t.instance)) {
        out.addAll(rows);
      }
    }
    return out;
  }
}
