package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.connect.GroundTruth.Delivered;
import dev.redoline.connect.OpenKafkaTransactions.Range;
import dev.redoline.core.TableId;
import dev.redoline.simulator.RealTime;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatorServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The crash drill of a real deployment: a distributed Connect worker in a JVM of its own, with
 * exactly-once source support and connector-defined transaction boundaries, running the plugin zip
 * from {@code plugin.path} with the simulator's jar dropped into its {@code lib/}, captures the
 * {@code stress} workload from a {@link SimulatorServer} in this JVM, and is killed with {@code
 * kill -9} three times and started again. The database runs in real time from the first task's
 * start on and outlives every worker; the broker is a KRaft broker in this JVM.
 *
 * <p>A kill counts as inside an open Kafka transaction when, right after the worker died, a data
 * partition had records past its last stable offset, and, once a successor fenced the dead task's
 * producer, a {@code read_uncommitted} consumer reads records in that range and a {@code
 * read_committed} consumer reads none of them ({@link OpenKafkaTransactions}).
 *
 * <p>The expected output is the bare engine's capture of the same database from the same start SCN,
 * taken after the database's clock stopped ({@link GroundTruth}); the simulator's own table
 * contents check the ORDERS inserts independently of the engine.
 */
class WorkerCrashIT {

  /**
   * How long a wait may go without the worker's progress before the test gives up: long enough for
   * a worker to start, rebalance, wait out the dead task's Kafka transaction and deliver its next
   * records on a 2-core machine running other builds. A wait on a count (records, offsets) starts
   * this bound again at each step forward, so a worker catching up slowly is waited for as long as
   * it moves; a wait fails at once when the worker process exits.
   */
  static final Duration PROGRESS_BOUND = Duration.ofMinutes(4);

  static final String NAME = "crash";

  static final List<String> TABLES = List.of("CUSTOMERS", "PRODUCTS", "ORDERS", "ORDER_LINES");

  /**
   * The kills, in order: where each aims, and how many records at least must be uncommitted on one
   * data partition for the kill to go ahead (after a bounded watch it goes ahead anyway). The
   * second aims at the stress workload's 5,000-row transaction (every {@link #HUGE_EVERY} of
   * database time), whose records span several polls of the task and so one long Kafka transaction.
   */
  static final List<Aim> KILLS =
      List.of(
          new Aim("any open Kafka transaction", 1, 400),
          new Aim("the 5,000-row transaction", 1000, 9000),
          new Aim("any open Kafka transaction", 1, 400));

  /**
   * Where a kill aims: {@code minOpen} uncommitted records, watched for at most {@code maxChecks}.
   */
  record Aim(String what, long minOpen, int maxChecks) {}

  /** What was uncommitted right after a kill. */
  record Kill(int n, Aim aim, List<Range> open) {}

  /** Committed ORDERS records each worker must add before it is killed, so kills land apart. */
  static final int PROGRESS = 40;

  /**
   * How often the stress workload commits its 5,000-row transaction here (its default; the second
   * kill watches long enough to meet one). At 10 s these transactions made 60% of the drill's
   * changes (38,596 of 65,283), and the last worker's catching up on them, at about 150 records a
   * second on a busy 2-core machine, took most of the drill's time.
   */
  static final Duration HUGE_EVERY = Duration.ofSeconds(30);

  /** The database time the drill covers at least, so that a 5,000-row transaction is in it. */
  static final Duration DATABASE_TIME = HUGE_EVERY.plusSeconds(4);

  @TempDir Path work;

