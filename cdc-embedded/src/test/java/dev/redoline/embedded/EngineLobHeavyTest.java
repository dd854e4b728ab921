package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.TableId;
import dev.redoline.simulator.ForkedSimulator;
import dev.redoline.simulator.GeneratedLob;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A LOB larger than the heap through the embedded engine: the simulator, in a JVM of its own, has
 * committed one transaction writing a small row, a generated BLOB and another small row ({@code
 * biglob} workload); the engine, in this JVM (256 MB of heap in the heavy profile), captures it,
 * and the handler hashes the BLOB's content as it is delivered, keeping nothing of it. The length
 * and SHA-256 must be the generated content's, and both small rows must arrive whole, in order, in
 * the same transaction (docs/performance-lob.md).
 *
 * <p>The 8 MiB case stays below the stream threshold, so the engine delivers it as {@link Bytes}
 * assembled on the heap; the 1 GiB case passes the threshold, so the engine moves it to a file and
 * delivers a {@link StreamedLob}, with no bound on its size.
 */
@Tag("heavy")
class EngineLobHeavyTest {

  private static final TableId BIG = TableId.of("LOBS", "BIG");

  /** A bound for a stuck capture, not a timing: a 1 GiB run takes minutes on a busy machine. */
  private static final Duration PATIENCE = Duration.ofMinutes(40);

  @TempDir Path state;

  /** What the handler saw of one change: no content, only its digest. */
  record Seen(
      TableId table, Operation operation, Object id, Object note, long length, String sha256) {}

  @Test
  void eightMibBlob_belowTheStreamThreshold_isDeliveredWholeOnTheHeap() throws Exception {
    capture(
        7,
        8L << 20,
        Map.of("cdc.lob.stream.threshold.bytes", Long.toString(16L << 20)),
        Bytes.class);
  }

  @Test
  void oneGibBlob_inOneTransaction_goesThroughA256MbHeap() throws Exception {
    capture(
        7,
        1L << 30,
        Map.of("cdc.lob.max.bytes", "0", "cdc.lob.stream.threshold.bytes", Long.toString(1L << 20)),
        StreamedLob.class);
  }

  /**
   * One mining step over one 3 GiB log holding a 2 GiB BLOB's whole transaction: over 2 GB of redo
   * and 4 GiB of LOB_WRITE row text (two hex digits a byte), read whole before any is applied. All
   * but the step's first 32 MiB of rows go to its step file in the spill directory, and the step is
   * applied from there, so the 256 MB heap holds about one budget of rows
   * (docs/performance-catchup.md).
   */
  @Test
  void oneStepOverATwoGbLog_goesThroughA256MbHeap() throws Exception {
    capture(
        7,
        2L << 30,
        Map.of(
            "cdc.lob.max.bytes",
            "0",
            "cdc.lob.stream.threshold.bytes",
            Long.toString(1L << 20),
            "cdc.mining.step.memory.max.bytes",
            Long.toString(32L << 20),
            "cdc.mining.max.logs.per.step",
            "1"),
        StreamedLob.class,
        "--log-bytes",
        Long.toString(3L << 30));
  }

