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

  private final SimulatedOracle api;
  private final SimulatedClock clock;
  private final Random random;
  private final RedoLog redo;
  private final Catalog catalog;
  private final Settings settings;
  private final Instances instances;
  private final TransactionTable transactions;
  private FaultGate faults = (call, connection) -> {};
  private Function<SimTable, SimTable.Segment> automaticPartitions;
  private LogMinerPacer pacer;
  private String registeredName;

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

  /** The API object: its monitor is the database's lock, and it moves time with the workload. */
  public SimulatedOracle api() {
    return api;
  }

  /** The simulated clock. */
  public SimulatedClock clock() {
    return clock;
  }

  /** The seeded randomness of the database's own choices (tie order within an SCN). */
  public Random random() {
    return random;
  }

  public RedoLog redo() {
    return redo;
  }

  public Catalog catalog() {
    return catalog;
  }

  public Settings settings() {
    return settings;
  }

  public Instances instances() {
    return instances;
  }

  public TransactionTable transactions() {
    return transactions;
  }

  /** The fault plan's check before a gateway call. */
  public FaultGate faults() {
    return faults;
  }

  /** Installs the API's fault plan. */
  public void faults(FaultGate gate) {
    this.faults = Objects.requireNonNull(gate, "gate == null");
  }

  /** Adds a partition for a row no partition holds (recursive DDL, by the API's SchemaChanges). */
  public Function<SimTable, SimTable.Segment> automaticPartitions() {
    return automaticPartitions;
  }

  public void automaticPartitions(Function<SimTable, SimTable.Segment> maker) {
    this.automaticPartitions = Objects.requireNonNull(maker, "maker == null");
  }

  /** LogMiner's pace, or null when LogMiner works in no time. */
  public LogMinerPacer pacer() {
    return pacer;
  }

  /** The name the driver knows this database by, or null before the API registered it. */
  public String registeredName() {
    return registeredName;
  }

  public void registeredName(String name) {
    this.registeredName = name;
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
