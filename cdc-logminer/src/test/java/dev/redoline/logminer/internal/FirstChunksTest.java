package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule before a table's first snapshot chunk, step by step. */
class FirstChunksTest {

  private static final TableId T = TableId.of("SHOP", "T");
  private static final TableId OTHER = TableId.of("SHOP", "OTHER");
  private static final TableLayout LAYOUT =
      TableLayout.builder(T, 1)
          .column("ID", OracleType.number(10, 0), false)
          .column("STATUS", OracleType.sized(OracleType.Kind.VARCHAR2, 10), true)
          .primaryKey("ID")
          .build();

  private static Change change(TableId table, Operation op, Row before, Row after) {
    return new Change(
        op,
        table,
        1,
        before,
        after,
        Scn.of(1),
        new RedoAddress(1, 1, 1, 1),
        0,
        null,
        Instant.EPOCH);
  }

  private static Change insert(TableId table) {
    return change(table, Operation.INSERT, null, Row.of(1L, "NEW"));
  }

  @Test
  void beforeTheRead_everyChangeIsLeftOut_afterIt_thoseAtOrBelowItsScn_afterItsPublication_none() {
    FirstChunks rule = new FirstChunks();
    assertThat(rule.predicate()).isSameAs(Reflected.NOTHING);
    rule.queued(LAYOUT, List.of("ID"));
    assertThat(rule.reflected(insert(T), Scn.of(5_000))).isTrue();
    assertThat(rule.reflected(insert(OTHER), Scn.of(1))).isFalse();
    rule.read(T, Scn.of(100));
    assertThat(rule.reflected(insert(T), Scn.of(100))).isTrue();
    assertThat(rule.reflected(insert(T), Scn.of(101))).isFalse();
    rule.rewound(T);
    assertThat(rule.reflected(insert(T), Scn.of(101)))
        .as("read again later: every change until then")
        .isTrue();
    rule.read(T, Scn.of(200));
    rule.releasing();
    assertThat(rule.released(T)).isTrue();
    assertThat(rule.reflected(insert(T), Scn.of(150)))
        .as("still, for the publication of the chunk")
        .isTrue();
    rule.releasing();
    assertThat(rule.reflected(insert(T), Scn.of(150))).isFalse();
    assertThat(rule.released(T)).isFalse();
    assertThat(rule.predicate()).isSameAs(Reflected.NOTHING);
  }

  @Test
  void deletesTruncatesAndUpdatesThatMoveTheKey_pass_updatesKeepingTheKey_areLeftOut() {
    FirstChunks rule = new FirstChunks();
    rule.queued(LAYOUT, List.of("ID"));
    rule.read(T, Scn.of(100));
    Reflected frozen = rule.predicate();
    Change keeps = change(T, Operation.UPDATE, Row.of(1L, "NEW"), Row.of(1L, "PAID"));
    Change moves = change(T, Operation.UPDATE, Row.of(1L, "NEW"), Row.of(2L, "NEW"));
    Change delete = change(T, Operation.DELETE, Row.of(1L, "NEW"), null);
    Change truncate = change(T, Operation.TRUNCATE, null, null);
    assertThat(frozen.test(keeps, Scn.of(50))).isTrue();
    assertThat(frozen.test(moves, Scn.of(50))).isFalse();
    assertThat(frozen.test(delete, Scn.of(50))).isFalse();
    assertThat(frozen.test(truncate, Scn.of(50))).isFalse();
    FirstChunks rowIdOrder = new FirstChunks();
    rowIdOrder.queued(LAYOUT, List.of());
    assertThat(rowIdOrder.reflected(keeps, Scn.of(50)))
        .as("no key to compare: the update passes")
        .isFalse();
    assertThat(rowIdOrder.reflected(insert(T), Scn.of(50))).isTrue();
  }
}