  /**
   * Captures the biglob workload's transaction with a {@code lobBytes} BLOB and checks what the
   * handler saw; {@code lobSettings} bound and stream LOBs, {@code deliveredAs} is the form the
   * BLOB must arrive in.
   */
  private void capture(
      long seed,
      long lobBytes,
      Map<String, String> lobSettings,
      Class<?> deliveredAs,
      String... moreServerArgs)
      throws Exception {
    Heap.resetPeaks();
    long started = System.nanoTime();
    GeneratedLob lob = GeneratedLob.of(seed, lobBytes);
    CompletableFuture<List<Seen>> delivered = new CompletableFuture<>();
    List<Seen> result;
    long peakRss;
    long ready;
    long done;
    List<String> serverArgs =
        new ArrayList<>(
            List.of(
                "--workload",
                "biglob",
                "--seed",
                Long.toString(seed),
                "--lob-bytes",
                Long.toString(lobBytes)));
    serverArgs.addAll(List.of(moreServerArgs));
    try (ForkedSimulator sim =
        ForkedSimulator.start(
            SimulatorLobHeavyTest.SIMULATOR_HEAP, serverArgs.toArray(String[]::new))) {
      ready = System.nanoTime();
      Map<String, String> settings = new HashMap<>();
      settings.put("cdc.database.url", sim.url());
      settings.put("cdc.tables.include", "LOBS.*");
      settings.put("cdc.start.scn", Long.toString(firstScn(sim.url())));
      settings.put("cdc.snapshot.mode", "no_data");
      settings.put("cdc.state.dir", state.toString());
      settings.put("cdc.buffer.spill.dir", state.resolve("spill").toString());
      // A tenth of the heap for open transactions: the rest spills.
      settings.put("cdc.buffer.memory.max.bytes", Long.toString(32L << 20));
      // Whole logs of 4 MiB: a step holds at most 16 MiB of LOB content as row text.
      settings.put("cdc.mining.max.logs.per.step", "4");
      settings.putAll(lobSettings);
      settings.put("cdc.mining.idle.ms", "200");
      EmbeddedEngine engine =
          EmbeddedEngine.builder()
              .config(settings)
              .handler(
                  tx -> {
                    try {
                      delivered.complete(digests(tx, deliveredAs));
                    } catch (
                        AssertionError
                            e) { // the test's failure, not the handler's: end the wait with it
                      delivered.completeExceptionally(e);
                    }
                  })
              .build();
      engine.start();
      try {
        result = await(delivered, engine, sim);
        done = System.nanoTime();
      } finally {
        engine.stop();
        engine.awaitTermination(Duration.ofMinutes(1));
      }
      peakRss = sim.peakRssBytes().orElse(-1);
    }
    System.out.printf(
        "HEAVY engine: %d bytes %s; simulator ready in %.1f s, delivered in %.1f s; engine heap peak "
            + "%d MiB of %d MiB, after a full collection %d MiB; simulator VmHWM %d MiB%n",
        lobBytes,
        serverArgs,
        (ready - started) / 1e9,
        (done - ready) / 1e9,
        Heap.peakBytes() >> 20,
        Heap.maxBytes() >> 20,
        Heap.peakAfterGcBytes() >> 20,
        peakRss >> 20);
    assertThat(result)
        .containsExactly(
            new Seen(BIG, Operation.INSERT, 1L, "before", 2, sha256(new byte[] {1, 2})),
            new Seen(BIG, Operation.INSERT, 2L, "big", lobBytes, lob.sha256()),
            new Seen(BIG, Operation.INSERT, 3L, "after", 2, sha256(new byte[] {3, 4})));
  }

  /** Waits for the delivery, failing at once when the engine fails or stops first. */
  private static List<Seen> await(
      CompletableFuture<List<Seen>> delivered, EmbeddedEngine engine, ForkedSimulator sim)
      throws Exception {
    long deadline = System.nanoTime() + PATIENCE.toNanos();
    while (true) {
      try {
        return delivered.get(1, TimeUnit.SECONDS);
      } catch (TimeoutException e) {
        EngineState s = engine.state();
        if (s == EngineState.FAILED || s == EngineState.STOPPED) {
          throw new AssertionError(
              "the engine ended ("
                  + s
                  + ") before delivering: "
                  + engine.failure()
                  + "; the simulator's last output:\n"
                  + String.join("\n", sim.output()));
        }
        if (System.nanoTime() > deadline) {
          throw new AssertionError("nothing delivered within " + PATIENCE + "; engine " + s);
        }
      }
    }
  }

  /**
   * The digest of every change of the transaction, taken while the handler runs (a stream is
   * readable until then).
   */
  private static List<Seen> digests(CommittedTransaction tx, Class<?> bigAs) throws IOException {
    List<Seen> out = new ArrayList<>();
    for (Change c : tx.changes()) {
      Object body = c.after().get(2);
      if ("big".equals(c.after().get(1)) && !bigAs.isInstance(body)) {
        throw new AssertionError(
            "the big BLOB came as "
                + (body == null ? "NULL" : body.getClass().getName())
                + ", not "
                + bigAs.getName());
      }
      MessageDigest digest = newDigest();
      long length = 0;
      try (InputStream in = contentOf(body)) {
        byte[] buffer = new byte[1 << 16];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          digest.update(buffer, 0, n);
          length += n;
        }
      }
      out.add(
          new Seen(
              c.table(),
              c.operation(),
              c.after().get(0),
              c.after().get(1),
              length,
              HexFormat.of().formatHex(digest.digest())));
    }
    return out;
  }

  /**
   * The content of a delivered BLOB value, whatever form the engine gives it: whole {@link Bytes},
   * or a {@link StreamedLob} past the stream threshold; anything else (a marker such as
   * LOB_OVER_LIMIT) fails the test.
   */
  static InputStream contentOf(Object value) {
    if (value instanceof Bytes b) {
      return new ByteArrayInputStream(b.toByteArray());
    }
    if (value instanceof StreamedLob lob && !lob.isCharacter()) {
      return lob.openStream();
    }
    throw new AssertionError(
        "not BLOB content: " + (value == null ? "NULL" : value.getClass().getName() + " " + value));
  }

  private static long firstScn(String url) throws Exception {
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT MIN(FIRST_CHANGE#) FROM V$ARCHIVED_LOG")) {
      assertThat(rs.next()).isTrue();
      return rs.getLong(1);
    }
  }

  private static String sha256(byte[] bytes) {
    return HexFormat.of().formatHex(newDigest().digest(bytes));
  }

  private static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
