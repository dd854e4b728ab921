package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two transactions committed at one SCN (Oracle gives several commits one SCN), of which the topics
 * hold only the first: the SCN the records carry does not tell whether the second is still to come.
 * The Kafka target then takes back the records of that SCN and the verification runs at the SCN
 * below, where the topics are whole; once the stored offset shows a later commit, every commit
 * below it is known to be in, and the verification runs there.
 *
 * <p>Before, the verification ran at the tied SCN and reported the second transaction's row missing
 * while nothing was lost ({@link #tieHalfApplied_verifiedBelowIt_equal} failed so on the old code:
 * the records' highest commit SCN was the verification's).
 */
class ScnTieVerifyTest {

  static final TableId T = TableId.of("SHOP", "T");
  static final TableId OTHER = TableId.of("SHOP", "OTHER");

  SimulatedOracle oracle;
  Scn first;
  Scn tie;
  Scn later;

  @BeforeEach
  void setUp() {
    oracle = SimulatedOracle.builder().seed(29).build();
    for (TableId t : List.of(T, OTHER)) {
      oracle.createTable(
          TableLayout.builder(t, 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("V", OracleType.sized(Kind.VARCHAR2, 20), true)
              .primaryKey("ID")
              .build());
    }
    SimulatedTransaction tx = oracle.begin();
    tx.insert(T, BigDecimal.valueOf(1), "one");
    tx.commit();
    first = Scn.of(tx.endScn());
    SimulatedTransaction a = oracle.begin();
    a.insert(T, BigDecimal.valueOf(2), "two");
    SimulatedTransaction b = oracle.begin();
    b.insert(T, BigDecimal.valueOf(3), "three");
    oracle.commitTogether(a, b);
    assertThat(a.endScn()).isEqualTo(b.endScn());
    tie = Scn.of(a.endScn());
    SimulatedTransaction c = oracle.begin();
    c.insert(OTHER, BigDecimal.valueOf(9), "nine");
    c.commit();
    later = Scn.of(c.endScn());
  }

  private VerifyReport verify(TestTopics topics, Map<String, ?> offset) throws Exception {
    return Verifier.builder()
        .config(Map.of("cdc.database.url", oracle.url(), "cdc.tables.include", "SHOP.*"))
        .tables(List.of(T))
        .target(topics.target(offset))
        .build()
        .verify();
  }

  private static Map<String, Object> offset(Scn commit) {
    Map<String, Object> offset = new HashMap<>();
    offset.put("v", 1);
    offset.put("commit_scn", commit.toString());
    return offset;
  }

  private TestTopics firstAndA() {
    return new TestTopics()
        .topic(
            T,
            TestTopics.record(1, "c|" + first + "|1|one|false|-"),
            TestTopics.record(2, "c|" + tie + "|2|two|false|-"));
  }

  @Test
  void tieHalfApplied_verifiedBelowIt_equal() throws Exception {
    VerifyReport report = verify(firstAndA(), null);

    assertThat(report.scn()).isEqualTo(tie.minus(1));
    assertThat(report.equal()).as(report.toText()).isTrue();
    assertThat(report.tables().get(0).sourceRows()).isEqualTo(1);
  }

  @Test
  void tieHalfApplied_offsetAtTheTiedCommit_stillBelowIt() throws Exception {
    VerifyReport report = verify(firstAndA(), offset(tie));

    assertThat(report.scn()).isEqualTo(tie.minus(1));
    assertThat(report.equal()).as(report.toText()).isTrue();
  }

  @Test
  void tieWhole_offsetPastIt_verifiedBelowTheOffsetsCommit_equal() throws Exception {
    TestTopics topics = firstAndA().topic(T, TestTopics.record(3, "c|" + tie + "|3|three|false|-"));

    VerifyReport report = verify(topics, offset(later));

    assertThat(report.scn()).isEqualTo(later.minus(1));
    assertThat(report.equal()).as(report.toText()).isTrue();
    assertThat(report.tables().get(0).sourceRows()).isEqualTo(3);
  }

  /** A record lost below the tie is still found: taking back the tie hides nothing below it. */
  @Test
  void lossBelowTheTie_found() throws Exception {
    TestTopics topics =
        new TestTopics().topic(T, TestTopics.record(2, "c|" + tie + "|2|two|false|-"));

    VerifyReport report = verify(topics, offset(tie));

    assertThat(report.scn()).isEqualTo(tie.minus(1));
    assertThat(report.tables().get(0).missing())
        .extracting(Object::toString)
        .containsExactly("[1]");
  }

  /** With the offset past the tie, a lost record of a tied transaction is found too. */
  @Test
  void lossAtTheTie_offsetPastIt_found() throws Exception {
    TestTopics topics =
        firstAndA(); // the second transaction at the tie never reached the topic, yet the offset
    // says a later commit was delivered

    VerifyReport report = verify(topics, offset(later));

    assertThat(report.scn()).isEqualTo(later.minus(1));
    assertThat(report.tables().get(0).missing())
        .extracting(Object::toString)
        .containsExactly("[3]");
  }
}
