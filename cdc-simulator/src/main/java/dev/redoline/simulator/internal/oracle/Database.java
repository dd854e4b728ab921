package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.Oracle23aiForms;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SupplementalLogging;
import dev.redoline.simulator.internal.jdbc.Session;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Random;
import java.util.function.Function;

/**
 * The database behind a {@link SimulatedOracle}: its clock, redo, dictionary, instances and
 * transactions, as the simulator's internals reach them. {@link SimulatedOracle} is the API over
 * it; connections, views and the mining model get it from the driver's registry.
 */
public final class Database {

  /** Checks a gateway call against the fault plan before it runs (the API's {@code Faults}). */
  @FunctionalInterface
  public interface FaultGate {
    void before(GatewayCall call, Session connection) throws SQLException;
  }

  /** The API object: its monitor is the database's lock, and it moves time with the workload. */
  public final SimulatedOracle api;

  public final SimulatedClock clock;
  public final Random random;
  public final RedoLog redo;
  public final Catalog catalog;
  public final Settings settings;
  public final Instances instances;
  public final TransactionTable transactions;

  /** The fault plan's check, installed by the API's {@code Faults}. */
  public FaultGate faults = (call, connection) -> {};

  /** Adds a partition for a row no partition holds (the API's {@code SchemaChanges}). */
  public Function<SimTable, SimTable.Segment> automaticPartitions;

  /** LogMiner's pace, or null when LogMiner works in no time. */
  public LogMinerPacer pacer;

  /** The name the driver knows this database by, once the API registered it. */
  public String registeredName;

  private volatile Oracle23aiForms forms23ai = Oracle23aiForms.DEFAULT;
  private volatile boolean drivenInRealTime;

  public Database(
      SimulatedOracle api,
      SimulatedClock clock,
      Random random,
      Settings settings,
      RedoLog redo,
      Catalog catalog) {
    this.api = api;
    this.clock = clock;
    this.random = random;
    this.settings = settings;
    this.redo = redo;
    this.catalog = catalog;
    this.instances = new Instances(this);
    this.transactions = new TransactionTable(this);
    this.pacer = settings.pace == null ? null : new LogMinerPacer(settings.pace, this);
  }

  /** The simulated clock. */
  public SimulatedClock clock() {
    return clock;
  }

  /** Sets LogMiner's pace after the build (a workload URL's {@code ?pace=}); null: none. */
  public void logMinerPace(LogMinerPace pace) {
    settings.pace = pace;
    pacer = pace == null ? null : new LogMinerPacer(pace, this);
  }

  /**
   * Whether a real-time driver moves the clock: paced LogMiner calls then wait for it instead of
   * moving it.
   */
  public boolean drivenInRealTime() {
    return drivenInRealTime;
  }

  public void drivenInRealTime(boolean driven) {
    drivenInRealTime = driven;
  }

  /** Undo of changes committed before this instant is gone (UNDO_RETENTION ago). */
  public Instant undoKeptSince() {
    return clock.instant().minus(settings.undoRetention);
  }

  /** CURRENT_SCN. */
  public long currentScn() {
    return redo.scn;
  }

  /** How SQL_REDO writes BOOLEAN and VECTOR values from now on. */
  public void oracle23aiForms(Oracle23aiForms forms) {
    this.forms23ai = Objects.requireNonNull(forms, "forms == null");
  }

  public Oracle23aiForms oracle23aiForms() {
    return forms23ai;
  }

  public SupplementalLogging loggingOf(SimTable t) {
    return t.logging != null ? t.logging : settings.supplementalLogging;
  }

  /** Moves simulated time as the API does: the workload runs meanwhile. */
  public void advance(Duration duration) {
    api.advance(duration);
  }

  /** Opens a database session on an instance: ORA-01034 when it is down. */
  public Session open(int instance) throws SQLException {
    return instances.connect(instance);
  }
}
