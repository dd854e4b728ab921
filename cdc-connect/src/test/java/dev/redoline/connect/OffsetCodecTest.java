package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class OffsetCodecTest {

  static Position midTransaction() {
    TreeMap<Integer, RedoAddress> resume = new TreeMap<>();
    resume.put(1, new RedoAddress(1, 7, 100909, 156));
    return PositionState.start(Scn.of(2161573))
        .withResume(Scn.of(2161573), resume)
        .withDelivered(new CommitMark(Scn.of(2161600), new RedoAddress(1, 7, 100950, 16)), 3)
        .toPosition();
  }

  @Test
  void toOffset_roundTripsThroughFromOffset() {
    Position p = midTransaction();
    assertThat(OffsetCodec.fromOffset(OffsetCodec.toOffset(p))).isEqualTo(p);
    assertThat(OffsetCodec.toOffset(p)).containsEntry("v", 1).containsEntry("commit_index", 3L);
  }

  @Test
  void toPartition_namesTheServer() {
    assertThat(OffsetCodec.toPartition("shop")).isEqualTo(Map.of("server", "shop"));
  }

  @Test
  void fromOffset_nullWhenNothingStored() {
    assertThat(OffsetCodec.fromOffset(null)).isNull();
  }

  @Test
  void validate_acceptsAReset() {
    OffsetCodec.validate(Map.of("server", "shop"), null);
  }

  @Test
  void validate_rejectsAPartitionWithoutServer() {
    assertThatThrownBy(
            () ->
                OffsetCodec.validate(Map.of("table", "x"), OffsetCodec.toOffset(midTransaction())))
        .isInstanceOf(CdcException.class)
        .hasMessageStartingWith("CDC-4007 ")
        .hasMessageContaining("Source partition {table=x}: expected exactly one key 'server'");
  }

  @Test
  void validate_rejectsAnUnknownVersion() {
    assertThatThrownBy(
            () -> OffsetCodec.validate(Map.of("server", "shop"), Map.of("v", 9, "resume_scn", "1")))
        .isInstanceOf(CdcException.class)
        .hasMessageContaining("version 9 is not one this Redoline reads");
  }
}
