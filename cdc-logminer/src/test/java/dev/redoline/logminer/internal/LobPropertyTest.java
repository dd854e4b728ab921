package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvents;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random workloads on a table with CLOB, BLOB and NCLOB columns: inserts and updates with
 * values in-row and out of line, DBMS_LOB writes at offsets (holes, overlaps), trims and erases,
 * savepoint rollbacks, full rollbacks, interleaved transactions, a small memory budget (spills), a
 * journal written at every step in half the seeds, and restarts from the acknowledged position. In
 * two seeds of three the stream threshold is a few KiB, so that values move to LOB files while
 * their writes, trims and erases are applied, and are delivered as {@code StreamedLob}s: each is
 * read through its stream when it is received, before its acknowledgement. Every LOB value a
 * committed transaction delivers must equal what the simulator's table held for that row at that
 * commit (never stale, never partial); a value the redo cannot tell is NOT_LOGGED; a LOB the
 * transaction itself inserted is known (also when a restart reloaded the transaction from the
 * journal in between). A failing seed is in the test name.
 */
class LobPropertyTest {

  private static final int[] LOBS = {2, 3, 4};
  private static final int MAX_EMPTY_POLLS = 400;

  @TempDir Path spill;

  static LongStream seeds() {
    return LongStream.rangeClosed(Long.getLong("seed.from", 1), Long.getLong("seed.to", 25));
  }

  /** A committed transaction: per ROW_ID and LOB column, the value the table held at its commit. */
  record Committed(
      Xid xid, Map<String, Object[]> values, Set<String> inserted, boolean publishes) {}

  /** An open transaction of the workload. */
  private static final class Open {
    final SimulatedTransaction tx;
    final Set<String> rows = new HashSet<>();
    final Set<String> inserted = new HashSet<>();
    final Set<String> undoneRows = new HashSet<>();
    int statements;
    int statementsAtSavepoint = -1;
    Set<String> insertedAtSavepoint;

