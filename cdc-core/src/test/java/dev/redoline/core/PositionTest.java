package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.internal.PositionState;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The token users keep; what it holds is {@code PositionStateTest}'s subject. */
class PositionTest {

  private static final CommitMark COMMIT =
      new CommitMark(Scn.of(2161580), new RedoAddress(1, 7, 100910, 16));

  private static Position delivered() {
    TreeMap<Integer, RedoAddress> resume = new TreeMap<>();
    resume.put(1, new RedoAddress(1, 7, 100909, 156));
    return PositionState.start(Scn.of(2161573))
        .withResume(Scn.of(2161573), resume)
        .withDelivered(COMMIT, PositionState.WHOLE)
        .toPosition();
  }

  @Test
  void start_roundTripsThroughItsMapForm() {
    Position start = Position.start(Scn.of(2161573));
    assertThat(start.toMap())
        .containsExactly(Map.entry("v", 1), Map.entry("resume_scn", "2161573"));
    assertThat(Position.fromMap(start.toMap())).isEqualTo(start).hasSameHashCodeAs(start);
    assertThat(start.scn()).isEqualTo(Scn.of(2161573));
  }

  @Test
  void positionsAreEqualWhenWhatTheyHoldIs() {
    assertThat(delivered()).isEqualTo(delivered()).isNotEqualTo(Position.start(Scn.of(2161573)));
    assertThat(Position.fromMap(delivered().toMap())).isEqualTo(delivered());
  }

  @Test
  void scn_isTheLastDeliveredCommitsOnceThereIsOne() {
    assertThat(delivered().scn()).isEqualTo(Scn.of(2161580));
  }

  @Test
  void toString_showsTheMapForm() {
    assertThat(delivered().toString())
        .isEqualTo(
            "Position{v=1, resume_scn=2161573, resume.1=0x000007.00018a2d.009c,"
                + " commit_scn=2161580, commit_address=1:0x000007.00018a2e.0010,"
                + " commit_index="
                + Long.MAX_VALUE
                + "}");
  }

  @Test
  void stateCrossesToTheTokenAndBack() {
    Position p = delivered();
    assertThat(PositionState.of(p).toPosition()).isEqualTo(p);
    assertThat(PositionState.of(p).lastCommit()).isEqualTo(COMMIT);
  }

  @Test
  void fromMap_rejectsWhatIsNoPosition() {
    assertThatThrownBy(() -> Position.fromMap(Map.of("resume_scn", "1")))
        .isInstanceOfSatisfying(
            CdcException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_POSITION));
  }
}
