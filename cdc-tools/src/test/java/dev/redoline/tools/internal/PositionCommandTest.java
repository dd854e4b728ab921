package dev.redoline.tools.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.Json;
import dev.redoline.core.internal.PositionState;
import dev.redoline.embedded.FileOffsetStore;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code redoline position show|set} on an embedded engine's state directory and on a Connect
 * connector's offsets, against the simulator in this JVM: a move back to an SCN whose redo is still
 * there is written; one after the stored position, or into a deleted archived log, is refused and
 * leaves the position as it was.
 */
class PositionCommandTest {

  private static final TableId ITEMS = TableId.of("SHOP", "ITEMS");

  @TempDir Path dir;

  private SimulatedOracle oracle;

  /** An SCN in thread 1's first log, whose archive is deleted. */
  private long inDeletedLog;

  /** An SCN in thread 1's second log, still archived. */
  private long inKeptLog;

  private Position stored;

  @BeforeEach
  void database() {
    // two online groups: after three switches sequences 1 and 2 are only archived
    oracle = SimulatedOracle.builder().groupsPerThread(2).build();
    oracle.createTable(
        TableLayout.builder(ITEMS, 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
    inDeletedLog = commitOne(1);
    oracle.switchAllLogfiles();
    inKeptLog = commitOne(2);
    oracle.switchAllLogfiles();
    commitOne(3);
    oracle.switchAllLogfiles();
    oracle.advance(java.time.Duration.ofSeconds(10)); // past the archive delay: both logs archived
    oracle.deleteArchive(1, 1);
    stored = Position.start(Scn.of(oracle.currentScn()));
  }

  private long commitOne(int id) {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(ITEMS, java.math.BigDecimal.valueOf(id));
    tx.commit();
    return tx.endScn();
  }

  private Path stateDir() {
    FileOffsetStore.open(dir.resolve("offsets.json")).store(stored);
    return dir;
  }

  private Position storedNow() {
    return FileOffsetStore.open(dir.resolve("offsets.json")).load().orElseThrow();
  }

  @Test
  void show_decodesTheStateDirectorysPosition() {
    ToolRun run = ToolRun.of("position", "show", "--state-dir", stateDir().toString());

    assertThat(run.exit()).isEqualTo(ExitCode.OK);
    assertThat(run.out())
        .contains("resume SCN: " + PositionState.of(stored).resumeScn())
        .contains("last acknowledged commit: none yet")
        .contains("stored as: {v=1, resume_scn=" + PositionState.of(stored).resumeScn());
  }

  @Test
  void set_backToAvailableRedo_writesTheMovedPosition() {
    ToolRun run =
        ToolRun.of(
            "position",
            "set",
            "--state-dir",
            stateDir().toString(),
            "--scn",
            String.valueOf(inKeptLog),
            "--url",
            oracle.url());

    assertThat(run.exit()).as(run.err()).isEqualTo(ExitCode.OK);
    assertThat(run.out())
        .contains("before the move (keep it to undo)")
        .contains("Moved back to SCN " + inKeptLog);
    assertThat(storedNow()).isEqualTo(Position.start(Scn.of(inKeptLog)));
  }

  @Test
  void set_intoDeletedRedo_isRefusedAndLeavesThePosition() {
    ToolRun run =
        ToolRun.of(
            "position",
            "set",
            "--state-dir",
            stateDir().toString(),
            "--scn",
            String.valueOf(inDeletedLog),
            "--url",
            oracle.url());

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.err()).contains("Refused: CDC-2002").contains("sequence 1");
    assertThat(storedNow()).isEqualTo(stored);
  }

  @Test
  void set_forward_isRefused() {
    ToolRun run =
        ToolRun.of(
            "position",
            "set",
            "--state-dir",
            stateDir().toString(),
            "--scn",
            String.valueOf(PositionState.of(stored).resumeScn().bits() + 10),
            "--url",
            oracle.url());

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.err()).contains("moving forward would skip the changes between them");
    assertThat(storedNow()).isEqualTo(stored);
  }

  @Test
  void connectOffsets_showAndSetPrintThePatchBody() throws IOException {
    Path offsets = dir.resolve("offsets.json");
    Files.writeString(
        offsets,
        Json.write(
            Map.of(
                "offsets",
                List.of(Map.of("partition", Map.of("server", "shop"), "offset", stored.toMap())))),
        StandardCharsets.UTF_8);

    ToolRun show = ToolRun.of("position", "show", "--connect-offsets", offsets.toString());
    assertThat(show.out())
        .contains("partition {\"server\": \"shop\"}")
        .contains("resume SCN: " + PositionState.of(stored).resumeScn());

    ToolRun set =
        ToolRun.of(
            "position",
            "set",
            "--connect-offsets",
            offsets.toString(),
            "--scn",
            String.valueOf(inKeptLog),
            "--url",
            oracle.url());
    assertThat(set.exit()).as(set.err()).isEqualTo(ExitCode.OK);
    String body =
        set.out().lines().filter(l -> l.startsWith("{\"offsets\"")).findFirst().orElseThrow();
    Map<?, ?> entry = (Map<?, ?>) ((List<?>) Json.parseObject(body).get("offsets")).get(0);
    assertThat(entry.get("partition")).isEqualTo(Map.of("server", "shop"));
    @SuppressWarnings("unchecked")
    Map<String, ?> moved = (Map<String, ?>) entry.get("offset");
    assertThat(Position.fromMap(moved)).isEqualTo(Position.start(Scn.of(inKeptLog)));
  }

  @Test
  void usage_namesWhatIsMissing() {
    assertThat(ToolRun.of("position", "show").err()).contains("name one position source");
    assertThat(ToolRun.of("position", "set", "--state-dir", stateDir().toString()).err())
        .contains("needs --scn");
    assertThat(ToolRun.of("position", "show", "--state-dir", dir.resolve("none").toString()).exit())
        .isEqualTo(ExitCode.USAGE);
  }
}
