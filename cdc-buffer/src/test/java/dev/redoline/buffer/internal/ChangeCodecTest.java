package dev.redoline.buffer.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.VectorValue;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChangeCodecTest {

  @TempDir Path temp;

  /** One row holding every Row value type, Absent, NULL and Marker. */
  static Row everyValueType() {
    return Row.of(
        42L,
        -7L,
        new BigDecimal("-123456789012345678901234567890.000123"),
        new BigDecimal("12.50"),
        1.5f,
        Float.NaN,
        -0.0d,
        Double.MAX_VALUE,
        "plain",
        "ünïcødé 中文 😀",
        "\uD800 unpaired",
        "",
        LocalDateTime.of(2024, 2, 29, 23, 59, 59, 123456789),
        OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 1, ZoneOffset.ofHoursMinutes(-3, -30)),
        ZonedDateTime.of(LocalDateTime.of(2024, 10, 27, 2, 30), ZoneId.of("Europe/Paris"))
            .withLaterOffsetAtOverlap(),
        ZonedDateTime.of(2024, 3, 1, 12, 0, 0, 0, ZoneOffset.UTC),
        Instant.ofEpochSecond(-5, 999_999_999),
        Period.of(1, -2, 3),
        Duration.ofSeconds(-90, 5),
        Bytes.fromHex("00ff10"),
        Bytes.fromHex(""),
        Marker.EMPTY_CLOB,
        Marker.EMPTY_BLOB,
        Marker.UNSUPPORTED_TYPE,
        Boolean.TRUE,
        Boolean.FALSE,
        VectorValue.ofFloat32(1.5f, -2f),
        VectorValue.ofFloat64(-0.0),
        VectorValue.ofInt8((byte) -1),
        VectorValue.ofBinary((byte) 0xA5),
        Absent.NOT_LOGGED,
        Absent.EXCLUDED,
        null);
  }

  static Change updateOfEveryType() {
    Row before = everyValueType();
    return new Change(
        Operation.UPDATE,
        new TableId("PDB1", "S", "My Table"),
        3,
        before,
        before.toBuilder().set(0, 43L).build(),
        Scn.MAX,
        new RedoAddress(2, 0xFFFF_FFFFL, 7, 65535),
        -1,
        "AAAR3sAAEAAAACXAAA",
        Instant.parse("2026-01-01T00:00:00Z"));
  }

  private static Change roundTrip(Change change) {
    ByteWriter out = new ByteWriter(16);
    ChangeCodec.write(change, out);
    return ChangeCodec.read(new ByteReader(out.array(), 0, out.size()));
  }

  @Test
  void read_everyValueType_returnsAnEqualChange() {
    Change change = updateOfEveryType();
    Change back = roundTrip(change);
    assertThat(back).isEqualTo(change);
    assertThat(((ZonedDateTime) back.after().get(14)).getOffset())
        .isEqualTo(((ZonedDateTime) change.after().get(14)).getOffset());
  }

  @Test
  void read_insertDeleteTruncate_returnEqualChanges() {
    Change insert = Changes.insert(1, 2);
    Change delete =
        new Change(
            Operation.DELETE,
            Changes.TABLE,
            1,
            Row.of(1L),
            null,
            Scn.of(3),
            Changes.address(3),
            0,
            null,
            Changes.TIME);
    Change truncate =
        new Change(
            Operation.TRUNCATE,
            Changes.TABLE,
            1,
            null,
            null,
            Scn.of(4),
            Changes.address(4),
            0,
            null,
            Changes.TIME);
    assertThat(roundTrip(insert)).isEqualTo(insert);
    assertThat(roundTrip(delete)).isEqualTo(delete);
    assertThat(roundTrip(truncate)).isEqualTo(truncate);
  }

  @Test
  void iterate_spillFileWithFlippedByte_failsWithSpillFileCorrupt() throws Exception {
    Path file = temp.resolve("tx.spill");
    SpillStore store = SpillStore.create(file, 64);
    for (int i = 0; i < 3; i++) {
      store.add(Changes.insert(i, i + 1), i);
    }
    SpilledSequence sequence = store.publish();
    byte[] bytes = Files.readAllBytes(file);
    int secondFrame = (int) (bytes.length * 0.5);
    bytes[secondFrame] ^= 0x40;
    Files.write(file, bytes);

    Iterator<Change> it = sequence.iterator();
    assertThatThrownBy(
            () -> {
              while (it.hasNext()) {
                it.next();
              }
            })
        .isInstanceOf(CdcException.class)
        .satisfies(
            e -> assertThat(((CdcException) e).errorCode()).isEqualTo(ErrorCode.SPILL_FILE_CORRUPT))
        .hasMessageStartingWith(
            "CDC-2101 A transaction spill file failed its checksum or ended early: "
                + "spill file "
                + file
                + ": checksum mismatch in frame at offset ");
    sequence.delete();
  }

  @Test
  void iterate_truncatedSpillFile_failsWithEndedEarly() throws Exception {
    Path file = temp.resolve("tx.spill");
    SpillStore store = SpillStore.create(file, 64);
    store.add(Changes.insert(1, 1), 0);
    store.add(Changes.insert(2, 2), 1);
    SpilledSequence sequence = store.publish();
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 5));

    assertThatThrownBy(() -> sequence.forEach(c -> {}))
        .isInstanceOf(CdcException.class)
        .hasMessageContaining("CDC-2101")
        .hasMessageContaining("ends early: frame cut short at offset ");
    sequence.delete();
  }

  @Test
  void create_spillFile_isOwnerOnly() throws Exception {
    Path dir = temp.resolve("spill");
    FrameWriter.createOwnerOnlyDirectory(dir);
    SpillStore store = SpillStore.create(dir.resolve("a.spill"), 64);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwx------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(store.path())))
        .isEqualTo("rw-------");
    store.discard();
    assertThat(store.path()).doesNotExist();
  }

  @Test
  void open_leftoverSpillFiles_areDeleted() throws Exception {
    Path dir = temp.resolve("spill");
    FrameWriter.createOwnerOnlyDirectory(dir);
    Files.writeString(dir.resolve("tx-0700010001000000-3.spill"), "left by a crash");
    Files.writeString(dir.resolve("keep.txt"), "not ours");
    TransactionBuffer buffer = TransactionBuffer.builder().spillDirectory(dir).build();
    buffer.open();
    assertThat(dir.resolve("tx-0700010001000000-3.spill")).doesNotExist();
    assertThat(dir.resolve("keep.txt")).exists();
  }
}
