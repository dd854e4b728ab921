package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's handler example, compiled and run: if this changes, change the README too. */
class ReadmeExampleTest {

  @TempDir Path state;

  @Test
  void readmeHandler_printsEveryChangeOfEachTransaction() throws Exception {
    ShopEngine shop = new ShopEngine(31, state);
    shop.script.commitMany(2, 2);
    List<String> out = new CopyOnWriteArrayList<>();
    // --- README: begin (System.out.println replaced by out::add) ---
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(
                Map.of(
                    "cdc.database.url",
                    "jdbc:redoline:sim:demo",
                    "cdc.tables.include",
                    "SHOP.*",
                    "cdc.state.dir",
                    state.toString(),
                    "cdc.start.scn",
                    shop.start.toString()))
            .handler(
                tx -> {
                  for (Change change : tx.changes()) {
                    out.add(
                        tx.xid()
                            + " "
                            + change.operation()
                            + " "
                            + change.table()
                            + " "
                            + change.after());
                  }
                })
            .database(shop.database()) // not in the README: the scripted simulator
            .build();
    engine.start();
    // --- README: end ---
    Recorder.await(() -> out.size() == 4, "four changes");
    engine.close();
    assertThat(out)
        .hasSize(4)
        .allSatisfy(line -> assertThat(line).contains(" INSERT SHOP.ORDERS ["));
  }
}
