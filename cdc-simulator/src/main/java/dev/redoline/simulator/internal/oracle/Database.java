package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.sql.SqlEngine;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * A database as the driver reaches it: the lock every connection takes, the sessions it opens on an
 * instance, and LogMiner's pace, which the API may change while sessions run. The driver's registry
 * maps a URL to one of these; the parts of the database (redo, dictionary, settings, clock,
 * instances) are built by {@link SimulatedOracle} and handed to each session explicitly.
 */
public final class Database {

  private final SimulatedOracle lock;
  private final SimulatedClock clock;
  private final Settings settings;
  private final RedoLog redo;
  private final Catalog catalog;
  private final Instances instances;
  private final FaultGate faults;
  private final BooleanSupplier drivenInRealTime;
  private volatile LogMinerPacer pacer;
  private String registeredName;

  /**
   * @param lock the API object: its monitor is the database's lock, and paced LogMiner calls move
   *     time with it ({@link SimulatedOracle#advance})
   * @param faults the fault plan's check before each gateway call
   * @param drivenInRealTime whether a real-time driver moves the clock: paced LogMiner calls then
   *     wait for it instead of moving it
   */
  public Database(
      SimulatedOracle lock,
      SimulatedClock clock,
      Settings settings,
      RedoLog redo,
      Catalog catalog,
      Instances instances,
      FaultGate faults,
      BooleanSupplier drivenInRealTime) {
    this.lock = lock;
    this.clock = clock;
    this.settings = settings;
    this.redo = redo;
    this.catalog = catalog;
    this.instances = instances;
    this.faults = faults;
    this.drivenInRealTime = drivenInRealTime;
    this.pacer = pacerOf(settings.pace());
  }

  /** The object whose monitor every statement, fetch and clock move of this database holds. */
  public Object lock() {
    return lock;
  }

  /** LogMiner's pace, or null when LogMiner works in no time. */
  public LogMinerPacer pacer() {
    return pacer;
  }

  /** Sets LogMiner's pace after the build (a workload URL's {@code ?pace=}); null: none. */
  public void logMinerPace(LogMinerPace pace) {
    settings.pace(pace);
    pacer = pacerOf(pace);
  }

  private LogMinerPacer pacerOf(LogMinerPace pace) {
    return pace == null ? null : new LogMinerPacer(pace, clock, lock, drivenInRealTime);
  }

  /** The name the driver knows this database by, or null before the API registered it. */
  public String registeredName() {
    return registeredName;
  }

  /** The driver's registry names the database (once). */
  public void registeredName(String name) {
    this.registeredName = name;
  }

  /**
   * Opens a database session on an instance: ORA-12514 for no such instance, ORA-01034 when down.
   */
  public Session open(int instance) throws SQLException {
    return instances.connect(
        instance,
        faults,
        i ->
            new Session(
                redo,
                catalog,
                settings,
                clock,
                instances,
                faults,
                this::pacer,
                i,
                SqlEngine::open));
  }
}
