package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.ResumePoint;
import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.core.CommitMark;
import dev.redoline.core.Incarnation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.PositionState;
import dev.redoline.core.internal.SnapshotProgress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * Where restart positions are made (docs/architecture.md#positions, rule 4): it keeps the
 * per-thread cursors, the session start floor of the last step and the first SCN of every planned
 * log, and asks the buffer (open transactions), the sequencer (committed ones not yet published)
 * and the applier (excluded users' transactions, those a first start read only in part) what they
 * hold back ({@link #held()}); {@link Base} turns that into the position of an event. It also keeps
 * what the sink acknowledged and tells the buffer at once. Capture thread only, but for {@link
 * #acknowledge} and {@link #acknowledged} (the sink's thread).
 *
 * <h2>What a position holds</h2>
 *
 * The resume address of a thread is the highest address below which nothing is needed again: the
 * lowest of its cursor, the first unjournaled row of each open transaction (from the buffer), and
 * the first row of each committed transaction not yet delivered in full (its COMMIT, when this run
 * read nothing else of a transaction reloaded from the journal). An event of a transaction in the
 * middle of it keeps that transaction's first row in the resume addresses; its last event no longer
 * does. The resume SCN is the lowest SCN among those rows, else the step's end SCN.
 */
final class Positions {

  /** Above every real redo address: a start mark that orders after every commit at an SCN. */
  private static final RedoAddress END_OF_REDO =
      new RedoAddress(Integer.MAX_VALUE, 0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF);

  /**
   * What positions are made from after a step.
   *
   * @param cursors per thread, the last applied address
   * @param open what the buffer's open transactions hold back
   * @param waiting committed transactions not yet published
   * @param floor the session start SCN of the last step: at or below the first SCN of every
   *     cursor's log
   * @param firstScnOf the first SCN of the log holding an address, or {@code null} if unknown
   * @param excludedOpen open transactions of excluded users whose START was not mined
   * @param incarnation the incarnation the cursors are in, or {@code null} before it is known
   * @param partialOpen open transactions a first start read only in part (their commits not mined
   *     yet; those mined and waiting say so themselves, {@link CommitSequencer.Ready#partial})
   */
  record Held(
      Map<Integer, RedoAddress> cursors,
      ResumePoint open,
      List<CommitSequencer.Ready> waiting,
      Scn floor,
      java.util.function.Function<RedoAddress, Scn> firstScnOf,
      Set<Xid> excludedOpen,
      Incarnation incarnation,
      Set<Xid> partialOpen) {

    /** Per thread, the lowest log sequence a position built now may point into. */
    Map<Integer, Long> oldestSequences() {
      Map<Integer, Long> oldest = new java.util.HashMap<>();
      cursors.forEach((t, a) -> oldest.merge(t, a.sequence(), Math::min));
      open.addresses().forEach((t, a) -> oldest.merge(t, a.sequence(), Math::min));
      for (CommitSequencer.Ready ready : waiting) {
        oldest.merge(ready.holdsAddress().thread(), ready.holdsAddress().sequence(), Math::min);
      }
      return oldest;
    }
  }

  private final TransactionBuffer buffer;
  private final CommitSequencer sequencer;
  private final StepApplier applier;
  private final LogBounds bounds = new LogBounds();
  private final TreeMap<Integer, RedoAddress> cursors = new TreeMap<>();
  private Scn floor;

  /** The incarnation the cursors and the floor are in; {@code null} until it is known. */
  private Incarnation incarnation;

  /**
   * The position the sink acknowledged last, or the start position; written by the sink's thread.
   */
  private volatile PositionState acknowledged;

  Positions(TransactionBuffer buffer, CommitSequencer sequencer, StepApplier applier) {
    this.buffer = buffer;
    this.sequencer = sequencer;
    this.applier = applier;
  }

  /**
   * A start position ready for the engine: a first start (no commit yet) gets a commit mark after
   * every real commit at its SCN, so commits at or before it count as delivered.
   */
  static PositionState startMark(PositionState from) {
    return from.lastCommit() != null
        ? from
        : from.withDelivered(new CommitMark(from.resumeScn(), END_OF_REDO), PositionState.WHOLE);
  }

  /**
   * The capture starts at {@code start}: its resume addresses are the cursors, its resume SCN the
   * floor.
   */
  void begin(PositionState start) {
    cursors.putAll(start.resume());
    floor = start.resumeScn();
    incarnation = start.incarnation();
    acknowledge(start); // what the start position says was delivered is acknowledged
  }

  /**
   * Sink thread: the sink has delivered everything up to {@code position}. The buffer learns it
   * now, on this thread ({@link TransactionBuffer#acknowledged}), whatever the capture thread is
   * doing: a step blocked in a long query does not hold back what the acknowledgement frees.
   */
  void acknowledge(PositionState position) {
    acknowledged = position;
    CommitMark mark = position.lastCommit();
    if (mark != null) {
      buffer.acknowledged(mark, position.lastIndex() == PositionState.WHOLE);
    }
  }

  /**
   * The position acknowledged last, the start position before any; {@code null} before the first
   * start.
   */
  PositionState acknowledged() {
    return acknowledged;
  }

  /** Forgets the cursors: the capture starts over. */
  void clear() {
    cursors.clear();
  }

  /** The incarnation the cursors are in, or {@code null} while it is not known. */
  Incarnation incarnation() {
    return incarnation;
  }

  /** The cursors are in {@code current}: learnt at a first start, or from an older position. */
  void inIncarnation(Incarnation current) {
    incarnation = current;
  }

  /**
   * The capture moves on to incarnation {@code next} after mining its parent up to the RESETLOGS
   * SCN: no cursor yet, every thread read from that SCN, the new incarnation's first.
   */
  void enterIncarnation(Incarnation next) {
    cursors.clear();
    floor = next.resetlogsScn();
    incarnation = next;
  }

  /** Per thread, the last applied address. */
  Map<Integer, RedoAddress> cursors() {
    return Collections.unmodifiableMap(cursors);
  }

  /**
   * The session start SCN of the last applied step (the start position's resume SCN before one).
   */
  Scn floor() {
    return floor;
  }

  /** A step of {@code plan} is mined: its logs' first SCNs are kept. */
  void planned(StepPlan plan) {
    bounds.note(plan);
  }

  /** A step of {@code plan} was applied in full, up to {@code ends}. */
  void applied(StepPlan plan, Map<Integer, RedoAddress> ends) {
    cursors.putAll(ends);
    floor = plan.startScn();
  }

  /**
   * The V$ARCHIVED_LOG rows a plan needs have their NEXT_CHANGE# above this: the lowest first SCN
   * of the logs holding the cursors (the session start of the next step cannot be lower).
   */
  Scn listingFloor() {
    Scn lowest = floor;
    for (RedoAddress cursor : cursors.values()) {
      Scn logStart = bounds.firstScnOf(cursor);
      if (logStart != null) {
        lowest = Scn.min(lowest, logStart);
      }
    }
    return lowest.equals(Scn.ZERO) ? Scn.ZERO : lowest.minus(1);
  }

  /**
   * What the capture holds back now; logs no position built from it can point into are forgotten.
   */
  Held held() {
    Held held =
        new Held(
            cursors,
            buffer.resumePoint(),
            waiting(sequencer),
            floor,
            bounds::firstScnOf,
            applier.excludedWithoutStart(),
            incarnation,
            applier.begunBeforeRedo());
    held.oldestSequences().forEach(bounds::forgetBefore);
    return held;
  }

  private static List<CommitSequencer.Ready> waiting(CommitSequencer sequencer) {
    List<CommitSequencer.Ready> waiting = new ArrayList<>();
    sequencer.forEachWaiting(waiting::add);
    return waiting;
  }

  /** Resume addresses and SCN under construction; {@link #with} copies. */
  static final class Base {
    private final NavigableMap<Integer, RedoAddress> resume;
    private final java.util.function.Function<RedoAddress, Scn> firstScnOf;
    private final Set<Xid> excludedOpen;
    private final Incarnation incarnation;

    /**
     * Open or undelivered transactions a first start read only in part; replaced, never changed.
     */
    private Set<Xid> partialOpen;

    private Scn scn;

    Base(
        NavigableMap<Integer, RedoAddress> resume,
        Scn scn,
        java.util.function.Function<RedoAddress, Scn> firstScnOf,
        Set<Xid> excludedOpen,
        Incarnation incarnation,
        Set<Xid> partialOpen) {
      this.resume = resume;
      this.scn = scn;
      this.firstScnOf = firstScnOf;
      this.excludedOpen = excludedOpen;
      this.incarnation = incarnation;
      this.partialOpen = Set.copyOf(partialOpen);
    }

    /** What {@code held} holds back, before any transaction of the batch being published. */
    static Base of(Held held) {
      Base base =
          new Base(
              new TreeMap<>(held.cursors()),
              held.floor(),
              held.firstScnOf(),
              Set.copyOf(held.excludedOpen()),
              held.incarnation(),
              held.partialOpen());
      held.cursors().values().forEach(base::holdLogOf);
      held.open().addresses().forEach((thread, address) -> base.hold(address));
      if (held.open().scn().isPresent()) {
        base.holdScn(held.open().scn().get());
      }
      for (CommitSequencer.Ready waiting : held.waiting()) {
        base.holdReady(waiting);
      }
      return base;
    }

    /** Lowers the resume SCN to the first SCN of the log holding {@code address}, when known. */
    void holdLogOf(RedoAddress address) {
      Scn logStart = firstScnOf.apply(address);
      if (logStart != null) {
        holdScn(logStart);
      }
    }

    /** Keeps the redo from {@code first} on, and the SCN that makes a restart choose its log. */
    void hold(RedoAddress first) {
      resume.merge(
          first.thread(), StepReader.predecessor(first), (a, b) -> a.compareTo(b) <= 0 ? a : b);
      Scn logStart = firstScnOf.apply(first);
      if (logStart != null) {
        holdScn(logStart);
      }
    }

    void holdScn(Scn first) {
      scn = Scn.min(scn, first);
    }

    void holdReady(CommitSequencer.Ready ready) {
      if (ready.partial()) {
        // a restart before it is delivered reads it again and must mark it again
        Set<Xid> more = new java.util.HashSet<>(partialOpen);
        more.add(ready.published().xid());
        partialOpen = Set.copyOf(more);
      }
      hold(ready.holdsAddress());
      holdScn(ready.holdsScn());
    }

    Base with(CommitSequencer.Ready ready) {
      Base copy =
          new Base(new TreeMap<>(resume), scn, firstScnOf, excludedOpen, incarnation, partialOpen);
      copy.holdReady(ready);
      return copy;
    }

    PositionState position(CommitMark mark, long index) {
      return new PositionState(
          scn,
          resume,
          mark,
          mark == null ? PositionState.WHOLE : index,
          excludedOpen,
          SnapshotProgress.UNTRACKED,
          incarnation,
          partialOpen);
    }
  }
}
