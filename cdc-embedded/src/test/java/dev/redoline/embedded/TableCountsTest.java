package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CommittedTransaction#tableCounts()}: the per-table counts of Debezium's transaction END
 * event.
 */
class TableCountsTest {

  private static final TableId ITEMS = TableId.of("SHOP", "ITEMS");

  @TempDir Path state;

  @Test
  void tableCounts_areKnownOnceEveryChangeIsRead_perTableInOrderOfFirstAppearance()
      throws Exception {
    ShopEngine shop = new ShopEngine(51, state);
    shop.oracle.createTable(
        TableLayout.builder(ITEMS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
    SimulatedTransaction tx = shop.oracle.begin();
    tx.insert(ShopScript.ORDERS, 1L, "NEW");
    tx.insert(ITEMS, 10L);
    tx.insert(ShopScript.ORDERS, 2L, "NEW");
    tx.commit();
    shop.script.commit(1);
    List<List<Map.Entry<TableId, Long>>> counts = new CopyOnWriteArrayList<>();
    List<String> early = new CopyOnWriteArrayList<>();
    Recorder recorder = new Recorder();
    EmbeddedEngine engine =
        shop.engine(
                t -> {
                  try {
                    t.tableCounts();
                  } catch (IllegalStateException e) {
                    early.add(e.getMessage());
                  }
                  List<Map.Entry<TableId, Long>> seen = new ArrayList<>();
                  recorder.handle(t);
                  t.tableCounts().forEach((table, n) -> seen.add(Map.entry(table, n)));
                  counts.add(seen);
                })
            .build();
    engine.start();
    recorder.awaitCount(2);
    engine.stop();
    assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    assertThat(counts)
        .containsExactly(
            List.of(Map.entry(ShopScript.ORDERS, 2L), Map.entry(ITEMS, 1L)),
            List.of(Map.entry(ShopScript.ORDERS, 1L)));
    assertThat(early).hasSize(2).allSatisfy(m -> assertThat(m).contains("are known once all its"));
  }
}
