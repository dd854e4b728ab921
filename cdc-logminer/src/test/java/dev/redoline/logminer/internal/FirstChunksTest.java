package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import org.junit.jupiter.api.Test;

/** The rule before a table's first snapshot chunk, step by step. */
class FirstChunksTest {

  private static final TableId T = TableId.of("SHOP", "T");
  private static final TableId OTHER = TableId.of("SHOP", "OTHER");

  @Test
  void beforeTheRead_everyChangeIsLeftOut_afterIt_thoseAtOrBelowItsScn_afterItsPublication_none() {
    FirstChunks rule = new FirstChunks();
    assertThat(rule.predicate()).isSameAs(Reflected.NOTHING);
    rule.queued(T);
    assertThat(rule.reflected(T, Scn.of(5_000))).isTrue();
    assertThat(rule.reflected(OTHER, Scn.of(1))).isFalse();
    rule.read(T, Scn.of(100));
    assertThat(rule.reflected(T, Scn.of(100))).isTrue();
    assertThat(rule.reflected(T, Scn.of(101))).isFalse();
    rule.rewound(T);
    assertThat(rule.reflected(T, Scn.of(101))).as("read again later: every change until then").isTrue();
    rule.read(T, Scn.of(200));
    rule.releasing();
    assertThat(rule.released(T)).isTrue();
    assertThat(rule.reflected(T, Scn.of(150))).as("still, for the publication of the chunk").isTrue();
    rule.releasing();
    assertThat(rule.reflected(T, Scn.of(150))).isFalse();
    assertThat(rule.released(T)).isFalse();
    assertThat(rule.predicate()).isSameAs(Reflected.NOTHING);
  }
}