  @Test
  @Timeout(value = 30, unit = TimeUnit.MINUTES) // four workers, each waited for with PROGRESS_BOUND
  void workerKilledThreeTimes_deliversEveryCommittedTransactionOnceWholeInCommitOrder()
      throws Exception {
    long t0 = System.nanoTime();
    KafkaClusterTestKit kafka = startBroker();
    SimulatedOracle oracle =
        SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=17&huge=" + HUGE_EVERY.toSeconds());
    long startScn = oracle.currentScn();
    java.time.Instant started = oracle.clock().instant();
    SimulatorServer server = SimulatorServer.start(oracle, "stress", 0, false);
    RealTime clock = null;
    OpenKafkaTransactions probe = new OpenKafkaTransactions(kafka.bootstrapServers());
    Path logs =
        freshDirectory(Path.of(System.getProperty("redoline.it.dir", work.toString()), "crash"));
    WorkerProcess worker = null;
    try {
      Map<String, String> workerSettings =
          workerSettings(
              kafka.bootstrapServers(),
              PluginDirectory.withSimulator(
                  Path.of(System.getProperty("redoline.plugin.archive")), work.resolve("plugins")));
      Map<String, String> connector =
          connectorSettings(server.url(), startScn, kafka.bootstrapServers());
      worker = startWorker(workerSettings, logs, 0);
      worker.putConnector(NAME, connector);
      awaitRunning(worker);
      // The database's clock starts once the first task runs: a backlog made while the broker and
      // the first worker start (a minute and more on a busy machine) tests nothing the kills do
      // not, and the last worker had to deliver it too, at a fraction of the rate it was made.
      clock = RealTime.start(oracle);
      phase(t0, "worker 0 running, database clock started");

      List<String> topics = TABLES.stream().map(t -> NAME + ".SHOP." + t).toList();
      TopicPartition orders = new TopicPartition(NAME + ".SHOP.ORDERS", 0);
      List<Kill> kills = new ArrayList<>();
      long previousEnd = 0;
      for (Aim aim : KILLS) {
        long after = previousEnd;
        await(
            () -> stable(probe, orders) >= after + PROGRESS,
            () -> stable(probe, orders),
            worker,
            "committed ORDERS records past " + after);
        killWhenOpen(probe, topics, aim, worker);
        kills.add(
            new Kill(
                kills.size() + 1, aim, probe.now(topics))); // the dead worker writes nothing more
        previousEnd = high(probe, orders);
        phase(t0, "kill " + kills.size());
        worker = startWorker(workerSettings, logs, kills.size());
        awaitRunning(worker);
        phase(t0, "worker " + kills.size() + " running");
      }
      phase(t0, "kills done");
      long lastKillEnd = previousEnd;
      await(
          () -> stable(probe, orders) >= lastKillEnd + PROGRESS,
          () -> stable(probe, orders),
          worker,
          "committed ORDERS records after the kills");
      await(
          () -> databaseTime(oracle, started).compareTo(DATABASE_TIME) >= 0,
          worker,
          DATABASE_TIME + " of database time");

      phase(t0, "database stopped at SCN " + oracle.currentScn());
      clock.close();
      // The ground truth is the reference, not under test: it reads the whole history without the
      // workload's random ORA-03113s, which on a long run hit nearly every re-read of its first
      // window.
      synchronized (oracle) {
        oracle.faults().clear();
      }
      long endScn = oracle.currentScn();
      Map<String, String> direct = new HashMap<>(connector);
      direct.put("cdc.database.url", oracle.url());
      direct.put("cdc.buffer.spill.dir", work.resolve("ground-truth").toString());
      direct.remove("cdc.kafka.bootstrap.servers");
      List<Delivered> expected = GroundTruth.capture(direct, endScn);
      phase(
          t0,
          "ground truth: "
              + expected.size()
              + " changes "
              + expected.stream()
                  .collect(
                      java.util.stream.Collectors.groupingBy(
                          Delivered::table,
                          java.util.TreeMap::new,
                          java.util.stream.Collectors.counting()))
              + "; offsets written to the data topics: "
              + topics.stream().mapToLong(t -> high(probe, new TopicPartition(t, 0))).sum());
      Output delivered = readCommitted(kafka.bootstrapServers(), topics, expected.size(), worker);
      phase(t0, "delivered records read");
      worker.stop();

      List<String> proven = new ArrayList<>();
      for (Kill k : kills) {
        k.open().stream()
            .filter(probe::aborted)
            .forEach(
                r ->
                    proven.add(
                        "kill "
                            + k.n()
                            + " (aimed at "
                            + k.aim().what()
                            + "): "
                            + (r.to() - r.from())
                            + " uncommitted offsets of "
                            + r.partition()
                            + " aborted"));
      }
      long journal = high(probe, new TopicPartition(NAME + ".journal", 0));
      System.out.println(
          "WorkerCrashIT: "
              + expected.size()
              + " changes, "
              + journal
              + " offsets in the journal topic, kills "
              + kills
              + ", proven "
              + proven);
      assertThat(journal)
          .as("offsets in the journal topic: long transactions were journaled")
          .isPositive();
      assertThat(proven)
          .as("kills inside an open Kafka transaction (uncommitted at the kills: %s)", kills)
          .isNotEmpty();
      try {
        for (String table : TABLES) {
          String name = "SHOP." + table;
          assertSameSequence(
              name,
              delivered.byTable().get(name),
              expected.stream().filter(d -> d.table().equals(name)).toList());
        }
      } catch (AssertionError e) {
        throw new AssertionError(e.getMessage() + lateCommits(logs), e);
      }
      assertThat(delivered.insertedOrders())
          .as("the ORDERS rows the database holds are the ones whose inserts were delivered")
          .isEqualTo(idsInDatabase(oracle, TableId.of("SHOP", "ORDERS")));
    } finally {
      if (worker != null) {
        worker.kill();
      }
      if (clock != null) {
        clock.close();
      }
      server.close();
      probe.close();
      kafka.close();
    }
  }

