package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * A restart position: everything a capture needs to resume so that nothing repeats and nothing is
 * skipped (docs/architecture.md#positions, rule 4).
 *
 * <ul>
 *   <li>{@code resumeScn}: the SCN that chooses the logs to read on restart;
 *   <li>{@code resume}: per redo thread, the address after which the redo must be read again: the
 *       first change of the oldest open transaction that is not journaled, else the cursor;
 *   <li>{@code lastCommit} and {@code lastIndex}: the last acknowledged commit and how far into
 *       that transaction acknowledgements went, so that a restart after a partly acknowledged
 *       transaction skips the acknowledged part ({@link #WHOLE} when all of it was);
 *   <li>{@code excludedOpen}: transactions of excluded users ({@code cdc.users.exclude}) that were
 *       open and whose START row the capture never mined (begun before it). LogMiner names their
 *       user in no later row, and V$TRANSACTION forgets them once they end, so a restart after they
 *       ended could only learn from here that their rows are not to be captured. Transactions
 *       dropped from the buffer on request are named here too, until their end is mined;
 *   <li>{@code snapshot}: per table, how far its snapshot has come, and the unfinished ad-hoc
 *       snapshots ({@link SnapshotProgress});
 *   <li>{@code incarnation}: the database incarnation the resume addresses and SCNs were read in
 *       ({@code null} when unknown: a first position, or one written before version 5). After an
 *       OPEN RESETLOGS log sequences restart at 1 and SCNs are reused, so the capture compares it
 *       with the database's before it reads on (docs/offsets-and-recovery.md#resetlogs);
 *   <li>{@code partialOpen}: open transactions that a first start at the current SCN could read
 *       only from the oldest online log on (begun before it): each arrives marked partial ({@link
 *       Commit.Partial#FIRST_START}), also when the capture restarts before it commits, which only
 *       this set tells the restart. Empty but in the positions of a capture holding such a
 *       transaction.
 * </ul>
 *
 * <p>The {@linkplain #toMap() map form} holds primitives only and carries a version key {@code v},
 * so Kafka Connect can store it as a source offset and the embedded engine as a file. Older
 * versions stay readable.
 *
 * <pre>{@code
 * Position p = Position.start(Scn.parse("2161573"));
 * Map<String, Object> offset = p.toMap();
 * assert Position.fromMap(offset).equals(p);
 * }</pre>
 *
 * @param resumeScn the SCN from which logs are chosen on restart
 * @param resume per thread, the address after which redo is read again (sorted by thread)
 * @param lastCommit the last acknowledged commit, or {@code null} before the first
 * @param lastIndex the index of the last acknowledged change inside the transaction at {@code
 *     lastCommit}, or {@link #WHOLE}
 * @param excludedOpen open transactions of excluded users whose START was not mined
 * @param snapshot the progress of the capture's snapshots
 * @param incarnation the incarnation of the addresses and SCNs, or {@code null} when unknown
 * @param partialOpen open transactions a first start read only in part, to be marked partial
 */
public record Position(
    Scn resumeScn,
    SortedMap<Integer, RedoAddress> resume,
    CommitMark lastCommit,
    long lastIndex,
    Set<Xid> excludedOpen,
    SnapshotProgress snapshot,
    Incarnation incarnation,
    Set<Xid> partialOpen) {

  /**
   * The newest version of the map form: 2 adds {@code excluded}, 3 the {@code snapshot} keys, 4 the
   * {@code adhoc} keys of unfinished ad-hoc snapshots, 5 the {@code incarnation}, 6 {@code
   * partial}. A position is written in the lowest version that holds it (a position with none of
   * them is version 1, which every release reads).
   */
  public static final int VERSION = 6;

  /**
   * {@link #lastIndex()} when every change of the transaction at {@code lastCommit} is
   * acknowledged.
   */
  public static final long WHOLE = Long.MAX_VALUE;

  static final String KEY_VERSION = "v";
  static final String KEY_RESUME_SCN = "resume_scn";
  static final String KEY_RESUME_PREFIX = "resume.";
  static final String KEY_COMMIT_SCN = "commit_scn";
  static final String KEY_COMMIT_ADDRESS = "commit_address";
  static final String KEY_COMMIT_INDEX = "commit_index";
  static final String KEY_EXCLUDED = "excluded";
  static final String KEY_INCARNATION = "incarnation";
  static final String KEY_PARTIAL = "partial";

  public Position {
    Checks.notNull(resumeScn, "resumeScn");
    Checks.notNull(resume, "resume");
    TreeMap<Integer, RedoAddress> copy = new TreeMap<>(resume);
    copy.forEach(
        (thread, address) ->
            Checks.argument(
                address.thread() == thread,
                "Resume address %s is filed under thread %s",
                address,
                thread));
    resume = Collections.unmodifiableSortedMap(copy);
    Checks.argument(lastIndex >= 0, "lastIndex must not be negative: %s", lastIndex);
    Checks.argument(
        lastCommit != null || lastIndex == WHOLE, "lastIndex %s without a lastCommit", lastIndex);
    excludedOpen = Set.copyOf(Checks.notNull(excludedOpen, "excludedOpen"));
    Checks.notNull(snapshot, "snapshot");
    partialOpen = Set.copyOf(Checks.notNull(partialOpen, "partialOpen"));
  }

  /** A position without open transactions a first start read only in part. */
  public Position(
      Scn resumeScn,
      SortedMap<Integer, RedoAddress> resume,
      CommitMark lastCommit,
      long lastIndex,
      Set<Xid> excludedOpen,
      SnapshotProgress snapshot,
      Incarnation incarnation) {
    this(resumeScn, resume, lastCommit, lastIndex, excludedOpen, snapshot, incarnation, Set.of());
  }

  /** A position whose incarnation is not known. */
  public Position(
      Scn resumeScn,
      SortedMap<Integer, RedoAddress> resume,
      CommitMark lastCommit,
      long lastIndex,
      Set<Xid> excludedOpen,
      SnapshotProgress snapshot) {
    this(resumeScn, resume, lastCommit, lastIndex, excludedOpen, snapshot, null);
  }

  /** A position that tracks no snapshot. */
  public Position(
      Scn resumeScn,
      SortedMap<Integer, RedoAddress> resume,
      CommitMark lastCommit,
      long lastIndex,
      Set<Xid> excludedOpen) {
    this(resumeScn, resume, lastCommit, lastIndex, excludedOpen, SnapshotProgress.UNTRACKED);
  }

  /** A position without excluded open transactions. */
  public Position(
      Scn resumeScn,
      SortedMap<Integer, RedoAddress> resume,
      CommitMark lastCommit,
      long lastIndex) {
    this(resumeScn, resume, lastCommit, lastIndex, Set.of());
  }

  /** A first position: read logs from {@code scn}, nothing delivered yet. */
  public static Position start(Scn scn) {
    return new Position(scn, new TreeMap<>(), null, WHOLE);
  }

  /** This position with the resume SCN and per-thread addresses replaced. */
  public Position withResume(Scn scn, Map<Integer, RedoAddress> addresses) {
    return new Position(
        scn,
        new TreeMap<>(addresses),
        lastCommit,
        lastIndex,
        excludedOpen,
        snapshot,
        incarnation,
        partialOpen);
  }

  /** This position with the snapshot progress replaced. */
  public Position withSnapshot(SnapshotProgress progress) {
    return new Position(
        resumeScn, resume, lastCommit, lastIndex, excludedOpen, progress, incarnation, partialOpen);
  }

  /** This position with the incarnation replaced ({@code null}: unknown). */
  public Position withIncarnation(Incarnation of) {
    return new Position(
        resumeScn, resume, lastCommit, lastIndex, excludedOpen, snapshot, of, partialOpen);
  }

  /** This position with the open transactions a first start read only in part replaced. */
  public Position withPartialOpen(Set<Xid> xids) {
    return new Position(
        resumeScn, resume, lastCommit, lastIndex, excludedOpen, snapshot, incarnation, xids);
  }

  /**
   * This position after acknowledging the change at {@code index} of the transaction at {@code
   * commit}.
   */
  public Position withDelivered(CommitMark commit, long index) {
    return new Position(
        resumeScn,
        resume,
        Checks.notNull(commit, "commit"),
        index,
        excludedOpen,
        snapshot,
        incarnation,
        partialOpen);
  }

  /**
   * Whether the change at {@code index} of the transaction committed at {@code commit} was
   * acknowledged at or before this position: the test a restart applies to skip what was delivered.
   */
  public boolean isDelivered(CommitMark commit, long index) {
    if (lastCommit == null) {
      return false;
    }
    int c = commit.compareTo(lastCommit);
    return c < 0 || (c == 0 && index <= lastIndex);
  }

  /** The primitive map form, in a stable key order. */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put(
        KEY_VERSION,
        !partialOpen.isEmpty()
            ? 6
            : incarnation != null
                ? 5
                : !snapshot.adHoc().isEmpty()
                    ? 4
                    : snapshot.tracked() ? 3 : excludedOpen.isEmpty() ? 1 : 2);
    map.put(KEY_RESUME_SCN, resumeScn.toString());
    resume.forEach((thread, address) -> map.put(KEY_RESUME_PREFIX + thread, address.rsId().trim()));
    if (lastCommit != null) {
      map.put(KEY_COMMIT_SCN, lastCommit.scn().toString());
      map.put(KEY_COMMIT_ADDRESS, lastCommit.address().toString());
      map.put(KEY_COMMIT_INDEX, lastIndex);
    }
    if (!excludedOpen.isEmpty()) {
      map.put(KEY_EXCLUDED, hexList(excludedOpen));
    }
    snapshot.write(map);
    if (incarnation != null) {
      map.put(KEY_INCARNATION, incarnation.toString());
    }
    if (!partialOpen.isEmpty()) {
      map.put(KEY_PARTIAL, hexList(partialOpen));
    }
    return Collections.unmodifiableMap(map);
  }

  private static String hexList(Set<Xid> xids) {
    return xids.stream().map(Xid::toHex).sorted().collect(Collectors.joining(","));
  }

  /**
   * Reads the map form of any version this class knows.
   *
   * @throws CdcException with {@link ErrorCode#INVALID_POSITION} naming the key and value at fault
   *     when the map is not a position
   */
  public static Position fromMap(Map<String, ?> map) {
    Checks.notNull(map, "map");
    return PositionCodec.read(map);
  }
}
