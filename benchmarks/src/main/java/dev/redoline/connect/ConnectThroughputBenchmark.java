package dev.redoline.connect;

import dev.redoline.bench.engine.PipelineBenchmark;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Records per second into a broker: the connector on a Connect worker (exactly-once on or off)
 * capturing a backlog, against two baselines on the same broker. {@code connectCeiling} is the fair
 * one: a trivial connector in the same worker handing out the very records, polls and transaction
 * boundaries of a recorded Redoline run, built before it starts, with the same converters and
 * exactly-once settings, so the ratio connector / ceiling is what capture costs on top of what any
 * source connector pays Connect (goal: 0.8). {@code plainProducer} sends the bytes the connector
 * wrote again with a bare {@code KafkaProducer}: no converter and no Connect, a bound no connector
 * reaches.
 *
 * <p>{@code workload}: {@code orders} is {@code PipelineBenchmark}'s backlog (inserts into a
 * 10-column table, {@code orderTransactions} transactions of 5), the same one the bare and embedded
 * engines are measured on; {@code stress} is 120 simulated seconds of the simulator's {@code
 * stress} workload (two RAC threads, small logs, a reconnect), whose capture alone is slower.
 *
 * <p>Each operation is one whole run ({@link Mode#SingleShotTime}): {@code connector} configures a
 * fresh connector on a fresh simulator holding the backlog and returns when the worker has stored
 * the offset of the backlog's last commit (so the connector and task start are in it); {@code
 * plainProducer} sends the same records and flushes, on a producer made and warmed up untimed;
 * {@code connectCeiling} configures a fresh trivial connector and returns at the same stored offset
 * (its records carry the recorded run's offsets). Records/s = the record count printed in the setup
 * log divided by the time per operation.
 *
 * <p>Each backlog database ({@link Backlog}) is reached by the worker through its simulator URL,
 * its time standing still while the worker reads it; with {@code simulator=ownProcess} it is served
 * from a JVM of its own, so the worker's JVM pays nothing for the simulator's rows. The class is in
 * {@code dev.redoline.connect} because it reads the stored offsets back with the connector's
 * package-private {@code OffsetCodec}.
 *
 * <p>Run: {@code ./mvnw -q -B -pl benchmarks -am package -DskipTests && java -jar
 * benchmarks/target/benchmarks.jar ConnectThroughputBenchmark -rf json -rff /tmp/connect.json}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgs = "-Xmx1g")
public class ConnectThroughputBenchmark {

  /** Whether the worker runs with exactly-once source support (connector-defined boundaries). */
  @Param({"on", "off"})
  public String exactlyOnce;

  /** The backlog: PipelineBenchmark's order inserts, or the stress workload. */
  @Param({"orders", "stress"})
  public String workload;

  /**
   * Where the simulator runs: {@code ownProcess} serves the backlog from a JVM of its own (as a
   * database runs beside Connect), {@code inProcess} in the worker's JVM.
   */
  @Param({"ownProcess", "inProcess"})
  public String simulator;

  /** Transactions of the {@code orders} backlog (5 inserts each). */
  @Param({"10000"})
  public int orderTransactions;

  /** The topic prefix of the recorded run {@link #connectCeiling()} replays. */
  private static final String RECORDED = "recorded";

  /** Seconds of stress traffic generated before the capture starts. */
  static final int STRESS_SECONDS = 120;

  private EmbeddedConnectCluster connect;
  private Path spill;
  private int run;
  private String name;
  private String url;

  /** The backlog the connector reads, held here for as long as the run needs it. */
  private Backlog backlog;

  private Scn lastCommit;
  private long start;
  private boolean baseline;

  /** Whether this trial measures {@link #connectCeiling()}: its records, recorded once. */
  private boolean ceiling;

  private RecordedPolls recorded;
  private KafkaProducer<byte[], byte[]> producer;
  private List<ProducerRecord<byte[], byte[]>> written;

  @Setup(Level.Trial)
  public void startCluster(BenchmarkParams params) throws Exception {
    Map<String, String> worker =
        new HashMap<>(
            Map.of(
                "exactly.once.source.support", exactlyOnce.equals("on") ? "enabled" : "disabled",
                "plugin.discovery", "service_load",
                "offset.storage.topic", "bench-offsets",
                "offset.flush.interval.ms", "100"));
    Properties broker = new Properties();
    broker.put("transaction.state.log.replication.factor", "1");
    broker.put("transaction.state.log.min.isr", "1");
    connect =
        new EmbeddedConnectCluster.Builder()
            .name("bench")
            .numBrokers(1)
            .numWorkers(1)
            .workerProps(worker)
            .brokerProps(broker)
            .build();
    connect.start();
    spill = Files.createTempDirectory("redoline-bench-");
    baseline = params.getBenchmark().endsWith("plainProducer");
    ceiling = params.getBenchmark().endsWith("connectCeiling");
    if (ceiling) { // one Redoline task's run over the backlog, recorded outside the worker
      prepareRun();
      recorded =
          RecordedPolls.record(
              connectorProps(RECORDED),
              exactlyOnce.equals("on"),
              r -> r.sourceOffset() != null && reachesLastCommit(r.sourceOffset()),
              Duration.ofMinutes(10));
      System.out.println("recorded run: " + recorded.size() + " records");
    }
    if (baseline) { // the records the plain producer sends: one untimed connector run's
      prepareRun();
      connector();
      collect();
      written.stream()
          .map(ProducerRecord::topic)
          .distinct()
          .forEach(t -> connect.kafka().createTopic(t, 1));
      producer =
          new KafkaProducer<>(
              Map.of("bootstrap.servers", connect.kafka().bootstrapServers(), "acks", "all"),
              new ByteArraySerializer(),
              new ByteArraySerializer());
      written.forEach(producer::send); // warms the producer's metadata for every topic, untimed
      producer.flush();
    }
  }

  @TearDown(Level.Trial)
  public void stopCluster() {
    if (producer != null) {
      producer.close();
    }
    connect.stop();
  }

  /** A fresh simulator with the backlog, and (untimed) the SCN of the backlog's last commit. */
  @Setup(Level.Iteration)
  public void prepare() throws Exception {
    if (ceiling) {
      run++;
      name = "ceiling" + run;
      PrebuiltSourceTask.register(name, recorded.renamed(RECORDED + ".", name + "."));
    } else if (!baseline) {
      prepareRun();
    }
  }

  private void prepareRun() throws Exception {
    run++;
    name = "bench" + run;
    backlog =
        simulator.equals("ownProcess")
            ? Backlog.ownProcess(workload, orderTransactions)
            : Backlog.inProcess(workload, orderTransactions);
    start = backlog.start();
    url = backlog.url();
    lastCommit = lastCommitBefore(backlog.end());
  }

  // The same backlog captured by the bare engine: the SCN of its last commit before the end.
  private Scn lastCommitBefore(Scn end) throws InterruptedException {
    SimulatedOracle copy = Backlog.create(workload);
    Backlog.fill(copy, workload, orderTransactions);
    long expected =
        workload.equals("orders")
            ? (long) orderTransactions * PipelineBenchmark.CHANGES_PER_TRANSACTION
            : Long.MAX_VALUE;
    CdcConfig config =
        CdcConfig.from(
            Map.of(
                "cdc.database.url",
                copy.url(),
                "cdc.tables.include",
                "SHOP.*",
                "cdc.start.scn",
                Long.toString(start),
                "cdc.buffer.spill.dir",
                spill.resolve("dry").toString()));
    CaptureEngine engine =
        CaptureEngine.builder()
            .config(config)
            .database(Database.jdbc(config, copy.clock(), copy::advance))
            .build();
    Scn last = null;
    long changes = 0;
    try (CaptureStream stream = engine.open(null)) {
      while (true) {
        for (StreamEvent e : stream.poll(Duration.ofSeconds(1))) {
          if (e instanceof StreamEvent.TransactionEvent tx) {
            try (tx) {
              for (var it = tx.changes(); it.hasNext(); ) {
                StreamEvent.ChangeEvent c = it.next();
                if (!c.commit().scn().isBefore(end)) {
                  return last;
                }
                last = c.commit().scn();
                if (++changes == expected) {
                  return last;
                }
              }
            }
          }
        }
      }
    }
  }

  @Benchmark
  public void connector() throws Exception {
    connect.configureConnector(name, connectorProps(name));
    awaitLastCommitStored(name);
  }

  /**
   * Connect's own ceiling: a trivial connector ({@link PrebuiltSourceConnector}) hands the worker
   * the records, polls and transaction boundaries of a Redoline task's recorded run over the same
   * backlog, built before the run; the same converters and exactly-once settings. Returns, as
   * {@link #connector()} does, when the worker has stored the offset of the backlog's last commit.
   */
  @Benchmark
  public void connectCeiling() throws Exception {
    Map<String, String> props = new HashMap<>(workerSide(name));
    props.put("connector.class", PrebuiltSourceConnector.class.getName());
    props.put(PrebuiltSourceTask.RECORDS, name);
    connect.configureConnector(name, props);
    awaitLastCommitStored(name);
  }

  /** The Redoline connector's configuration for a run named {@code run}. */
  private Map<String, String> connectorProps(String run) {
    Map<String, String> props = new HashMap<>(workerSide(run));
    props.put("connector.class", RedolineSourceConnector.class.getName());
    props.put("cdc.database.url", url);
    props.put("cdc.tables.include", "SHOP.*");
    props.put("cdc.topic.prefix", run);
    props.put("cdc.buffer.spill.dir", spill.resolve(run).toString());
    props.put("cdc.start.scn", Long.toString(start));
    return props;
  }

  /** What both connectors share: converters, topic creation and the exactly-once settings. */
  private Map<String, String> workerSide(String run) {
    Map<String, String> props = new HashMap<>();
    props.put("name", run);
    props.put("tasks.max", "1");
    props.put("topic.creation.default.replication.factor", "1");
    props.put("topic.creation.default.partitions", "1");
    props.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    if (exactlyOnce.equals("on")) {
      props.put("exactly.once.support", "required");
      props.put("transaction.boundary", "connector");
    }
    return props;
  }

  private void awaitLastCommitStored(String run) throws InterruptedException {
    while (true) {
      var offsets = connect.connectorOffsets(run).offsets();
      if (!offsets.isEmpty() && reachesLastCommit(offsets.get(0).offset())) {
        return;
      }
      Thread.sleep(20); // a benchmark waiting for the worker, not a test
    }
  }

  private boolean reachesLastCommit(Map<String, ?> offset) {
    Position p = OffsetCodec.fromOffset(offset);
    return !p.scn().isBefore(lastCommit);
  }

  /** Untimed: removes the connector and counts the change records it wrote. */
  @TearDown(Level.Iteration)
  public void afterRun() {
    if (!baseline) {
      collect();
    }
    if (ceiling) {
      PrebuiltSourceTask.unregister(name);
    }
  }

  private void collect() {
    connect.deleteConnector(name);
    if (backlog != null) { // the ceiling's trials read theirs once, for the recording
      try {
        backlog.close(); // in this JVM the driver holds it weakly: dropped here, it is gone
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      backlog = null;
    }
    written = readBack(name + ".");
    System.out.println(
        "connector run "
            + name
            + ": "
            + written.size()
            + " change records (exactlyOnce="
            + exactlyOnce
            + ", workload "
            + workload
            + ")");
  }

  private List<ProducerRecord<byte[], byte[]>> readBack(String prefix) {
    Set<String> topics;
    try (org.apache.kafka.clients.admin.Admin admin =
        org.apache.kafka.clients.admin.Admin.create(
            Map.of("bootstrap.servers", connect.kafka().bootstrapServers()))) {
      topics =
          new TreeSet<>(
              admin.listTopics().names().toCompletionStage().toCompletableFuture().join());
    }
    topics.removeIf(
        t -> !t.startsWith(prefix) || t.endsWith(".schema") || t.endsWith(".heartbeat"));
    List<ProducerRecord<byte[], byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        connect
            .kafka()
            .createConsumer(
                Map.of(
                    "isolation.level",
                    "read_committed",
                    "auto.offset.reset",
                    "earliest",
                    "group.id",
                    "bench-" + System.nanoTime()))) {
      consumer.subscribe(topics);
      int empty = 0;
      while (empty < 10) {
        var batch = consumer.poll(Duration.ofMillis(300));
        empty = batch.isEmpty() ? empty + 1 : 0;
        for (ConsumerRecord<byte[], byte[]> r : batch) {
          records.add(new ProducerRecord<>("plain." + r.topic(), r.key(), r.value()));
        }
      }
    }
    return records;
  }

  /**
   * The baseline: a connector run's change records, sent again by a plain producer (acks=all,
   * idempotent, no transactions), created and warmed up untimed.
   */
  @Benchmark
  public void plainProducer() {
    for (ProducerRecord<byte[], byte[]> r : written) {
      producer.send(r);
    }
    producer.flush();
  }
}
