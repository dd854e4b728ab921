package dev.redoline.connect;

import dev.redoline.buffer.internal.TransactionInfo;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import java.math.BigDecimal;
import java.time.Instant;

/** Changes and transactions as the buffer hands them to a journal. */
final class JournalFixtures {

  static final TableId TABLE = new TableId("PDB1", "SHOP", "ORDERS");
  static final Instant TIME = Instant.parse("2026-05-04T08:30:00.123456789Z");

  private JournalFixtures() {}

  static Xid xid(int slot, long sequence) {
    return new Xid(3, slot, sequence);
  }

  static TransactionInfo info(Xid xid) {
    return new TransactionInfo(xid, Scn.of(5000), at(1), TIME, "APP");
  }

  static RedoAddress at(long block) {
    return new RedoAddress(1, 40, block, 16);
  }

  /** An INSERT of order {@code id} whose redo row is at block {@code block}. */
  static Change insert(long id, long block) {
    return new Change(Operation.INSERT, TABLE, 1, null, Row.of(id, "order-" + id, new BigDecimal("19.90")),
        Scn.of(6000 + block), at(block), 0, "AAAR3sAAEAAAACXAA" + (char) ('A' + id % 26), TIME);
  }
}
