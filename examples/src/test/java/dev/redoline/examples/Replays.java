package dev.redoline.examples;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Operation;
import dev.redoline.core.TableLayout;
import dev.redoline.core.Xid;
import dev.redoline.embedded.ChangeHandler;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.embedded.OffsetStore;
import dev.redoline.embedded.SchemaHistory;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Shared by the sink examples' tests: the demo workload on a deterministic simulator, and a
 * reference pass that captures the same redo again into a model of the tables, to compare a sink's
 * output with.
 */
final class Replays {

  /** The most a test waits for a condition: a bound that fails a stuck test, not a timing. */
  static final Duration PATIENCE = Duration.ofSeconds(60);

  final SimulatedOracle oracle = SimulatedOracle.forUrl("jdbc:redoline:sim:demo?seed=7");
  final String startScn = Long.toString(oracle.currentScn());
  final Path state;

  Replays(Path state) {
    this.state = state;
  }

  Map<String, String> settings(String stateDir) {
    Map<String, String> s = new HashMap<>();
    s.put("cdc.database.url", "jdbc:redoline:sim:demo");
    s.put("cdc.tables.include", "SHOP.*");
    s.put("cdc.start.scn", startScn);
    s.put("cdc.state.dir", state.resolve(stateDir).toString());
    s.put("cdc.buffer.spill.dir", state.resolve("spill").toString());
    s.put("cdc.heartbeat.interval.ms", "0");
    s.put("cdc.mining.idle.ms", "200");
    return s;
  }

  /** An engine on the simulator, which advances only while the capture waits. */
  EmbeddedEngine.Builder engine(String stateDir, ChangeHandler handler) {
    Map<String, String> settings = settings(stateDir);
    settings.put("cdc.database.url", oracle.url());
    return EmbeddedEngine.builder()
        .config(settings)
        .handler(handler)
        .database(Database.jdbc(CdcConfig.from(settings), oracle.clock(), oracle::advance));
  }

  /** One handled transaction of the reference pass. */
  record Handled(
      Xid xid, CommitMark mark, List<Change> changes, Map<String, TableLayout> layouts) {}

  /** Captures again from the start until {@code last} is handled; every transaction up to it. */
  List<Handled> reference(CommitMark last) throws InterruptedException {
    List<Handled> handled = new CopyOnWriteArrayList<>();
    EmbeddedEngine engine =
        engine(
                "reference",
                tx -> {
                  List<Change> changes = new ArrayList<>();
                  Map<String, TableLayout> layouts = new HashMap<>();
                  for (Change c : tx.changes()) {
                    changes.add(c);
                    layouts.put(c.table().toString(), tx.layout(c));
                  }
                  if (tx.commit().mark().compareTo(last) <= 0) {
                    handled.add(new Handled(tx.xid(), tx.commit().mark(), changes, layouts));
                  }
                })
            .offsetStore(OffsetStore.inMemory())
            .schemaHistory(SchemaHistory.inMemory())
            .build();
    engine.start();
    await(
        () -> !handled.isEmpty() && handled.get(handled.size() - 1).mark().equals(last),
        "the reference pass");
    engine.stop();
    engine.awaitTermination(PATIENCE);
    return handled;
  }

  /**
   * Applies the reference transactions to a model: table -> primary key -> column -> value text.
   */
  static Map<String, Map<String, Map<String, String>>> model(List<Handled> handled) {
    Map<String, Map<String, Map<String, String>>> tables = new TreeMap<>();
    for (Handled h : handled) {
      for (Change c : h.changes()) {
        TableLayout layout = h.layouts().get(c.table().toString());
        Map<String, Map<String, String>> rows =
            tables.computeIfAbsent(c.table().table(), t -> new TreeMap<>());
        if (c.operation() == Operation.DELETE) {
          rows.remove(ChangeJson.key(c, layout));
        } else if (c.operation() != Operation.TRUNCATE) {
          Map<String, String> row =
              rows.computeIfAbsent(ChangeJson.key(c, layout), k -> new TreeMap<>());
          for (int i = 0; i < layout.columns().size(); i++) {
            if (c.after().isPresent(i)) {
              Object v = c.after().get(i);
              row.put(
                  layout.column(i).name(),
                  v == null
                      ? null
                      : v instanceof java.math.BigDecimal d
                          ? d.stripTrailingZeros().toPlainString()
                          : v instanceof dev.redoline.core.Bytes b
                              ? b.toHex() // as the sink writes a RAW or BLOB
                              : v.toString());
            }
          }
        }
      }
    }
    return tables;
  }

  /** Waits until {@code condition} holds, checking every 20 ms. */
  static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    Object monitor = new Object();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("gave up waiting for " + what);
      }
      synchronized (monitor) {
        TimeUnit.MILLISECONDS.timedWait(monitor, 20);
      }
    }
  }
}
