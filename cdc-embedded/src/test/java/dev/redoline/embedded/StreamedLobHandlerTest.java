package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.Database;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A handler receives LOBs past the stream threshold as {@link StreamedLob}: readable during the
 * call, equal to the table's content; once the handler returned and the engine applied the
 * acknowledgement, the file is gone and a read is CDC-5004, never other content.
 */
class StreamedLobHandlerTest {

  private static final TableId DOCS = TableId.of("SHOP", "DOCS");

  @TempDir Path state;

  private boolean noLobFile() {
    try (Stream<Path> files = Files.list(state.resolve("spill"))) {
      return files.noneMatch(p -> p.getFileName().toString().startsWith("lob-"));
    } catch (IOException e) {
      return false;
    }
  }

  /** A table of an ID key, a CLOB BODY and a BLOB SCAN. */
  static TableLayout docs(TableId table) {
    return TableLayout.builder(table, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("BODY", OracleType.of(OracleType.Kind.CLOB), true)
        .column("SCAN", OracleType.of(OracleType.Kind.BLOB), true)
        .primaryKey("ID")
        .build();
  }

  @Test
  void streamedLob_readsDuringTheCall_andIsCdc5004AfterTheAcknowledgement() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(17).lobWriteChunk(2000).build();
    oracle.createTable(docs(DOCS));
    Scn start = Scn.of(oracle.currentScn());
    byte[] scan = new byte[50_000];
    for (int i = 0; i < scan.length; i++) {
      scan[i] = (byte) (i * 13);
    }
    SimulatedTransaction tx = oracle.begin();
    String row = tx.insert(DOCS, 1L, "body \u20ac ".repeat(3000), Bytes.of(scan));
    tx.commit();

    Map<String, String> settings = new HashMap<>();
    settings.put("cdc.database.url", oracle.url());
    settings.put("cdc.tables.include", "SHOP.*");
    settings.put("cdc.start.scn", start.toString());
    settings.put("cdc.state.dir", state.toString());
    settings.put("cdc.buffer.spill.dir", state.resolve("spill").toString());
    settings.put("cdc.lob.stream.threshold.bytes", "8192");
    settings.put("cdc.heartbeat.interval.ms", "0");
    settings.put("cdc.mining.idle.ms", "200");
    List<StreamedLob> kept = new CopyOnWriteArrayList<>();
    List<Object> read = new CopyOnWriteArrayList<>();
    ChangeHandler handler =
        transaction -> {
          for (Change change : transaction.changes()) {
            for (int column = 1; column <= 2; column++) {
              StreamedLob lob = (StreamedLob) change.after().get(column);
              kept.add(lob);
              read.add(Recorder.content(lob));
            }
          }
          Recorder.signal();
        };
    EmbeddedEngine engine =
        EmbeddedEngine.builder()
            .config(settings)
            .handler(handler)
            .database(Database.jdbc(CdcConfig.from(settings), oracle.clock(), oracle::advance))
            .build();
    engine.start();
    try {
      Recorder.await(() -> read.size() == 2, "the handler read both values");
      assertThat(read).containsExactly(oracle.row(DOCS, row).get(1), oracle.row(DOCS, row).get(2));
      assertThat(kept.get(1).length()).isEqualTo(scan.length);
      Recorder.await(this::noLobFile, "the acknowledgement applied: LOB files deleted");
      for (StreamedLob lob : kept) {
        assertThatThrownBy(lob::openStream)
            .isInstanceOfSatisfying(
                CdcException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.LOB_RELEASED));
      }
    } finally {
      engine.stop();
      assertThat(engine.awaitTermination(Recorder.PATIENCE)).isTrue();
    }
  }
}
