package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.Json;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine's files across restarts: the journal, the dead letters and the schema history. */
class StateScenarioTest {

  @TempDir Path state;

  private static void stop(EmbeddedEngine engine) throws InterruptedException {
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
  }

  /** Runs an engine until it has handled {@code count} transactions, then stops it. */
  private static Recorder runUntil(ShopEngine shop, int count) throws InterruptedException {
    Recorder recorder = new Recorder();
    EmbeddedEngine engine = shop.engine(recorder).build();
    engine.start();
    recorder.awaitCount(count);
    stop(engine);
    return recorder;
  }

  private Position storedPosition() {
    return FileOffsetStore.open(state.resolve("offsets.json")).load().orElseThrow();
  }

  @Test
  void journal_letsTheResumePositionPassALongOpenTransactionAndRestoresIt() throws Exception {
    ShopEngine shop = new ShopEngine(21, state).set("cdc.buffer.journal.after.ms", "0");
    SimulatedTransaction open = shop.oracle.begin();
    open.insert(ShopScript.ORDERS, 900L, "LONG");
    shop.oracle.switchLogfile(1); // the open transaction's first change in a log of its own (1)
    Xid first = shop.script.commit(1);
    Recorder before = runUntil(shop, 1);
    Position stored = storedPosition();
    RedoAddress commit = before.handled().get(0).mark().address();
    assertThat(commit.sequence())
        .as("the commit in a later log than the open change")
        .isGreaterThan(1);
    // The resume address passed the open transaction's log; it stays before the block the commit
    // was read in, the thread's last written block, which the next step reads again.
    assertThat(PositionState.of(stored).resume().get(1))
        .as("the resume address moved past the open transaction's first change")
        .isGreaterThanOrEqualTo(new RedoAddress(commit.thread(), commit.sequence(), 0, 0));
    try (var journal = Files.list(state.resolve("journal"))) {
      assertThat(journal).isNotEmpty();
    }

    open.insert(ShopScript.ORDERS, 901L, "LONG");
    open.commit();
    Recorder after = runUntil(shop, 1);
    assertThat(after.xids()).containsExactly(open.xid());
    assertThat(after.handled().get(0).changes())
        .extracting(Change::after)
        .containsExactly(Row.of(900L, "LONG"), Row.of(901L, "LONG"));
    assertThat(first).isNotEqualTo(open.xid());
  }

  @Test
  void withoutJournaling_theResumePositionWaitsForTheOpenTransaction() throws Exception {
    ShopEngine shop = new ShopEngine(21, state);
    SimulatedTransaction open = shop.oracle.begin();
    open.insert(ShopScript.ORDERS, 900L, "LONG");
    shop.script.commit(1);
    Recorder recorder = runUntil(shop, 1);
    assertThat(PositionState.of(storedPosition()).resume().get(1))
        .as("held before the open transaction's first change")
        .isLessThan(recorder.handled().get(0).mark().address());
    assertThat(open.xid()).isNotEqualTo(recorder.xids().get(0));
  }

  @Test
  void deadLetters_reachTheHandlerAndTheFileAndNotTheOpsListener() throws Exception {
    ShopEngine shop = new ShopEngine(22, state).set("cdc.on.decode.error", "dlq");
    SimulatedTransaction tx = shop.oracle.begin();
    tx.insert(ShopScript.ORDERS, 1L, "NEW");
    tx.unsupported(ShopScript.ORDERS);
    tx.insert(ShopScript.ORDERS, 2L, "NEW");
    tx.commit();
    List<DeadLetter> letters = new CopyOnWriteArrayList<>();
    Recorder recorder = new Recorder();
    List<OpsEvent> ops = new CopyOnWriteArrayList<>();
    EmbeddedEngine engine = shop.engine(recorder).deadLetters(letters::add).ops(ops::add).build();
    engine.start();
    recorder.awaitCount(1);
    stop(engine);
    assertThat(recorder.handled().get(0).changes())
        .extracting(c -> c.after().get(0))
        .containsExactly(1L, 2L);
    assertThat(letters)
        .singleElement()
        .satisfies(l -> assertThat(l.error().code()).isEqualTo("CDC-3004"));
    assertThat(ops).extracting(OpsEvent::type).doesNotContain(OpsEvent.Type.DEAD_LETTER);
    List<String> lines = Files.readAllLines(state.resolve("dead-letters.jsonl"));
    assertThat(lines).hasSize(1);
    Map<String, Object> line = Json.parseObject(lines.get(0));
    assertThat(((Map<?, ?>) line.get("error")).get("code")).isEqualTo("CDC-3004");
    Map<?, ?> row = (Map<?, ?>) line.get("row");
    assertThat(row.get("xid")).isEqualTo(tx.xid().toHex());
    assertThat(row.get("rs_id")).isEqualTo(letters.get(0).row().rsId());
    assertThat(row.get("sql_redo")).isEqualTo(letters.get(0).row().sqlRedo());
  }

  @Test
  void schemaHistory_isWrittenOnceAndKeepsVersionsAcrossRestarts() throws Exception {
    ShopEngine shop = new ShopEngine(23, state);
    shop.script.commit(1);
    runUntil(shop, 1);
    shop.script.commit(1);
    runUntil(shop, 1);
    List<String> lines = Files.readAllLines(state.resolve("schema-history.jsonl"));
    assertThat(lines).hasSize(1);
    assertThat(FileSchemaHistory.open(state.resolve("schema-history.jsonl")).load())
        .extracting(dev.redoline.core.LayoutVersion::layout)
        .containsExactly(ShopOrders.layout());
    assertThat(lines.get(0)).doesNotContain("NEW");

    shop.oracle
        .schema()
        .addColumn(
            ShopScript.ORDERS,
            "NOTE",
            dev.redoline.core.OracleType.sized(dev.redoline.core.OracleType.Kind.VARCHAR2, 20));
    SimulatedTransaction tx = shop.oracle.begin();
    tx.insert(ShopScript.ORDERS, 50L, "NEW", "hello");
    tx.commit();
    Recorder after = runUntil(shop, 1);
    int version = after.handled().get(0).changes().get(0).layoutVersion();
    List<dev.redoline.core.TableLayout> history =
        FileSchemaHistory.open(state.resolve("schema-history.jsonl")).load().stream()
            .map(dev.redoline.core.LayoutVersion::layout)
            .toList();
    assertThat(history)
        .extracting(dev.redoline.core.TableLayout::version)
        .startsWith(1, 2)
        .isSorted();
    assertThat(history)
        .filteredOn(l -> l.version() == version)
        .singleElement()
        .satisfies(l -> assertThat(l.indexOf("NOTE")).isEqualTo(2));
    assertThat(Files.readString(state.resolve("schema-history.jsonl"))).doesNotContain("hello");
  }
}
