package dev.redoline.logminer.simulator;

import dev.redoline.logminer.MiningOption;
import dev.redoline.logminer.MiningQuery;
import dev.redoline.logminer.RedoRow;
import dev.redoline.logminer.RowCursor;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The rows of one mining query. Errors surface from {@link #next()} as from
 * {@code ResultSet.next()}: ORA-01013 on cancel or when the query's simulated cost passes its
 * timeout (the session stays usable), the PGA limit, and ORA-00310 when an online log still to be
 * read was reused since the query started (it repeats on every try of the same range), ORA-01343
 * at corrupt redo without SKIP_CORRUPTION and ORA-01347 at a tracked DDL without supplemental
 * logging.
 */
final class SimulatedCursor implements RowCursor {

  private final SimulatedConnection connection;
  private final MinerSession session;
  private final MiningRun run;
  private final MiningQuery query;
  private final RowFormatter formatter;
  private final Deque<RedoRow> pieces = new ArrayDeque<>();
  private int index;
  private boolean costCharged;
  private volatile boolean cancelled;
  private boolean closed;

  SimulatedCursor(SimulatedConnection connection, MinerSession session, MiningRun run, MiningQuery query,
      RowFormatter formatter) {
    this.connection = connection;
    this.session = session;
    this.run = run;
    this.query = query;
    this.formatter = formatter;
  }

  @Override
  public RedoRow next() throws SQLException {
    if (closed) {
      throw OracleErrors.error(17008);
    }
    if (pieces.isEmpty() && index >= run.records.size()) {
      return null;
    }
    connection.enter(GatewayCall.NEXT);   // every row counts, CSF pieces too: faults can hit between them
    if (!pieces.isEmpty()) {
      return pieces.poll();   // CSF continuation rows come together, no other row between them
    }
    if (cancelled) {
      cancelled = false;
      throw OracleErrors.error(1013);
    }
    if (!costCharged) {
      costCharged = true;
      if (!query.timeout().isZero() && run.cost.compareTo(query.timeout()) > 0) {
        index = run.records.size();
        throw OracleErrors.error(1013);
      }
    }
    checkMemory();
    RedoRecord r = run.records.get(index);
    AddedLog from = run.source.get(r);
    if (from != null && from.online() && from.log().overwritten) {
      throw OracleErrors.logReused(from.fileName(), from.log().sequence + connection.oracle.redo.thread(
          from.log().thread).groups.size(), from.log().sequence);
    }
    unreadable(r);
    index++;
    pieces.addAll(formatter.rows(r));
    return pieces.poll();
  }

  /**
   * Records LogMiner cannot get past: corrupt blocks without SKIP_CORRUPTION (ORA-01343), and a
   * DDL under DDL_DICT_TRACKING in a database without supplemental logging (ORA-01347). Both
   * repeat on every query of the range.
   */
  private void unreadable(RedoRecord r) throws SQLException {
    if (r.kind == RecordKind.CORRUPTED_BLOCKS && !session.start.has(MiningOption.SKIP_CORRUPTION)) {
      throw OracleErrors.error(1343);
    }
    if (r.kind == RecordKind.DDL && session.start.has(MiningOption.DDL_DICT_TRACKING)
        && connection.oracle.settings.supplementalLogging == SupplementalLogging.NONE) {
      throw OracleErrors.error(1347);
    }
  }

  private void checkMemory() throws SQLException {
    SimulatedOracle oracle = connection.oracle;
    long pga = session.pgaBytes(oracle.settings, oracle.clock.instant());
    if (pga <= oracle.settings.pgaLimitBytes) {
      return;
    }
    switch (oracle.settings.pgaExhaustion) {
      case ORA_04036 -> throw OracleErrors.error(4036);
      case ORA_04030 -> {
        connection.lose();
        throw OracleErrors.outOfProcessMemory(8_392_728);
      }
      default -> {
        connection.lose();
        throw OracleErrors.error(28);
      }
    }
  }

  @Override
  public void cancel() {
    cancelled = true;
  }

  @Override
  public void close() {
    closed = true;
  }
}
