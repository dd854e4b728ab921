package dev.redoline.logminer.oracle;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * One change as a real-Oracle suite checks it, whichever way it was delivered (an embedded
 * handler's {@link Change}, a Connect record read from Kafka): its transaction, commit SCN, table,
 * operation and images, and its whole text for the no-rolled-back-change check.
 *
 * @param xid the transaction's id as delivered
 * @param commitScn the transaction's commit SCN (a snapshot read: the snapshot's SCN)
 * @param before the old row's values in column order, or {@code null}
 * @param after the new row's values in column order, or {@code null}
 * @param text everything delivered for the change, as text
 */
public record Delivered(
    String xid,
    BigDecimal commitScn,
    TableId table,
    Operation operation,
    List<Object> before,
    List<Object> after,
    String text) {

  /** A change an embedded handler received in transaction {@code xid} committed at {@code scn}. */
  public static Delivered of(String xid, BigDecimal commitScn, Change c) {
    return new Delivered(
        xid,
        commitScn,
        c.table(),
        c.operation(),
        values(c.before()),
        values(c.after()),
        String.valueOf(c.before()) + c.after());
  }

  /** A row's values in column order ({@code null} for no row). */
  public static List<Object> values(Row row) {
    if (row == null) {
      return null;
    }
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < row.size(); i++) {
      out.add(row.get(i));
    }
    return out;
  }
}