  /** Prints how far into the test a phase ended, to see where its time goes. */
  private static void phase(long start, String what) {
    System.out.printf("WorkerCrashIT %5.1f s: %s%n", (System.nanoTime() - start) / 1e9, what);
  }

  /**
   * Watches the data partitions and kills the worker the moment one has at least {@code
   * aim.minOpen()} records past its last stable offset; after {@code aim.maxChecks()} checks
   * without, kills it anyway.
   */
  private static void killWhenOpen(
      OpenKafkaTransactions probe, List<String> topics, Aim aim, WorkerProcess worker)
      throws InterruptedException {
    for (int i = 0; i < aim.maxChecks(); i++) {
      if (probe.now(topics).stream().anyMatch(r -> r.to() - r.from() >= aim.minOpen())) {
        break;
      }
      Thread.sleep(5);
    }
    worker.kill();
  }

  /**
   * Fails naming the first place where the records of one table differ from the expected changes (a
   * repeat, a gap or a change out of order), with a few neighbours on each side.
   */
  static void assertSameSequence(String table, List<Delivered> actual, List<Delivered> expected) {
    int n = Math.min(actual.size(), expected.size());
    int first = 0;
    while (first < n && actual.get(first).equals(expected.get(first))) {
      first++;
    }
    if (first == n && actual.size() == expected.size()) {
      return;
    }
    int from = Math.max(0, first - 3);
    throw new AssertionError(
        table
            + ": "
            + actual.size()
            + " records delivered, "
            + expected.size()
            + " changes committed; they differ first at "
            + first
            + ":\n delivered "
            + window(actual, from)
            + "\n expected  "
            + window(expected, from));
  }

