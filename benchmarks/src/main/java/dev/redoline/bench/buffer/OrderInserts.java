package dev.redoline.bench.buffer;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import java.math.BigDecimal;
import java.time.Instant;

/** The changes the buffer benchmarks buffer: inserts of 5-column order rows, made before timing. */
final class OrderInserts {

  private static final TableId TABLE = TableId.of("SHOP", "ORDERS");
  private static final Instant TIME = Instant.parse("2026-01-01T00:00:00Z");

  private OrderInserts() {}

  /** {@code count} inserts, each of its own row, SCN and redo address. */
  static Change[] changes(int count) {
    Change[] changes = new Change[count];
    for (int i = 0; i < count; i++) {
      Row after =
          Row.of(
              (long) i,
              "customer " + i,
              new BigDecimal(i).movePointLeft(2),
              Instant.ofEpochSecond(1_700_000_000L + i),
              null);
      changes[i] =
          new Change(
              Operation.INSERT,
              TABLE,
              1,
              null,
              after,
              Scn.of(1000 + i),
              new RedoAddress(1, 7, i, 16),
              0,
              "AAAR3sAAEAAAACX" + Integer.toString(i, 36),
              TIME);
    }
    return changes;
  }
}