    Open(SimulatedTransaction tx) {
      this.tx = tx;
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void lobValues_matchTheTableAtEachCommit(long seed) throws Exception {
    Random random = new Random(seed * 31 + 7);
    SimulatedOracle oracle =
        SimulatedOracle.builder().seed(seed).lobWriteChunk(500 + random.nextInt(2000)).build();
    oracle.createTable(LobCaptureScenarioTest.docs());
    Position acked = Position.start(Scn.of(oracle.currentScn()));
    List<Committed> committed = workload(oracle, random);
    int publishing = (int) committed.stream().filter(Committed::publishes).count();

    Map<Xid, List<Change>> delivered = new LinkedHashMap<>();
    int runs = Integer.getInteger("lob.runs", 1 + random.nextInt(3));
    boolean journaled = seed % 2 == 0;
    boolean streams = seed % 3 != 0;
    String threshold = streams ? Integer.toString(1024 + random.nextInt(4096)) : "1048576";
    int[] streamed = {0};
    int done = 0;
    for (int run = 0; done < publishing; run++) {
      boolean last = run >= runs - 1;
      int crashAfter = last ? Integer.MAX_VALUE : 1 + random.nextInt(10);
      try (ScenarioHarness h = new ScenarioHarness(oracle, spill.resolve("run" + run))) {
        h.set("cdc.buffer.memory.max.bytes", Long.toString(16_384 + random.nextInt(200_000)));
        h.set("cdc.queue.max.records", "16");
        h.set("cdc.lob.stream.threshold.bytes", threshold);
        if (journaled) {
          h.journal(
              dev.redoline.buffer.internal.FileTransactionJournal.open(spill.resolve("journal")));
          h.set("cdc.buffer.journal.after.ms", "0");
        }
        CaptureStream stream = h.open(acked);
        int seen = 0;
        int empty = 0;
        while (seen < crashAfter && done < publishing) {
          List<StreamEvent> batch = StreamEvents.flatten(stream.poll(Duration.ofMillis(20)));
          if (batch.isEmpty()) {
            assertThat(stream.running())
                .as("seed %s: capture stopped; ops %s", seed, h.ops)
                .isTrue();
            assertThat(++empty)
                .as("seed %s: no progress after %s of %s transactions", seed, done, publishing)
                .isLessThan(MAX_EMPTY_POLLS);
            continue;
          }
          empty = 0;
          for (StreamEvent event : batch) {
            if (event instanceof StreamEvent.ChangeEvent c && seen < crashAfter) {
              delivered
                  .computeIfAbsent(c.commit().xid(), k -> new ArrayList<>())
                  .add(read(c.change(), streamed));
              stream.acknowledge(c.position());
              acked = c.position();
              seen++;
              done += c.last() ? 1 : 0;
            }
          }
        }
      }
    }

    if (streams) {
      assertThat(streamed[0])
          .as("seed %s: values streamed through LOB files (threshold %s)", seed, threshold)
          .isPositive();
    }
    List<Committed> publishingTxs = committed.stream().filter(Committed::publishes).toList();
    assertThat(delivered.keySet())
        .as("seed %s: transactions in commit order", seed)
        .containsExactlyElementsOf(publishingTxs.stream().map(Committed::xid).toList());
    // a restart that reloads a journal keeps what a transaction knew of its rows' LOBs: the
    // reloaded changes carry the values
    boolean mustKnowInserts = true;
    for (Committed c : publishingTxs) {
      check(seed, c, delivered.get(c.xid()), mustKnowInserts);
    }
  }

  /**
   * The change with each StreamedLob replaced by its content, read now (before the
   * acknowledgement).
   */
  private static Change read(Change c, int[] streamed) throws java.io.IOException {
    return new Change(
        c.operation(),
        c.table(),
        c.layoutVersion(),
        read(c.before(), streamed),
        read(c.after(), streamed),
        c.scn(),
        c.address(),
        c.ssn(),
        c.rowId(),
        c.timestamp());
  }

  private static Row read(Row row, int[] streamed) throws java.io.IOException {
    if (row == null) {
      return null;
    }
    Row.Builder b = row.toBuilder();
    for (int i = 0; i < row.size(); i++) {
      if (row.get(i) instanceof dev.redoline.core.StreamedLob lob) {
        streamed[0]++;
        b.set(i, LobStreamingScenarioTest.content(lob));
      }
    }
    return b.build();
  }

  private static void check(
      long seed, Committed expected, List<Change> changes, boolean mustKnowInserts) {
    Map<String, Object[]> last = new HashMap<>();
    for (Change change : changes) {
      Row after = change.after();
      if (after == null) {
        last.remove(change.rowId());
        continue;
      }
      Object[] values =
          last.computeIfAbsent(
              change.rowId(),
              k -> new Object[] {Absent.NOT_LOGGED, Absent.NOT_LOGGED, Absent.NOT_LOGGED});
      boolean anyPresent = false;
      for (int i = 0; i < LOBS.length; i++) {
        Object v = after.get(LOBS[i]);
        if (v != Absent.NOT_LOGGED || change.operation() == Operation.INSERT) {
          values[i] = v;
          anyPresent |= v != Absent.NOT_LOGGED;
        }
      }
      if (!anyPresent && isLobOnly(change)) {
        // a DBMS_LOB call whose result the redo does not tell; which column is not said either
        java.util.Arrays.fill(values, Absent.NOT_LOGGED);
      }
    }
    last.forEach(
        (rowId, values) -> {
          Object[] table = expected.values().get(rowId);
          if (table == null) {
            return; // deleted later in the transaction
          }
          for (int i = 0; i < LOBS.length; i++) {
            if (values[i] == Absent.NOT_LOGGED) {
              assertThat(mustKnowInserts && expected.inserted().contains(rowId))
                  .as(
                      "seed %s: %s column %s of a row the transaction inserted is known; changes %s",
                      seed, rowId, LOBS[i], history(changes, rowId))
                  .isFalse();
              continue;
            }
            assertThat(values[i])
                .as(
                    "seed %s: %s column %s at commit; changes %s",
                    seed, rowId, LOBS[i], history(changes, rowId))
                .isEqualTo(table[i]);
          }
        });
  }

  /** The changes of one row, with the sizes of their LOB slots: what a failure message shows. */
  private static String history(List<Change> changes, String rowId) {
    StringBuilder sb = new StringBuilder();
    for (Change c : changes) {
      if (rowId.equals(c.rowId())) {
        sb.append(c.operation());
        Row image = c.after() != null ? c.after() : c.before();
        for (int i : LOBS) {
          Object v = image.get(i);
          sb.append(' ')
              .append(
                  v instanceof String t
                      ? "S" + t.length()
                      : v instanceof Bytes b ? "B" + b.size() : v);
        }
        sb.append("; ");
      }
    }
    return sb.toString();
  }

  /**
   * Whether a change is an UPDATE that a LOB locator made: it sets one LOB column and nothing else.
   */
  private static boolean isLobOnly(Change change) {
    return change.operation() == Operation.UPDATE
        && change.before().equals(withoutLobs(change.after()));
  }

  private static Row withoutLobs(Row row) {
    Row.Builder b = row.toBuilder();
    for (int i : LOBS) {
      b.set(i, Absent.NOT_LOGGED);
    }
    return b.build();
  }

  private static List<Committed> workload(SimulatedOracle oracle, Random random) {
    List<Committed> out = new ArrayList<>();
    List<Open> open = new ArrayList<>();
    Set<String> committedRows = new HashSet<>();
    Set<String> locked = new HashSet<>();
    long[] nextId = {1};
    int transactions = 6 + random.nextInt(10);
    int started = 0;
    while (started < transactions || !open.isEmpty()) {
      if (started < transactions && (open.isEmpty() || open.size() < 3 && random.nextInt(3) == 0)) {
        open.add(new Open(oracle.begin()));
        started++;
      }
      Open o = open.get(random.nextInt(open.size()));
      if (random.nextInt(7) == 0) {
        open.remove(o);
        locked.removeAll(o.rows);
        if (random.nextInt(6) == 0) {
          o.tx.rollback();
          continue;
        }
        o.tx.commit();
        Map<String, Object[]> values = new HashMap<>();
        for (String rowId : o.rows) {
          Row row = oracle.row(LobCaptureScenarioTest.DOCS, rowId);
          if (row != null) {
            values.put(rowId, new Object[] {row.get(2), row.get(3), row.get(4)});
            committedRows.add(rowId);
          } else {
            committedRows.remove(rowId);
          }
        }
        Set<String> knownInserts = new HashSet<>(o.inserted);
        knownInserts.removeAll(o.undoneRows);
        out.add(new Committed(o.tx.xid(), values, knownInserts, o.statements > 0));
        continue;
      }
      act(oracle, random, o, committedRows, locked, nextId);
      if (random.nextInt(20) == 0) {
        oracle.switchLogfile(1);
      }
    }
    oracle.advance(Duration.ofSeconds(5));
    return out;
  }

  private static void act(
      SimulatedOracle oracle,
      Random random,
      Open o,
      Set<String> committedRows,
      Set<String> locked,
      long[] nextId) {
    String rowId = pickRow(oracle, random, o, committedRows, locked);
    int choice = random.nextInt(12);
    if (rowId == null || choice < 3) {
      long id = nextId[0]++;
      String inserted =
          o.tx.insert(
              LobCaptureScenarioTest.DOCS,
              id,
              "n" + id,
              clob(random),
              blob(random),
              random.nextBoolean()
                  ? null
                  : LobCaptureScenarioTest.text(random.nextInt(3000), random.nextInt(50)),
              null);
      o.rows.add(inserted);
      o.inserted.add(inserted);
      locked.add(inserted);
      o.statements++;
      return;
    }
    if (!o.rows.contains(rowId)) {
      o.rows.add(rowId);
      locked.add(rowId);
    }
    Row row = oracle.row(LobCaptureScenarioTest.DOCS, rowId);
    String column = random.nextBoolean() ? "BODY" : "SCAN";
    Object value = row.get(column.equals("BODY") ? 2 : 3);
    long length = value instanceof String s ? s.length() : value instanceof Bytes b ? b.size() : 0;
    switch (choice) {
      case 3, 4 -> {
        Map<String, Object> set = new HashMap<>();
        if (column.equals("BODY")) {
          set.put("BODY", clob(random));
          set.put("NAME", "u" + random.nextInt(9));
        } else {
          set.put("SCAN", nonNullBlob(random));
        }
        o.tx.update(LobCaptureScenarioTest.DOCS, rowId, set);
      }
      case 5, 6, 7 -> {
        if (value == null) {
          return;
        }
        Object data =
            column.equals("BODY")
                ? LobCaptureScenarioTest.text(1 + random.nextInt(2500), random.nextInt(50))
                : LobCaptureScenarioTest.bytes(1 + random.nextInt(2500), random.nextInt(50));
        o.tx.lobWrite(
            LobCaptureScenarioTest.DOCS,
            rowId,
            column,
            1 + random.nextInt((int) length + 100),
            data);
      }
      case 8 -> {
        if (value == null) {
          return;
        }
        o.tx.lobTrim(
            LobCaptureScenarioTest.DOCS,
            rowId,
            column,
            random.nextInt(4) == 0 ? 0 : random.nextInt((int) length + 1));
      }
      case 9 -> {
        if (value == null) {
          return;
        }
        o.tx.lobErase(
            LobCaptureScenarioTest.DOCS,
            rowId,
            column,
            1 + random.nextInt((int) length + 1),
            random.nextInt(3000));
      }
      case 10 -> {
        o.tx.savepoint("s");
        o.statementsAtSavepoint = o.statements;
        o.insertedAtSavepoint = new HashSet<>(o.inserted);
        return;
      }
      default -> {
        if (o.statementsAtSavepoint >= 0) {
          o.tx.rollbackToSavepoint("s");
          o.statements = o.statementsAtSavepoint;
          o.undoneRows.addAll(o.rows); // their LOBs may be changed later from an unknown base
          o.inserted.retainAll(o.insertedAtSavepoint);
          o.statementsAtSavepoint = -1;
        }
        return;
      }
    }
    o.statements++;
  }

  private static String pickRow(
      SimulatedOracle oracle,
      Random random,
      Open o,
      Set<String> committedRows,
      Set<String> locked) {
    List<String> candidates = new ArrayList<>();
    for (String r : o.rows) {
      if (oracle.row(LobCaptureScenarioTest.DOCS, r) != null) {
        candidates.add(r); // not an insert undone by a savepoint rollback
      }
    }
    for (String r : committedRows) {
      if (!locked.contains(r)) {
        candidates.add(r);
      }
    }
    candidates.sort(null);
    return candidates.isEmpty() ? null : candidates.get(random.nextInt(candidates.size()));
  }

  private static String clob(Random random) {
    int kind = random.nextInt(5);
    return kind == 0
        ? null
        : LobCaptureScenarioTest.text(
            kind == 1 ? 1 + random.nextInt(100) : 1 + random.nextInt(9000), random.nextInt(50));
  }

  private static Bytes blob(Random random) {
    return random.nextInt(3) == 0 ? null : nonNullBlob(random);
  }

  private static Bytes nonNullBlob(Random random) {
    return LobCaptureScenarioTest.bytes(
        1 + random.nextInt(random.nextBoolean() ? 100 : 9000), random.nextInt(50));
  }
}