  /**
   * The COMMIT_OUT_OF_ORDER warnings of the workers' logs, for a failed sequence: a commit
   * delivered late and reported (a thread's redo written later than the LGWR delay) swaps two
   * transactions on purpose, where any other swap is a defect. The logs stay in {@code dir} for a
   * look.
   */
  private static String lateCommits(Path dir) {
    List<String> found = new ArrayList<>();
    try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        try (java.util.stream.Stream<String> lines = Files.lines(f)) {
          lines
              .filter(l -> l.contains("COMMIT_OUT_OF_ORDER"))
              .limit(20)
              .forEach(l -> found.add(f.getFileName() + ": " + l));
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
          found.add(f.getFileName() + ": not read (" + e + ")");
        }
      }
    } catch (java.io.IOException e) {
      return "\n(worker logs in " + dir + " not read: " + e + ")";
    }
    return found.isEmpty()
        ? "\nno COMMIT_OUT_OF_ORDER in the worker logs (" + dir + ")"
        : "\nCOMMIT_OUT_OF_ORDER in the worker logs (" + dir + "):\n" + String.join("\n", found);
  }

  private static List<Delivered> window(List<Delivered> list, int from) {
    return list.subList(Math.min(from, list.size()), Math.min(from + 7, list.size()));
  }

  private static Duration databaseTime(SimulatedOracle oracle, java.time.Instant started) {
    synchronized (oracle) {
      return Duration.between(started, oracle.clock().instant());
    }
  }

  private static Path freshDirectory(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.delete(f);
        }
      }
    }
    return Files.createDirectories(dir);
  }

  static KafkaClusterTestKit startBroker() throws Exception {
    KafkaClusterTestKit c =
        new KafkaClusterTestKit.Builder(
                new TestKitNodes.Builder()
                    .setCombined(true)
                    .setNumBrokerNodes(1)
                    .setNumControllerNodes(1)
                    .build())
            .setConfigProp("offsets.topic.replication.factor", "1")
            .setConfigProp("transaction.state.log.replication.factor", "1")
            .setConfigProp("transaction.state.log.min.isr", "1")
            .setConfigProp("group.initial.rebalance.delay.ms", "0")
            // a killed worker leaves the group when its session expires: keep that short
            .setConfigProp("group.min.session.timeout.ms", "1000")
            // how often the coordinator aborts transactions past their timeout (default 10 s)
            .setConfigProp("transaction.abort.timed.out.transaction.cleanup.interval.ms", "1000")
            .build();
    c.format();
    c.startup();
    c.waitForReadyBrokers();
    return c;
  }

  static Map<String, String> workerSettings(String bootstrap, Path plugins) {
    Map<String, String> w = new LinkedHashMap<>();
    w.put("bootstrap.servers", bootstrap);
    w.put("group.id", "redoline-crash");
    w.put("config.storage.topic", "crash-configs");
    w.put("offset.storage.topic", "crash-offsets");
    w.put("status.storage.topic", "crash-status");
    w.put("config.storage.replication.factor", "1");
    w.put("offset.storage.replication.factor", "1");
    w.put("offset.storage.partitions", "1");
    w.put("status.storage.replication.factor", "1");
    w.put("status.storage.partitions", "1");
    w.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    w.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    w.put("exactly.once.source.support", "enabled");
    w.put("plugin.path", plugins.toString());
    w.put("plugin.discovery", "service_load");
    // a successor takes the dead worker's connector at once instead of after a rebalance delay
    w.put("scheduled.rebalance.max.delay.ms", "0");
    w.put("session.timeout.ms", "2000");
    w.put("heartbeat.interval.ms", "500");
    w.put("offset.flush.interval.ms", "1000");
    // With exactly-once, a new worker reads the offsets topic to its end with read_committed
    // before it starts: the dead task's open transaction blocks it until the coordinator aborts
    // it, after the producer's transaction timeout (60 s by default). Shorter makes each restart
    // quicker, but the live task's own transactions must fit in it: the 5,000-row transaction spans
    // several polls, which took more than 10 s on a 2-core machine running other builds (the task
    // then failed with "unable to finish writing records ... before its producer transaction
    // expired", load average 35). 30 s leaves the live task three times that room.
    w.put("producer.transaction.timeout.ms", "30000");
    return w;
  }

  private Map<String, String> connectorSettings(String url, long startScn, String bootstrap) {
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", "dev.redoline.connect.RedolineSourceConnector");
    c.put("tasks.max", "1");
    c.put("cdc.database.url", url);
    c.put("cdc.tables.include", "SHOP.*");
    c.put("cdc.start.scn", String.valueOf(startScn));
    c.put("cdc.topic.prefix", NAME);
    c.put("cdc.mining.idle.ms", "200");
    c.put("cdc.heartbeat.interval.ms", "1000");
    c.put("cdc.buffer.spill.dir", work.resolve("spill").toString());
    c.put("cdc.kafka.bootstrap.servers", bootstrap);
    // journal the workload's long-running transactions early, so that restarts load the journal
    // and kills may land between journal appends too
    c.put("cdc.buffer.journal.after.ms", "2000");
    c.put("exactly.once.support", "required");
    c.put("transaction.boundary", "connector");
    c.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("key.converter.schemas.enable", "false");
    c.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("value.converter.schemas.enable", "false");
    c.put("topic.creation.default.replication.factor", "1");
    c.put("topic.creation.default.partitions", "1");
    // A record's timestamp is its Oracle commit time, and the simulated database's clock starts
    // in March 2024: with the default seven days of retention the broker would delete the
    // change topics' first segments soon after they are written.
    c.put("topic.creation.default.retention.ms", "-1");
    return c;
  }

  private static WorkerProcess startWorker(Map<String, String> settings, Path logs, int n)
      throws Exception {
    WorkerProcess w = WorkerProcess.start(settings, logs, "worker-" + n);
    await(w::ready, w, "the worker's REST API");
    return w;
  }

  private static void awaitRunning(WorkerProcess w) throws Exception {
    await(() -> w.running(NAME), w, "connector " + NAME + " and its task running");
  }

  /**
   * Polls {@code condition} every 250 ms for at most {@link #PROGRESS_BOUND}; fails naming what did
   * not come. For a single event (the REST API up, the task running).
   */
  static void await(BooleanSupplier condition, WorkerProcess w, String what)
      throws InterruptedException {
    await(condition, () -> 0, w, what);
  }

  /**
   * Polls {@code condition} every 250 ms until it holds; gives up after {@link #PROGRESS_BOUND}
   * without {@code progress} rising (each rise starts the bound again), naming what did not come.
   */
  static void await(BooleanSupplier condition, LongSupplier progress, WorkerProcess w, String what)
      throws InterruptedException {
    long seen = progress.getAsLong();
    long deadline = System.nanoTime() + PROGRESS_BOUND.toNanos();
    while (System.nanoTime() - deadline < 0) {
      if (condition.getAsBoolean()) {
        return;
      }
      if (!w.alive()) {
        throw new AssertionError(
            "the worker exited while waiting for " + what + "; see " + w.log());
      }
      long now = progress.getAsLong();
      if (now > seen) {
        seen = now;
        deadline = System.nanoTime() + PROGRESS_BOUND.toNanos();
      }
      Thread.sleep(250);
    }
    throw new AssertionError(
        "no "
            + what
            + " within "
            + PROGRESS_BOUND
            + " without progress (at "
            + seen
            + "); status "
            + w.status(NAME)
            + "; see "
            + w.log());
  }

  private static long stable(OpenKafkaTransactions probe, TopicPartition tp) {
    return ends(probe, tp, true);
  }

  private static long high(OpenKafkaTransactions probe, TopicPartition tp) {
    return ends(probe, tp, false);
  }

  private static long ends(OpenKafkaTransactions probe, TopicPartition tp, boolean stable) {
    try {
      return stable ? probe.lastStable(tp) : probe.highWatermark(tp);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /**
   * What a read_committed consumer of the data topics read.
   *
   * @param byTable each table's change records in offset order, keyed by "OWNER.TABLE"
   * @param insertedOrders the IDs of the ORDERS inserts, sorted
   */
  record Output(Map<String, List<Delivered>> byTable, List<Long> insertedOrders) {}

  /**
   * Reads every data topic with read_committed until {@code expected} change records have come,
   * then on to the topics' last stable offsets, so that a record beyond the expected ones (a
   * repeat) is read too. It waits for the worker's progress, not for a quiet spell: it gives up
   * only when the worker exits or after {@link #PROGRESS_BOUND} without a new record, so a worker
   * still catching up on a slow machine (the bare engine's reference capture runs beside it) is
   * read to the end.
   */
  private static Output readCommitted(
      String bootstrap, List<String> topics, int expected, WorkerProcess worker) {
    Map<String, List<Delivered>> byTable = new HashMap<>();
    TABLES.forEach(t -> byTable.put("SHOP." + t, new ArrayList<>()));
    TreeSet<Long> orders = new TreeSet<>();
    Map<String, Object> settings =
        Map.of(
            "bootstrap.servers",
            bootstrap,
            "isolation.level",
            "read_committed",
            "auto.offset.reset",
            "earliest",
            "group.id",
            "crash-verify",
            "enable.auto.commit",
            "false");
    int total = 0;
    long deadline = System.nanoTime() + PROGRESS_BOUND.toNanos();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(settings, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(topics);
      Map<TopicPartition, Long> ends = null;
      while (ends == null || !reached(consumer, ends)) {
        if (ends == null && total >= expected) {
          // everything expected came: read on to what the topics hold now (their last stable
          // offsets)
          ends = consumer.endOffsets(consumer.assignment());
          continue;
        }
        if (ends == null && (System.nanoTime() - deadline >= 0 || !worker.alive())) {
          break; // assertSameSequence names what is missing
        }
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
          deadline = System.nanoTime() + PROGRESS_BOUND.toNanos(); // a record: the worker moves
          if (r.value() == null) {
            continue; // the tombstone after a delete: no change of its own
          }
          Delivered d = Delivered.of(ConnectClusterIT.json(r.value()));
          byTable.get(d.table()).add(d);
          if (d.table().equals("SHOP.ORDERS") && d.op().equals("c")) {
            orders.add(ConnectClusterIT.json(r.key()).get("ID").asLong());
          }
          total++;
        }
      }
    }
    return new Output(byTable, new ArrayList<>(orders));
  }

  /** Whether the consumer's position reached {@code ends} on every partition. */
  private static boolean reached(
      KafkaConsumer<byte[], byte[]> consumer, Map<TopicPartition, Long> ends) {
    return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
  }

  private static List<Long> idsInDatabase(SimulatedOracle oracle, TableId table) {
    List<Long> ids = new ArrayList<>();
    synchronized (oracle) {
      oracle.rows(table).forEach(r -> ids.add(((Number) r.get(0)).longValue()));
    }
    return new ArrayList<>(new TreeSet<>(ids));
  }
}
