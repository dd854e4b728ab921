package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first start at the current SCN (the default) whose worker dies before it wrote any offset, as
 * with at-least-once delivery it does for {@code offset.flush.interval.ms} (60 s by default): the
 * next task finds nothing stored and starts again at the then current SCN. Whatever the first task
 * handed to Kafka must not be contradicted by what the database did in between. Before, the first
 * task delivered the initial snapshot's rows at once; a row deleted before the second start stayed
 * in the consumer's copy for ever, its delete committed between the two first starts.
 */
class FirstStartOffsetTest {

  @TempDir Path spill;

  private static final String HOLDING = "First start: nothing more is delivered";

  @Test
  void killedBeforeTheFirstOffsetWrite_theRestartLeavesNoRowTheDatabaseDeleted() throws Exception {
    ShopScript shop = ShopScript.of(41);
    SimulatedTransaction seed = shop.oracle.begin();
    String first = seed.insert(ShopScript.ORDERS, 1L, "NEW");
    seed.insert(ShopScript.ORDERS, 2L, "NEW");
    seed.insert(ShopScript.ORDERS, 3L, "NEW");
    seed.commit();

    FakeTaskContext context = new FakeTaskContext(false); // at-least-once
    List<SourceRecord> delivered = new ArrayList<>();
    try (LogLines lines = LogLines.capture()) {
      RedolineSourceTask task = start(shop, context);
      // The worker sends every record to Kafka but dies before its first offset write: until the
      // snapshot's rows are out (before) or the task says it holds them back.
      Predicate<List<SourceRecord>> done =
          rs ->
              RedolineSourceTaskTest.dataRecords(rs).size() >= 3
                  || lines.events().stream()
                      .anyMatch(e -> e.getMessage().getFormattedMessage().startsWith(HOLDING));
      for (int i = 0; i < RedolineSourceTaskTest.MAX_POLLS && !done.test(delivered); i++) {
        List<SourceRecord> batch = task.poll();
        if (batch != null) {
          delivered.addAll(batch);
        }
      }
      assertThat(done.test(delivered)).as("records so far: %s", delivered).isTrue();
      task.stop();
    }
    assertThat(context.offsets).as("the dead worker stored no offset").isEmpty();

    SimulatedTransaction delete = shop.oracle.begin();
    delete.delete(ShopScript.ORDERS, first);
    delete.commit();
    shop.then(
        o -> {
          SimulatedTransaction marker = o.begin();
          marker.insert(ShopScript.ORDERS, 4L, "MARK");
          marker.commit();
        });

    RedolineSourceTask again = start(shop, context);
    // the next worker writes offsets and tells the task, as Connect does after each flush
    for (int i = 0;
        i < RedolineSourceTaskTest.MAX_POLLS && !consumerCopy(delivered).containsKey(4L);
        i++) {
      List<SourceRecord> batch = again.poll();
      if (batch != null) {
        batch.forEach(context::store);
        delivered.addAll(batch);
      }
      again.commit();
    }
    again.stop();
    assertThat(consumerCopy(delivered))
        .as("the consumer's copy of SHOP.ORDERS against the database's rows")
        .isEqualTo(Map.of(2L, "NEW", 3L, "NEW", 4L, "MARK"));
  }

  private RedolineSourceTask start(ShopScript shop, FakeTaskContext context) {
    RedolineSourceTask task = new RedolineSourceTask(config -> shop.database(), Clock.systemUTC());
    task.initialize(context);
    Map<String, String> props = new HashMap<>(ShopScript.settings("jdbc:redoline:sim:test"));
    props.put("cdc.buffer.spill.dir", spill.toString());
    props.put("cdc.start.scn", "current");
    props.put("cdc.snapshot.mode", "initial");
    task.start(props);
    return task;
  }

  /** The table as a consumer that applies each record by its key keeps it. */
  private static Map<Long, String> consumerCopy(List<SourceRecord> records) {
    Map<Long, String> copy = new TreeMap<>();
    for (SourceRecord r : RedolineSourceTaskTest.dataRecords(records)) {
      long id = ((Struct) r.key()).getInt64("ID");
      Struct value = (Struct) r.value();
      Struct after = value == null ? null : value.getStruct("after");
      if (after == null) {
        copy.remove(id);
      } else {
        copy.put(id, after.getString("STATUS"));
      }
    }
    return copy;
  }
}
