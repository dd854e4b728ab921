package dev.redoline.core.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.Commit;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Incarnation;
import dev.redoline.core.Position;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.lang.invoke.MethodHandles;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a {@link Position} holds, and what the engine does with it: everything a capture needs to
 * resume so that nothing repeats and nothing is skipped (docs/architecture.md#positions, rule 4).
 * Users only store and hand back the opaque {@link Position}; the library's modules read and make
 * positions through this record ({@link #of}, {@link #toPosition}).
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
 * versions stay readable ({@link PositionCodec}).
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
public record PositionState(
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

  public PositionState {
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

  /** A first position: read logs from {@code scn}, nothing delivered yet. */
  public static PositionState start(Scn scn) {
    return new PositionState(
        scn, new TreeMap<>(), null, WHOLE, Set.of(), SnapshotProgress.UNTRACKED, null, Set.of());
  }

  /** This position with the resume SCN and per-thread addresses replaced. */
  public PositionState withResume(Scn scn, Map<Integer, RedoAddress> addresses) {
    return new PositionState(
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
  public PositionState withSnapshot(SnapshotProgress progress) {
    return new PositionState(
        resumeScn, resume, lastCommit, lastIndex, excludedOpen, progress, incarnation, partialOpen);
  }

  /** This position with the incarnation replaced ({@code null}: unknown). */
  public PositionState withIncarnation(Incarnation of) {
    return new PositionState(
        resumeScn, resume, lastCommit, lastIndex, excludedOpen, snapshot, of, partialOpen);
  }

  /** This position with the open transactions a first start read only in part replaced. */
  public PositionState withPartialOpen(Set<Xid> xids) {
    return new PositionState(
        resumeScn, resume, lastCommit, lastIndex, excludedOpen, snapshot, incarnation, xids);
  }

  /**
   * This position after acknowledging the change at {@code index} of the transaction at {@code
   * commit}.
   */
  public PositionState withDelivered(CommitMark commit, long index) {
    return new PositionState(
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
  public static PositionState fromMap(Map<String, ?> map) {
    Checks.notNull(map, "map");
    return PositionCodec.read(map);
  }

  /**
   * The SCN a position stands at, for display: its last acknowledged commit's, else the resume SCN.
   */
  public Scn scn() {
    return lastCommit != null ? lastCommit.scn() : resumeScn;
  }

  /** What {@code position} holds. */
  public static PositionState of(Position position) {
    Checks.notNull(position, "position");
    return bridge().unwrap.apply(position);
  }

  /** This state as the token users store and hand back. */
  public Position toPosition() {
    return bridge().wrap.apply(this);
  }

  /**
   * How {@link Position}, whose constructor and field are private to it, is made from a state and
   * read back: {@link Position}'s class initializer hands both functions over once ({@link #bind}).
   * The same pattern as a JDK "shared secret": the public type stays opaque, and only the modules
   * cdc-core exports this package to can cross.
   */
  private record Bridge(
      Function<PositionState, Position> wrap, Function<Position, PositionState> unwrap) {}

  private static volatile Bridge bridge;

  /**
   * Called by {@link Position}'s class initializer alone.
   *
   * @throws IllegalStateException when called a second time
   */
  public static void bind(
      Function<PositionState, Position> wrap, Function<Position, PositionState> unwrap) {
    synchronized (Bridge.class) {
      if (bridge != null) {
        throw new IllegalStateException("Position is bound already");
      }
      bridge = new Bridge(wrap, unwrap);
    }
  }

  private static Bridge bridge() {
    Bridge b = bridge;
    if (b == null) {
      try {
        MethodHandles.lookup().ensureInitialized(Position.class); // runs bind
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
      b = bridge;
    }
    return b;
  }
}
