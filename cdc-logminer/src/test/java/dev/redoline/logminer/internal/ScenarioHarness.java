package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.Position;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.Sleeper;
import dev.redoline.logminer.internal.jdbc.JdbcGateway;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Runs the capture engine on a {@link SimulatedOracle}, through the JDBC gateway and the
 * simulator's driver, for the scenario tests, deterministically: simulated time passes only while
 * the capture thread sleeps (its sleeper advances the simulator, which runs the scenario's {@link
 * ScenarioScript}), so only the capture thread touches the simulator once the stream is open.
 *
 * <pre>{@code
 * try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
 *   h.set("cdc.users.exclude", "BATCH").open(Position.start(start));
 *   h.awaitChange("INSERT SHOP.ORDERS [99, END]");
 *   assertThat(h.changes()).containsExactly(...);
 * }
 * }</pre>
 *
 * <p>Besides the events it records what tests assert on: ops events, dead letters, every gateway
 * call the engine makes (method name and arguments, as text), and every wait of the capture thread.
 */
final class ScenarioHarness implements AutoCloseable {

  /** The orders table most scenarios use. */
  static final TableId ORDERS = ShopOrders.TABLE;

  /**
   * How many empty polls a wait tolerates before it fails: a bound on progress, not a timing (about
   * 30 s without an event, which a busy 2-core machine stays under).
   */
  private static final int MAX_EMPTY_POLLS = 600;

  /** How long one poll waits for the capture thread. */
  private static final Duration POLL = Duration.ofMillis(50);

  final SimulatedOracle oracle;
  final Map<String, String> settings = new HashMap<>();
  final List<StreamEvent> events = new ArrayList<>();
  final List<OpsEvent> ops = new CopyOnWriteArrayList<>();
  final List<DeadLetter> deadLetters = new CopyOnWriteArrayList<>();
  final List<String> calls = new CopyOnWriteArrayList<>();
  final List<Duration> sleeps = new CopyOnWriteArrayList<>();
  CaptureStream stream;

  /** Applied to the text of every statement the gateway prepares, when set. */
  private UnaryOperator<String> sqlRewrite;

  /** The engine's transaction journal, when set. */
  private dev.redoline.buffer.internal.TransactionJournal journal;

  /** The layout versions an earlier run stored, as a schema history hands them back. */
  private List<dev.redoline.core.LayoutVersion> knownLayouts = List.of();

  ScenarioHarness(SimulatedOracle oracle, Path spill) {
    this.oracle = oracle;
    settings.put("cdc.database.url", "jdbc:redoline:sim:test");
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.buffer.spill.dir", spill.toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
  }

  /**
   * The SHOP.ORDERS layout every module's tests share: ID NUMBER(10) primary key, STATUS
   * VARCHAR2(10).
   */
  static TableLayout orders() {
    return ShopOrders.layout();
  }

  /** Inserts one order in its own transaction on redo thread {@code thread} (RAC scenarios). */
  static void commitOn(SimulatedOracle o, int thread, long id, String status) {
    dev.redoline.simulator.SimulatedTransaction tx = o.newTransaction().thread(thread).begin();
    tx.insert(ORDERS, id, status);
    tx.commit();
  }

  /**
   * Gives the engine a transaction journal (none by default), as a restarted process would reopen.
   */
  ScenarioHarness journal(dev.redoline.buffer.internal.TransactionJournal journal) {
    this.journal = journal;
    return this;
  }

  /** Gives the engine the layout versions a schema history stored, as a restarted process would. */
  ScenarioHarness knownLayouts(List<dev.redoline.core.LayoutVersion> layouts) {
    this.knownLayouts = List.copyOf(layouts);
    return this;
  }

  /**
   * The layout versions the capture announced so far, each with its SCN: what a schema history
   * stores.
   */
  List<dev.redoline.core.LayoutVersion> announcedLayouts() {
    List<dev.redoline.core.LayoutVersion> out = new ArrayList<>();
    for (StreamEvent e : events) {
      if (e instanceof StreamEvent.SchemaEvent s) {
        out.add(new dev.redoline.core.LayoutVersion(s.layout(), s.scn()));
      }
    }
    return out;
  }

