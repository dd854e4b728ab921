package dev.redoline.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Bytes;
import dev.redoline.core.CdcException;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Incarnation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class PositionStateTest {

  private static final CommitMark COMMIT =
      new CommitMark(Scn.parse("18446744073709551000"), new RedoAddress(2, 12, 4000, 88));

  private static PositionState full() {
    TreeMap<Integer, RedoAddress> resume = new TreeMap<>();
    resume.put(1, new RedoAddress(1, 7, 100909, 156));
    resume.put(2, new RedoAddress(2, 12, 3999, 16));
    return PositionState.start(Scn.of(2161573))
        .withResume(Scn.of(2161573), resume)
        .withDelivered(COMMIT, 41);
  }

  @Test
  void toMap_isVersionedAndPrimitive() {
    Map<String, Object> map = full().toMap();
    assertThat(map)
        .containsExactly(
            Map.entry("v", 1),
            Map.entry("resume_scn", "2161573"),
            Map.entry("resume.1", "0x000007.00018a2d.009c"),
            Map.entry("resume.2", "0x00000c.00000f9f.0010"),
            Map.entry("commit_scn", "18446744073709551000"),
            Map.entry("commit_address", "2:0x00000c.00000fa0.0058"),
            Map.entry("commit_index", 41L));
  }

  @Test
  void fromMap_roundTrips() {
    assertThat(PositionState.fromMap(full().toMap())).isEqualTo(full());
    PositionState start = PositionState.start(Scn.MAX);
    assertThat(PositionState.fromMap(start.toMap())).isEqualTo(start);
  }

  @Test
  void snapshotProgress_roundTripsAsVersion3WithTypedKeys() {
    List<Object> key =
        java.util.Arrays.asList(
            42L,
            new java.math.BigDecimal("2.50"),
            "a:b;c",
            null,
            java.time.LocalDateTime.parse("2024-03-01T09:00:00.123"),
            Bytes.fromHex("0aff"));
    PositionState p =
        full()
            .withSnapshot(
                SnapshotProgress.NONE_YET
                    .with(TableId.of("SHOP", "ORDERS"), SnapshotProgress.TableProgress.after(key))
                    .with(
                        new TableId("PDB1", "SHOP", "my table"),
                        SnapshotProgress.TableProgress.DONE));
    Map<String, Object> map = p.toMap();
    assertThat(map)
        .containsEntry("v", 3)
        .containsEntry("snapshot", "tracked")
        .containsEntry("snapshot.PDB1.SHOP.\"my table\"", "done");
    PositionState back = PositionState.fromMap(map);
    assertThat(back).isEqualTo(p);
    assertThat(back.snapshot().tables().get(TableId.of("SHOP", "ORDERS")).lastKey()).isEqualTo(key);
    assertThat(back.snapshot().unfinished()).containsExactly(TableId.of("SHOP", "ORDERS"));
    // a position without snapshot tracking (nor excluded transactions) stays version 1
    assertThat(full().toMap()).containsEntry("v", 1).doesNotContainKey("snapshot");
  }

  @Test
  void unfinishedAdHocSnapshots_roundTripAsVersion4WithTheirFilterAndLastKey() {
    SnapshotProgress.AdHoc started =
        new SnapshotProgress.AdHoc(
            7, TableId.of("SHOP", "ORDERS"), "STATUS = 'NEW'", List.of(42L, "x.y"));
    SnapshotProgress.AdHoc queued =
        new SnapshotProgress.AdHoc(8, new TableId("PDB1", "SHOP", "ITEMS"), null, List.of());
    PositionState untracked =
        full().withSnapshot(SnapshotProgress.UNTRACKED.withAdHoc(queued).withAdHoc(started));
    Map<String, Object> map = untracked.toMap();
    assertThat(map)
        .containsEntry("v", 4)
        .doesNotContainKey("snapshot")
        .containsEntry("adhoc.7", "SHOP.ORDERS")
        .containsEntry("adhoc.7.after", "L2:42S3:x.y")
        .containsEntry("adhoc.7.filter", "STATUS = 'NEW'")
        .containsEntry("adhoc.8", "PDB1.SHOP.ITEMS")
        .doesNotContainKeys("adhoc.8.after", "adhoc.8.filter");
    PositionState back = PositionState.fromMap(map);
    assertThat(back).isEqualTo(untracked);
    assertThat(back.snapshot().adHoc()).containsExactly(started, queued);
    assertThat(back.snapshot().tracked()).isFalse();

    PositionState tracked =
        full()
            .withSnapshot(
                SnapshotProgress.NONE_YET
                    .with(TableId.of("SHOP", "ORDERS"), SnapshotProgress.TableProgress.DONE)
                    .withAdHoc(started));
    assertThat(PositionState.fromMap(tracked.toMap())).isEqualTo(tracked);
    // a complete ad-hoc snapshot leaves the position, which drops back to the version it needs
    assertThat(tracked.withSnapshot(tracked.snapshot().withoutAdHoc(7)).toMap())
        .containsEntry("v", 3)
        .doesNotContainKey("adhoc.7");
  }

  @Test
  void incarnation_roundTripsAsVersion5AndOlderVersionsReadWithoutIt() {
    Incarnation incarnation =
        new Incarnation(Scn.of(5101), java.time.LocalDateTime.parse("2024-03-01T09:20:00"));
    PositionState p = full().withIncarnation(incarnation);
    assertThat(p.toMap())
        .containsEntry("v", 5)
        .containsEntry("incarnation", "5101@2024-03-01T09:20:00");
    assertThat(PositionState.fromMap(p.toMap())).isEqualTo(p);
    assertThat(PositionState.fromMap(full().toMap()).incarnation()).isNull();
    assertThat(p.withDelivered(p.lastCommit(), 3).incarnation()).isEqualTo(incarnation);
    assertThat(p.withSnapshot(SnapshotProgress.NONE_YET).incarnation()).isEqualTo(incarnation);
  }

  @Test
  void partialOpen_roundTripsAsVersion6AndOtherPositionStatesStayBelow() {
    Xid first = new Xid(10, 11, 855);
    Xid second = new Xid(3, 4, 5);
    PositionState p = full().withPartialOpen(java.util.Set.of(first, second));
    assertThat(p.toMap())
        .containsEntry("v", 6)
        .containsEntry("partial", second.toHex() + "," + first.toHex());
    assertThat(PositionState.fromMap(p.toMap())).isEqualTo(p);
    assertThat(p.withDelivered(p.lastCommit(), 3).partialOpen()).containsOnly(first, second);
    assertThat(p.withResume(Scn.of(2), Map.of()).partialOpen()).containsOnly(first, second);
    assertThat(full().toMap()).containsEntry("v", 1).doesNotContainKey("partial");
    assertRejected(
        Map.of("v", 5, "resume_scn", "4", "partial", first.toHex()), "unknown key 'partial'");
    assertRejected(Map.of("v", 6, "resume_scn", "4", "partial", "zz"), "partial='zz': Not an XID");
  }

  @Test
  void fromMap_acceptsJsonNumberShapes() {
    Map<String, Object> map = new HashMap<>(full().toMap());
    map.put("v", 1L);
    map.put("commit_index", "41");
    assertThat(PositionState.fromMap(map)).isEqualTo(full());
  }

  @Test
  void fromMap_rejectsMalformedNamingKeyAndValue() {
    assertRejected(Map.of("resume_scn", "1"), "key 'v' is missing");
    assertRejected(
        Map.of("v", 7, "resume_scn", "1"), "version 7 is not one this Redoline reads (1 to 6)");
    assertRejected(
        Map.of("v", 4, "resume_scn", "4", "incarnation", "1@2024-01-01T00:00:00"),
        "unknown key 'incarnation'");
    assertRejected(
        Map.of("v", 5, "resume_scn", "4", "incarnation", "1/2024"), "incarnation='1/2024'");
    assertRejected(Map.of("v", 3, "resume_scn", "4", "adhoc.1", "A.B"), "unknown key 'adhoc.1'");
    assertRejected(
        Map.of("v", 4, "resume_scn", "4", "adhoc.1.after", "L1:1"),
        "ad-hoc snapshot 1 without the key 'adhoc.1' naming its table");
    assertRejected(
        Map.of("v", 4, "resume_scn", "4", "adhoc.x", "A.B"),
        "key 'adhoc.x' does not name an ad-hoc");
    assertRejected(
        Map.of("v", 4, "resume_scn", "4", "adhoc.1", "A.B", "adhoc.1.size", "3"),
        "unknown key 'adhoc.1.size'");
    assertRejected(
        Map.of("v", 4, "resume_scn", "4", "adhoc.1", "A.B", "adhoc.1.after", "Q1:1"),
        "adhoc.1.after='Q1:1': unknown type 'Q'");
    assertRejected(
        Map.of("v", 2, "resume_scn", "4", "snapshot", "tracked"), "unknown key 'snapshot'");
    assertRejected(
        Map.of("v", 3, "resume_scn", "4", "snapshot.A.B", "done"), "without the key 'snapshot'");
    assertRejected(
        Map.of("v", 3, "resume_scn", "4", "snapshot", "tracked", "snapshot.A.B", "half"),
        "snapshot.A.B='half' is neither 'done' nor 'after:<key>'");
    assertRejected(
        Map.of("v", 3, "resume_scn", "4", "snapshot", "tracked", "snapshot.A.B", "after:L9:1"),
        "runs past the end");
    assertRejected(Map.of("v", 1, "resume_scn", "-4"), "resume_scn='-4': Not an SCN: '-4'");
    assertRejected(
        Map.of("v", 1, "resume_scn", "4", "resume.x", "0x1.1.1"),
        "key 'resume.x' does not end in a thread number");
    assertRejected(
        Map.of("v", 1, "resume_scn", "4", "resume.1", "nope"),
        "resume.1='nope': Not an RS_ID: 'nope'");
    assertRejected(
        Map.of("v", 1, "resume_scn", "4", "commit_scn", "5"), "must be present together");
    assertRejected(Map.of("v", 1, "resume_scn", "4", "typo", "5"), "unknown key 'typo'");
    assertRejected(Map.of("v", "one", "resume_scn", "4"), "v='one' is not a whole number");
    assertRejected(
        Map.of("v", 1, "resume_scn", "4", "excluded", "0a000b0057030000"),
        "unknown key 'excluded'");
    assertRejected(
        Map.of("v", 2, "resume_scn", "4", "excluded", "0a000b00,zz"),
        "excluded='0a000b00,zz': Not an XID");
  }

  @Test
  void excludedOpen_roundTripsAsVersion2AndAPositionStateWithoutItStaysVersion1() {
    Xid first = new Xid(10, 11, 855);
    Xid second = new Xid(3, 4, 5);
    PositionState withExcluded =
        new PositionState(
            Scn.of(4),
            new java.util.TreeMap<>(),
            null,
            PositionState.WHOLE,
            java.util.Set.of(first, second),
            SnapshotProgress.UNTRACKED,
            null,
            java.util.Set.of());

    Map<String, Object> map = withExcluded.toMap();
    assertThat(map)
        .containsEntry("v", 2)
        .containsEntry("excluded", second.toHex() + "," + first.toHex());
    assertThat(PositionState.fromMap(map)).isEqualTo(withExcluded);
    assertThat(
            withExcluded
                .withDelivered(new CommitMark(Scn.of(9), new RedoAddress(1, 2, 3, 4)), 0)
                .excludedOpen())
        .containsExactlyInAnyOrder(first, second);
    assertThat(full().toMap()).containsEntry("v", 1).doesNotContainKey("excluded");
  }

  private static void assertRejected(Map<String, ?> map, String problem) {
    assertThatThrownBy(() -> PositionState.fromMap(map))
        .isInstanceOfSatisfying(
            CdcException.class,
            e -> {
              assertThat(e.errorCode()).isEqualTo(ErrorCode.INVALID_POSITION);
              assertThat(e.detail()).startsWith("Stored position ").contains(problem);
            });
  }

  @Test
  void isDelivered_skipsAcknowledgedPartOfTransaction() {
    PositionState p = PositionState.start(Scn.of(1)).withDelivered(COMMIT, 41);
    assertThat(p.isDelivered(COMMIT, 41)).isTrue();
    assertThat(p.isDelivered(COMMIT, 42)).isFalse();
    CommitMark sameScnLaterAddress = new CommitMark(COMMIT.scn(), new RedoAddress(2, 12, 4000, 89));
    assertThat(p.isDelivered(sameScnLaterAddress, 0)).isFalse();
    CommitMark earlier = new CommitMark(Scn.of(5), new RedoAddress(1, 1, 1, 1));
    assertThat(p.isDelivered(earlier, Long.MAX_VALUE - 1)).isTrue();
    assertThat(PositionState.start(Scn.of(1)).isDelivered(earlier, 0)).isFalse();
    assertThat(p.withDelivered(COMMIT, PositionState.WHOLE).isDelivered(COMMIT, 1_000_000))
        .isTrue();
  }

  @Test
  void constructor_rejectsAddressUnderWrongThread() {
    TreeMap<Integer, RedoAddress> resume = new TreeMap<>();
    resume.put(1, new RedoAddress(2, 1, 1, 1));
    assertThatThrownBy(() -> PositionState.start(Scn.of(1)).withResume(Scn.of(1), resume))
        .hasMessage("Resume address 2:0x000001.00000001.0001 is filed under thread 1");
  }
}
