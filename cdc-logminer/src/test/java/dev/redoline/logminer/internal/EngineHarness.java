package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Runs the capture engine on a simulator, deterministically: simulated time passes only while the
 * capture thread sleeps (the engine's {@link dev.redoline.logminer.Sleeper} advances the
 * simulator), so the simulator is only ever touched by the capture thread.
 */
final class EngineHarness implements AutoCloseable {

  /** How many empty polls a wait tolerates before it gives up (a bound on steps, not a timing). */
  private static final int MAX_EMPTY_POLLS = 600;

  final SimulatedOracle oracle;
  final Map<String, String> settings = new HashMap<>();
  final List<StreamEvent> events = new ArrayList<>();
  final List<OpsEvent> ops = new java.util.concurrent.CopyOnWriteArrayList<>();
  final List<DeadLetter> deadLetters = new java.util.concurrent.CopyOnWriteArrayList<>();
  CaptureStream stream;

  /** The engine's journal, or null for none. */
  dev.redoline.buffer.internal.TransactionJournal journal;

  EngineHarness(SimulatedOracle oracle, Path spill) {
    this.oracle = oracle;
    settings.put("cdc.database.url", "jdbc:redoline:sim:test");
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.buffer.spill.dir", spill.toString());
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
  }

  EngineHarness set(String key, String value) {
    settings.put(key, value);
    return this;
  }

  CaptureEngine engine() {
    CdcConfig config = CdcConfig.from(settings);
    CaptureEngine.Builder builder =
        CaptureEngine.builder()
            .config(config)
            .database(SimulatorGateways.database(oracle, config))
            .ops(ops::add)
            .deadLetters(deadLetters::add);
    if (journal != null) {
      builder.journal(journal);
    }
    return builder.build();
  }

  CaptureStream open(Position from) {
    stream = engine().open(from);
    return stream;
  }

  /** Polls until {@code done} holds for the events collected so far; acknowledges as it goes. */
  List<StreamEvent> awaitEvents(Predicate<List<StreamEvent>> done) throws InterruptedException {
    int empty = 0;
    while (!done.test(events)) {
      List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(50)));
      if (batch.isEmpty()) {
        if (!stream.running() || ++empty > MAX_EMPTY_POLLS) {
          throw new AssertionError(
              "gave up waiting (capture running: "
                  + stream.running()
                  + "); events so far: "
                  + events.size()
                  + ", ops: "
                  + ops);
        }
        continue;
      }
      empty = 0;
      events.addAll(batch);
      stream.acknowledge(batch.get(batch.size() - 1).position());
    }
    return events;
  }

  List<StreamEvent.ChangeEvent> changes() {
    List<StreamEvent.ChangeEvent> out = new ArrayList<>();
    for (StreamEvent e : events) {
      if (e instanceof StreamEvent.ChangeEvent c) {
        out.add(c);
      }
    }
    return out;
  }

  /** Whether a change whose after image's first column is {@code id} was delivered. */
  static Predicate<List<StreamEvent>> inserted(long id) {
    return events ->
        events.stream()
            .anyMatch(
                e ->
                    e instanceof StreamEvent.ChangeEvent c
                        && c.change().after() != null
                        && Long.valueOf(id).equals(c.change().after().get(0)));
  }

  static Predicate<List<StreamEvent>> changeCount(int n) {
    return events -> events.stream().filter(e -> e instanceof StreamEvent.ChangeEvent).count() >= n;
  }

  @Override
  public void close() {
    if (stream != null) {
      stream.close();
    }
  }
}
