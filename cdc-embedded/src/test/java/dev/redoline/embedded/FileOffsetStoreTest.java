package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileOffsetStoreTest extends OffsetStoreContractTest {

  @TempDir Path dir;

  @Override
  OffsetStore store() {
    return FileOffsetStore.open(dir.resolve("offsets.json"));
  }

  @Override
  OffsetStore reopen() {
    return FileOffsetStore.open(dir.resolve("offsets.json"));
  }

  @Test
  void store_writesTheVersionedMapFormAndLeavesNoTemporaryFile() throws Exception {
    store().store(position(100, 3));
    assertThat(Files.readString(dir.resolve("offsets.json")))
        .isEqualTo(
            "{\"format\":1,\"position\":{\"v\":1,"
                + "\"resume_scn\":\"100\",\"resume.1\":\"0x000007.00018a2d.009c\",\"commit_scn\":\"105\","
                + "\"commit_address\":\"2:0x000008.00000011.0010\",\"commit_index\":3}}\n");
    assertThat(dir.resolve("offsets.json.tmp")).doesNotExist();
  }

  @Test
  void anUnfinishedAdHocSnapshot_withItsFilterAndLastKey_survivesTheFile() {
    dev.redoline.core.internal.SnapshotProgress.AdHoc adHoc =
        new dev.redoline.core.internal.SnapshotProgress.AdHoc(
            3,
            dev.redoline.core.TableId.of("SHOP", "ORDERS"),
            "NOTE = 'a \"b\"\\\n' AND ID > 2",
            java.util.List.of(7L, "k:1"));
    dev.redoline.core.Position p =
        dev.redoline.core.internal.PositionState.of(position(100, 3))
            .withSnapshot(dev.redoline.core.internal.SnapshotProgress.UNTRACKED.withAdHoc(adHoc))
            .toPosition();
    store().store(p);
    assertThat(reopen().load()).contains(p);
  }

  @Test
  void load_ignoresATemporaryFileLeftByACrash() throws Exception {
    store().store(position(100, 3));
    Files.writeString(dir.resolve("offsets.json.tmp"), "{\"format\":1,\"posi");
    assertThat(reopen().load()).contains(position(100, 3));
    store().store(position(200, 1));
    assertThat(reopen().load()).contains(position(200, 1));
  }

  @Test
  void load_refusesAnUnknownFormat() throws Exception {
    Files.writeString(dir.resolve("offsets.json"), "{\"format\":9,\"position\":{}}");
    assertThatThrownBy(() -> store().load())
        .isInstanceOf(CdcException.class)
        .satisfies(
            e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.INVALID_POSITION))
        .satisfies(
            e ->
                assertThat(((CdcException) e).detail())
                    .isEqualTo(
                        "the offset file "
                            + dir.resolve("offsets.json")
                            + " has format 9, this Redoline reads format 1"));
  }

  @Test
  void load_namesTheFileOfABrokenPosition() throws Exception {
    Files.writeString(dir.resolve("offsets.json"), "{\"format\":1,\"position\":{\"v\":1}}");
    assertThatThrownBy(() -> store().load())
        .isInstanceOf(CdcException.class)
        .satisfies(
            e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.INVALID_POSITION))
        .satisfies(
            e ->
                assertThat(((CdcException) e).detail())
                    .startsWith("the offset file " + dir.resolve("offsets.json")));
  }

  @Test
  void load_refusesTextThatIsNotJson() throws Exception {
    Files.writeString(dir.resolve("offsets.json"), "scn=5");
    assertThatThrownBy(() -> store().load())
        .isInstanceOf(CdcException.class)
        .hasMessageContaining("is not valid: Not valid JSON at offset 0");
  }
}
