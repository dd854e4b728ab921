package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.RowCursor;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.jdbc.JdbcGateway;
import dev.redoline.simulator.ForkedSimulator;
import dev.redoline.simulator.GeneratedLob;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The simulator side of a 1 GiB BLOB alone: a client in this JVM (256 MB of heap in the heavy
 * profile) reads the V$LOGMNR_CONTENTS rows of the write from a simulator in its own JVM, log by
 * log, through the capture's own gateway (its SQL, its fetch size), joins the CSF pieces, decodes
 * each HEXTORAW buffer and gets the SHA-256 of the generated content. Nothing here is the engine's
 * LOB assembly, so a failure is the simulator's (docs/performance-lob.md).
 */
@Tag("heavy")
class SimulatorLobHeavyTest {

  /** One LOB_WRITE of a BLOB: the buffer, then the amount and the 1-based offset. */
  private static final Pattern WRITE =
      Pattern.compile(
          "^ buf_b := HEXTORAW\\('([0-9a-f]*)'\\); \\n  dbms_lob\\.write\\(loc_b, (\\d+), (\\d+), buf_b\\);$");

  static final long SEED = 7;
  static final long LOB_BYTES = Long.getLong("redoline.heavy.lob.bytes", 1L << 30);

  /** The forked simulator's heap: its own, not the client's. */
  static final String SIMULATOR_HEAP = System.getProperty("redoline.heavy.simulator.heap", "512m");

  @Test
  void oneGibBlob_readThroughTheGateway_hasTheGeneratedContent() throws Exception {
    Heap.resetPeaks();
    long started = System.nanoTime();
    GeneratedLob lob = GeneratedLob.of(SEED, LOB_BYTES);
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    long next = 1;
    long rows = 0;
    long logs = 0;
    long peakRss;
    long pid;
    try (ForkedSimulator sim =
        ForkedSimulator.start(
            SIMULATOR_HEAP,
            "--workload",
            "biglob",
            "--seed",
            Long.toString(SEED),
            "--lob-bytes",
            Long.toString(LOB_BYTES))) {
      pid = sim.pid();
      long ready = System.nanoTime();
      CdcConfig config =
          CdcConfig.from(Map.of("cdc.database.url", sim.url(), "cdc.tables.include", "LOBS.*"));
      try (JdbcGateway db = JdbcGateway.connect(config)) {
        List<DictionaryObject> objects = db.objects(null, "LOBS", "BIG");
        assertThat(objects).hasSize(1);
        MiningQuery query =
            MiningQuery.builder()
                .capture(0, Set.of(objects.get(0).objectId()))
                .lobRows(true)
                .fetchSize(config.get(CdcConfig.MINING_FETCH_SIZE))
                .build();
        for (ArchivedLog log : db.archivedLogs(Scn.ZERO)) {
          if (log.destId() != 1) {
            continue;
          }
          logs++;
          db.addLogFile(log.name(), AddLogOption.NEW);
          db.startSession(
              new SessionStart(
                  log.firstScn(),
                  log.nextScn().minus(1),
                  Set.of(MiningOption.DICT_FROM_ONLINE_CATALOG, MiningOption.NO_ROWID_IN_STMT)));
          try (RowCursor cursor = db.query(query)) {
            StringBuilder pieces = null;
            for (RedoRow row = cursor.next(); row != null; row = cursor.next()) {
              rows++;
              if (row.csf()) {
                pieces =
                    pieces == null
                        ? new StringBuilder(row.sqlRedo())
                        : pieces.append(row.sqlRedo());
                continue;
              }
              String redo =
                  pieces == null ? row.sqlRedo() : pieces.append(row.sqlRedo()).toString();
              pieces = null;
              if (!"LOB_WRITE".equals(row.operation())) {
                continue;
              }
              Matcher m = WRITE.matcher(redo);
              assertThat(m.matches())
                  .as("a BLOB write: %s", redo.substring(0, Math.min(120, redo.length())))
                  .isTrue();
              byte[] buffer = HexFormat.of().parseHex(m.group(1));
              assertThat(Long.parseLong(m.group(2))).isEqualTo(buffer.length);
              assertThat(Long.parseLong(m.group(3))).as("writes in order, no hole").isEqualTo(next);
              digest.update(buffer);
              next += buffer.length;
            }
            assertThat(pieces).as("no CSF piece left unjoined").isNull();
          }
          db.endSession();
        }
      }
      peakRss = sim.peakRssBytes().orElse(-1);
      System.out.printf(
          "HEAVY simulator-only: %d bytes, %d logs, %d rows; simulator ready in %.1f s, read in "
              + "%.1f s; client heap peak %d MiB, after a full collection %d MiB; simulator VmHWM %d MiB%n",
          LOB_BYTES,
          logs,
          rows,
          (ready - started) / 1e9,
          (System.nanoTime() - ready) / 1e9,
          Heap.peakBytes() >> 20,
          Heap.peakAfterGcBytes() >> 20,
          peakRss >> 20);
    }
    assertThat(next - 1).isEqualTo(LOB_BYTES);
    assertThat(HexFormat.of().formatHex(digest.digest())).isEqualTo(lob.sha256());
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
        .as("simulator stopped")
        .isFalse();
  }
}
