package dev.redoline.connect;

import dev.redoline.bench.engine.PipelineBenchmark;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatorServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The database {@link ConnectThroughputBenchmark} captures: a simulator holding a written backlog,
 * its time standing still while the worker reads it. The same workload and seed always give the
 * same redo, so the SCNs found on one copy (the backlog's last commit) hold for every other.
 *
 * <p>{@link #inProcess} keeps the simulator in the benchmark's JVM, where its rows and the worker's
 * records share two cores and one heap; {@link #ownProcess} serves it from a JVM of its own through
 * {@link SimulatorServer}, as a real database runs beside Connect, so the worker's JVM spends
 * nothing on the simulator but the network protocol.
 */
final class Backlog implements AutoCloseable {

  /** The line the served process prints when it is ready: the prefix, then URL, start and end. */
  private static final String READY = "backlog ready ";

  private final String url;
  private final long start;
  private final Scn end;

  /** The in-process database, held here because the driver holds it only weakly; or null. */
  private final SimulatedOracle oracle;

  /** The process serving the database, or null. */
  private final Process server;

  private Backlog(String url, long start, Scn end, SimulatedOracle oracle, Process server) {
    this.url = url;
    this.start = start;
    this.end = end;
    this.oracle = oracle;
    this.server = server;
  }

  /** A fresh database of {@code workload} in this JVM, the backlog written. */
  static Backlog inProcess(String workload, int orderTransactions) {
    SimulatedOracle oracle = create(workload);
    long start = oracle.currentScn();
    Scn end = fill(oracle, workload, orderTransactions);
    return new Backlog(oracle.url(), start, end, oracle, null);
  }

  /**
   * A fresh database of {@code workload} served by a JVM of its own (this JVM's class path, the
   * same heap limit), the backlog written there; it stops when this JVM ends, whatever ends it.
   */
  static Backlog ownProcess(String workload, int orderTransactions) throws IOException {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process server =
        new ProcessBuilder(
                List.of(
                    java.toString(),
                    "-Xmx1g",
                    "-cp",
                    System.getProperty("java.class.path"),
                    Backlog.class.getName(),
                    workload,
                    Integer.toString(orderTransactions),
                    Long.toString(ProcessHandle.current().pid())))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (line.startsWith(READY)) {
        String[] ready = line.substring(READY.length()).split(" ");
        return new Backlog(ready[0], Long.parseLong(ready[1]), Scn.parse(ready[2]), null, server);
      }
    }
    server.destroyForcibly();
    throw new IOException(
        "the backlog process ended before it was ready (exit " + server.exitValue() + ")");
  }

  /** The database's URL, in this JVM or on 127.0.0.1. */
  String url() {
    return url;
  }

  /** The SCN before the backlog: where the capture starts. */
  long start() {
    return start;
  }

  /** The SCN after the backlog. */
  Scn end() {
    return end;
  }

  /** Whether the database lives in this JVM. */
  boolean inThisJvm() {
    return oracle != null;
  }

  @Override
  public void close() throws InterruptedException {
    if (server != null) {
      server.destroy();
      if (!server.waitFor(30, TimeUnit.SECONDS)) {
        server.destroyForcibly();
      }
    }
  }

  /** A fresh database of the workload, nothing written yet. */
  static SimulatedOracle create(String workload) {
    if (workload.equals("orders")) {
      SimulatedOracle oracle = SimulatedOracle.builder().seed(7).logBytes(64L << 20).build();
      oracle.createTable(PipelineBenchmark.layout());
      return oracle;
    }
    return SimulatedOracle.forUrl("jdbc:redoline:sim:stress");
  }

  /** Writes the backlog; the SCN after it. */
  static Scn fill(SimulatedOracle oracle, String workload, int orderTransactions) {
    if (workload.equals("orders")) {
      PipelineBenchmark.writeOrders(oracle, orderTransactions);
    } else {
      oracle.advance(Duration.ofSeconds(ConnectThroughputBenchmark.STRESS_SECONDS));
    }
    return Scn.of(oracle.currentScn());
  }

  /**
   * The served process: arguments workload, order transactions and the pid of the benchmark's JVM.
   * Writes the backlog, serves it with time standing still on a free port, prints the ready line
   * and runs until that JVM ends.
   */
  public static void main(String[] args) throws Exception {
    String workload = args[0];
    SimulatedOracle oracle = create(workload);
    long start = oracle.currentScn();
    Scn end = fill(oracle, workload, Integer.parseInt(args[1]));
    SimulatorServer server = SimulatorServer.start(oracle, "backlog", 0, false);
    System.out.println(READY + server.url() + " " + start + " " + end);
    System.out.flush();
    ProcessHandle.of(Long.parseLong(args[2])).ifPresent(p -> p.onExit().join());
    server.close();
  }
}