  ScenarioHarness set(String key, String value) {
    settings.put(key, value);
    return this;
  }

  /**
   * Edits the SQL text of every statement the gateway sends, before the simulator's SQL engine sees
   * it: proof that the gateway's SQL, not simulator code, decides what the engine receives.
   */
  ScenarioHarness rewriteSql(UnaryOperator<String> rewrite) {
    this.sqlRewrite = rewrite;
    return this;
  }

  private LogMinerGateway connect(SimulatedOracle sim) throws java.sql.SQLException {
    CdcConfig config = SimulatorGateways.config(sim, settings);
    if (sqlRewrite == null) {
      return JdbcGateway.connect(config);
    }
    java.sql.Connection target =
        dev.redoline.logminer.internal.jdbc.JdbcDrivers.connect(
            config.get(CdcConfig.DATABASE_URL), new java.util.Properties());
    UnaryOperator<String> rewrite = sqlRewrite;
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (method.getName().startsWith("prepare")
              && args != null
              && args[0] instanceof String sql) {
            args[0] = rewrite.apply(sql);
          }
          try {
            return method.invoke(target, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return JdbcGateway.open(
        (java.sql.Connection)
            Proxy.newProxyInstance(
                java.sql.Connection.class.getClassLoader(),
                new Class<?>[] {java.sql.Connection.class},
                handler));
  }

  /** Opens a stream from {@code from} ({@code null}: no stored position). */
  CaptureStream open(Position from) {
    SimulatedOracle sim = oracle;
    Sleeper advance =
        duration -> {
          sleeps.add(duration);
          sim.advance(duration);
        };
    CaptureEngine.Builder engine = CaptureEngine.builder();
    if (journal != null) {
      engine.journal(journal);
    }
    stream =
        engine
            .config(CdcConfig.from(settings))
            .knownLayouts(knownLayouts)
            .gateways(() -> recording(connect(sim)))
            .clock(sim.clock())
            .sleeper(advance)
            .ops(ops::add)
            .deadLetters(deadLetters::add)
            .build()
            .open(from);
    return stream;
  }

  /** Polls until {@code done} holds for the events so far, acknowledging each batch. */
  List<StreamEvent> awaitEvents(Predicate<List<StreamEvent>> done) throws InterruptedException {
    return await(done, true);
  }

  /**
   * Polls until {@code done} holds for the events so far, acknowledging nothing: the test
   * acknowledges what it chooses, as a sink that stops after its last acknowledgement would.
   */
  List<StreamEvent> awaitUnacknowledged(Predicate<List<StreamEvent>> done)
      throws InterruptedException {
    return await(done, false);
  }

  private List<StreamEvent> await(Predicate<List<StreamEvent>> done, boolean acknowledge)
      throws InterruptedException {
    int empty = 0;
    while (!done.test(events)) {
      List<StreamEvent> batch = StreamEvents.flatten(stream.poll(POLL));
      if (batch.isEmpty()) {
        if (!stream.running() || ++empty > MAX_EMPTY_POLLS) {
          throw new AssertionError(
              "gave up waiting (capture running: "
                  + stream.running()
                  + "); changes so far: "
                  + changes()
                  + "; metrics: "
                  + stream.metrics()
                  + "; ops: "
                  + ops
                  + "; faults fired: "
                  + oracle.faults().fired());
        }
        continue;
      }
      empty = 0;
      events.addAll(batch);
      if (acknowledge) {
        stream.acknowledge(batch.get(batch.size() - 1).position());
      }
    }
    return events;
  }

  /** Whether a change that satisfies {@code test} arrived: for {@link #awaitEvents}. */
  static Predicate<List<StreamEvent>> changeWhere(Predicate<Change> test) {
    return events ->
        events.stream()
            .anyMatch(e -> e instanceof StreamEvent.ChangeEvent c && test.test(c.change()));
  }

  /** Whether at least {@code n} changes arrived: for {@link #awaitEvents}. */
  static Predicate<List<StreamEvent>> changeCount(int n) {
    return events -> events.stream().filter(e -> e instanceof StreamEvent.ChangeEvent).count() >= n;
  }

  /** Polls until a change described as {@code description} (see {@link #describe}) has arrived. */
  List<StreamEvent> awaitChange(String description) throws InterruptedException {
    return awaitEvents(events -> changes().contains(description));
  }

  /**
   * Polls until the capture stops, collecting the events queued before the stop.
   *
   * @return the exception the capture stopped with
   */
  CdcException awaitStop() throws InterruptedException {
    int empty = 0;
    while (true) {
      List<StreamEvent> batch;
      try {
        batch = StreamEvents.flatten(stream.poll(POLL));
      } catch (CdcException stopped) {
        return stopped;
      }
      if (batch.isEmpty()) {
        if (++empty > MAX_EMPTY_POLLS * 4) {
          throw new AssertionError(
              "the capture did not stop; changes: " + changes() + "; ops: " + ops);
        }
        continue;
      }
      empty = 0;
      events.addAll(batch);
    }
  }

  /** The changes delivered so far, each as {@link #describe} writes it. */
  List<String> changes() {
    return changeEvents().stream().map(c -> describe(c.change())).toList();
  }

  List<StreamEvent.ChangeEvent> changeEvents() {
    List<StreamEvent.ChangeEvent> out = new ArrayList<>();
    for (StreamEvent e : events) {
      if (e instanceof StreamEvent.ChangeEvent c) {
        out.add(c);
      }
    }
    return out;
  }

  /** The events of one kind, in order. */
  <T extends StreamEvent> List<T> eventsOf(Class<T> kind) {
    return events.stream().filter(kind::isInstance).map(kind::cast).toList();
  }

  /** The ops events of one type, in order. */
  List<OpsEvent> ops(OpsEvent.Type type) {
    return ops.stream().filter(e -> e.type() == type).toList();
  }

  /** The recorded gateway calls whose text starts with {@code prefix}. */
  List<String> calls(String prefix) {
    return calls.stream().filter(c -> c.startsWith(prefix)).toList();
  }

  /**
   * A change as one line: {@code INSERT SHOP.ORDERS [1, NEW]}, {@code UPDATE SHOP.ORDERS [1, NEW]
   * -> [1, PAID]}, {@code DELETE SHOP.ORDERS [1, PAID]}, {@code TRUNCATE SHOP.ORDERS}.
   */
  static String describe(Change c) {
    String head = c.operation() + " " + c.table();
    return switch (c.operation()) {
      case INSERT -> head + " " + c.after();
      case UPDATE -> head + " " + c.before() + " -> " + c.after();
      case DELETE -> head + " " + c.before();
      default -> head;
    };
  }

  /** Wraps a connection so every call is recorded as {@code name(arg, ...)}. */
  private LogMinerGateway recording(LogMinerGateway target) {
    InvocationHandler handler =
        (proxy, method, args) -> {
          if (!method.getName().equals("close")
              && !method.getDeclaringClass().equals(Object.class)) {
            calls.add(
                method.getName()
                    + "("
                    + (args == null
                        ? ""
                        : Arrays.stream(args)
                            .map(String::valueOf)
                            .collect(java.util.stream.Collectors.joining(", ")))
                    + ")");
          }
          try {
            return method.invoke(target, args);
          } catch (InvocationTargetException e) {
            throw e.getCause();
          }
        };
    return (LogMinerGateway)
        Proxy.newProxyInstance(
            LogMinerGateway.class.getClassLoader(),
            new Class<?>[] {LogMinerGateway.class},
            handler);
  }

  @Override
  public void close() {
    if (stream != null) {
      stream.close();
    }
  }

  /**
   * Schema events as {@code schema <table> v<version>}, changes as described, heartbeats left out.
   */
  List<String> timeline() {
    List<String> out = new ArrayList<>();
    for (StreamEvent e : events) {
      if (e instanceof StreamEvent.SchemaEvent s) {
        out.add("schema " + s.layout().table() + " v" + s.layout().version());
      } else if (e instanceof StreamEvent.ChangeEvent c) {
        out.add(describe(c.change()) + " v" + c.change().layoutVersion());
      }
    }
    return out;
  }
}
