package dev.redoline.buffer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import java.math.BigDecimal;
import java.time.Instant;

/** Test fixtures: changes as the decoder would hand them to the buffer. */
final class Changes {

  static final TableId TABLE = ShopOrders.TABLE;
  static final Instant TIME = Instant.parse("2026-03-01T10:15:30Z");

  private Changes() {}

  static Xid xid(int slot, long sequence) {
    return new Xid(7, slot, sequence);
  }

  static RedoAddress address(long block) {
    return new RedoAddress(1, 12, block, 16);
  }

  static RedoAddress address(long sequence, long block) {
    return new RedoAddress(1, sequence, block, 16);
  }

  /** An INSERT of row {@code id} at redo block {@code block}, with a ROW_ID derived from id. */
  static Change insert(long id, long block) {
    return insert(id, block, rowId(id));
  }

  static Change insert(long id, long block, String rowId) {
    Row after = Row.of(id, "order-" + id, new BigDecimal("12.50"));
    return new Change(
        Operation.INSERT,
        TABLE,
        1,
        null,
        after,
        Scn.of(1000 + block),
        address(block),
        0,
        rowId,
        TIME);
  }

  static Change update(long id, long block, String rowId) {
    Row before = Row.of(id, "order-" + id, new BigDecimal("12.50"));
    Row after = Row.of(id, "order-" + id, new BigDecimal(block));
    return new Change(
        Operation.UPDATE,
        TABLE,
        1,
        before,
        after,
        Scn.of(1000 + block),
        address(block),
        0,
        rowId,
        TIME);
  }

  /** A ROW_ID-shaped text: 18 base64 characters, unique per id. */
  static String rowId(long id) {
    String digits = Long.toString(id, 36).toUpperCase(java.util.Locale.ROOT);
    return "AAAR3sAAEAAA" + "A".repeat(Math.max(0, 6 - digits.length())) + digits;
  }
}
