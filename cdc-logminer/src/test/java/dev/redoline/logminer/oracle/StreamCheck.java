package dev.redoline.logminer.oracle;

import dev.redoline.core.TableId;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The checks every real-Oracle case makes on what it delivered, in delivery order: each transaction
 * delivered once with its changes together, commit SCNs never going back, no change of a
 * rolled-back transaction or savepoint ({@link OracleWorkload#ROLLED_BACK} nowhere), and the
 * replica built from the changes equal to the captured tables read AS OF the last commit ({@link
 * ReplicaCheck}). The embedded suite checks the handler's transactions, the Connect suite each
 * topic's records.
 */
public final class StreamCheck {

  private StreamCheck() {}

  /**
   * Checks order and uniqueness of {@code delivered} and that no rolled-back change is in it.
   *
   * @return the last commit SCN delivered (0 when nothing was)
   */
  public static BigDecimal assertOnceInCommitOrder(List<Delivered> delivered) {
    Set<String> finished = new HashSet<>();
    String open = null;
    BigDecimal last = BigDecimal.ZERO;
    for (Delivered d : delivered) {
      if (d.text().contains(OracleWorkload.ROLLED_BACK)) {
        throw new AssertionError("A rolled-back change was delivered: " + d);
      }
      if (!d.xid().equals(open)) {
        if (!finished.add(d.xid())) {
          throw new AssertionError(
              "Transaction " + d.xid() + " delivered twice, or its changes apart: " + d);
        }
        open = d.xid();
      }
      if (d.commitScn().compareTo(last) < 0) {
        throw new AssertionError(
            "Commit SCN " + d.commitScn() + " delivered after " + last + ": " + d);
      }
      last = d.commitScn();
    }
    return last;
  }

  /**
   * Applies {@code delivered} to a replica and compares each table with the database AS OF {@code
   * scn}: whole rows, or key sets for {@code keysOnly}; columns in {@code shaped} (0-based, per
   * table) are left out of the comparison.
   */
  public static void assertReplicaEqualsSource(
      List<Delivered> delivered,
      Connection app,
      long scn,
      List<TableId> tables,
      List<TableId> keysOnly,
      java.util.Map<TableId, Set<Integer>> shaped)
      throws SQLException {
    ReplicaCheck replica = new ReplicaCheck();
    for (Delivered d : delivered) {
      replica.apply(d.table(), d.operation(), d.before(), d.after());
    }
    for (TableId t : tables) {
      replica.assertEquals(app, t, scn, !keysOnly.contains(t), shaped.getOrDefault(t, Set.of()));
    }
  }
}
