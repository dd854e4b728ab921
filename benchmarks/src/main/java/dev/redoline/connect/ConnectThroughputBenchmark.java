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
 * capturing a backlog, against a plain {@code KafkaProducer} writing the same records (the bytes
 * the connector wrote, to as many topics) to the same broker. The ratio of the two is the
 * connector's overhead (capture, conversion, Connect, transactions); the target is 50% or more.
 *
 * <p>{@code workload}: {@code orders} is {@code PipelineBenchmark}'s backlog (inserts into a
 * 10-column table, {@code orderTransactions} transactions of 5), the same one the bare and embedded
 * engines are measured on; {@code stress} is 120 simulated seconds of the simulator's {@code
 * stress} workload (two RAC threads, small logs, a reconnect), whose capture alone is slower.
 *
 * <p>Each operation is one whole run ({@link Mode#SingleShotTime}): {@code connector} configures a
 * fresh connector on a fresh simulator holding the backlog and returns when the worker has stored
 * the offset of the backlog's last commit (so the connector and task start are in it); {@code
 * plainProducer} sends the same records and flushes, on a producer made and warmed up untimed.
 * Records/s = the record count printed in the setup log divided by the time per operation.
 *
 * <p>Each backlog database is reached by the worker through its simulator URL ({@code
 * SimulatedOracle.url()}), its time standing still while the worker reads it. The class is in
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

  /** Transactions of the {@code orders} backlog (5 inserts each). */
  @Param({"10000"})
  public int orderTransactions;

  /** Seconds of stress traffic generated before the capture starts. */
  static final int STRESS_SECONDS = 120;

  private EmbeddedConnectCluster connect;
  private Path spill;
  private int run;
  private String name;
  private String url;

  /** The backlog the connector reads, held here for as long as the run needs it. */
  private SimulatedOracle oracle;

  private Scn lastCommit;
  private long start;
  private boolean baseline;
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
    if (!baseline) {
      prepareRun();
    }
  }

  private void prepareRun() throws Exception {
    run++;
    name = "bench" + run;
    oracle = backlog();
    start = oracle.currentScn();
    Scn end = fill(oracle);
    url =
        oracle
            .url(); // the backlog is written: the worker reads it with the database's time standing
    // still
    lastCommit = lastCommitBefore(end);
  }

  private SimulatedOracle backlog() {
    if (workload.equals("orders")) {
      SimulatedOracle oracle = SimulatedOracle.builder().seed(7).logBytes(64L << 20).build();
      oracle.createTable(PipelineBenchmark.layout());
      return oracle;
    }
    return SimulatedOracle.forUrl("jdbc:redoline:sim:stress");
  }

  /** Writes the backlog; the SCN after it. */
  private Scn fill(SimulatedOracle oracle) {
    if (workload.equals("orders")) {
      PipelineBenchmark.writeOrders(oracle, orderTransactions);
    } else {
      oracle.advance(Duration.ofSeconds(STRESS_SECONDS));
    }
    return Scn.of(oracle.currentScn());
  }

  // The same backlog captured by the bare engine: the SCN of its last commit before the end.
  private Scn lastCommitBefore(Scn end) throws InterruptedException {
    SimulatedOracle copy = backlog();
    fill(copy);
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
    Map<String, String> props =
        new HashMap<>(
            Map.of(
                "name",
                name,
                "connector.class",
                RedolineSourceConnector.class.getName(),
                "tasks.max",
                "1",
                "cdc.database.url",
                url,
                "cdc.tables.include",
                "SHOP.*",
                "cdc.topic.prefix",
                name,
                "cdc.buffer.spill.dir",
                spill.resolve(name).toString(),
                "topic.creation.default.replication.factor",
                "1",
                "topic.creation.default.partitions",
                "1"));
    props.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    props.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    if (exactlyOnce.equals("on")) {
      props.put("exactly.once.support", "required");
      props.put("transaction.boundary", "connector");
    }
    props.put("cdc.start.scn", Long.toString(start));
    connect.configureConnector(name, props);
    while (true) {
      var offsets = connect.connectorOffsets(name).offsets();
      if (!offsets.isEmpty()) {
        Position p = OffsetCodec.fromOffset(offsets.get(0).offset());
        if (!p.scn().isBefore(lastCommit)) {
          return;
        }
      }
      Thread.sleep(20); // a benchmark waiting for the worker, not a test
    }
  }

  /** Untimed: removes the connector and counts the change records it wrote. */
  @TearDown(Level.Iteration)
  public void afterRun() {
    if (!baseline) {
      collect();
    }
  }

  private void collect() {
    connect.deleteConnector(name);
    oracle = null; // the driver holds the database weakly: dropped here, it is gone
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
