package dev.redoline.logminer;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.GatewayDatabase;
import dev.redoline.logminer.internal.jdbc.JdbcGateway;
import java.time.Clock;
import java.util.List;

/**
 * A database to capture from, with the clock and the way of waiting that belong to it. A real
 * database, or the Oracle simulator reached through its JDBC driver, runs on the system clock; a
 * test may pair a JDBC database with a simulated clock that moves while the capture thread waits
 * ({@link #jdbc(CdcConfig, Clock, Sleeper)}).
 *
 * <pre>{@code
 * Database db = Database.fromConfig(config);            // cdc.database.url=jdbc:redoline:sim:demo
 * EmbeddedEngine engine = EmbeddedEngine.builder().config(config).database(db)...build();
 * }</pre>
 *
 * <p>Sealed, with its one implementation internal: the connections a database opens are the capture
 * engine's business, not the API's.
 */
public sealed interface Database permits GatewayDatabase {

  /**
   * The database {@code cdc.database.url} names, through the JDBC gateway on the system clock:
   * Oracle ({@code jdbc:oracle:...}) or the Oracle simulator ({@code jdbc:redoline:sim:...}), which
   * {@link CdcConfig} has checked the URL is.
   */
  static Database fromConfig(CdcConfig config) {
    return new GatewayDatabase(JdbcGateway.factory(config), Clock.systemUTC(), Sleeper.SYSTEM);
  }

  /**
   * The database {@code cdc.database.url} names, through the JDBC gateway, with the engine's time
   * on {@code clock} and its waits done by {@code sleeper}: a scripted simulator's clock, say, with
   * {@code oracle::advance}, so that simulated time passes only while the capture thread waits.
   */
  static Database jdbc(CdcConfig config, Clock clock, Sleeper sleeper) {
    return new GatewayDatabase(JdbcGateway.factory(config), clock, sleeper);
  }

  /** The clock of the engine's time decisions. */
  Clock clock();

  /**
   * Runs the preflight checks (archive log mode, supplemental logging, privileges, PDBs, capture
   * mode) on a connection of this database. A database that cannot be reached is a problem of
   * {@code cdc.database.url}, with the error's code.
   */
  List<PreflightProblem> preflight(CdcConfig config);

  /**
   * Checks that a capture of {@code config} could start mining at {@code scn} now: every redo
   * thread's logs from there on are still archived at the destination it reads, or online. A stored
   * position moved back to {@code scn} is safe only then. When it is not, the exception thrown
   * carries the code a capture starting there would stop with (CDC-2002 for a deleted log, CDC-2001
   * for a missing sequence), naming the thread and sequence.
   *
   * @throws dev.redoline.core.CdcException when redo from {@code scn} is not all available, or with
   *     the failure's code when the database cannot be read
   */
  void requireRedoFrom(CdcConfig config, Scn scn);
}
