package dev.redoline.buffer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.StreamedLob;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One buffered transaction: what its START said, its changes (on the heap or spilled), and how much
 * of it the journal holds. Apply-thread only.
 *
 * <pre>{@code
 * OpenTransaction tx = new OpenTransaction(xid, scn, address, time, "APP", clock.instant());
 * long bytes = tx.add(change);
 * }</pre>
 *
 * <p>Past 400 lines because where the journal may end is one state with the changes it covers: the
 * positions, the addresses read, the rows held back and the removals must move together, and split
 * apart each would need the others' fields.
 */
final class OpenTransaction {

  private Xid xid;
  private Scn startScn;
  private final RedoAddress startAddress;
  private final Instant startTime;
  private String user;
  private final Instant openedAt;

  private MemoryStore memory = new MemoryStore();
  private SpillStore spill;
  private int nextPosition;
  private RedoAddress firstAddress;
  private RedoAddress lastAddress;

  /**
   * The highest address of a row of this transaction read: how far it was read. Not {@link
   * #lastAddress}, which moves back when a change held back while its LOB rows were read is added
   * at the address of its DML row; a journal mark there would make a restart read those LOB rows
   * again without their DML row (CDC-3006).
   */
  private RedoAddress highestAddress;

  /**
   * The SCN of the row at {@link #lastAddress}; null when this run has not seen it (a transaction
   * reloaded from the journal: the journal keeps changes, not every row it covers).
   */
  private Scn lastScn;

  // Journal state: positions below journaledPositions are in the journal, up to journaledUpTo.
  private int journaledPositions;
  private RedoAddress journaledUpTo;
  private Instant journaledAt;
  private final List<JournalEntry.Removal> pendingRemovals = new ArrayList<>();

  /**
   * The LOB files of this transaction's streamed values, written or sealed: released with the
   * change that carries one, or all with the transaction. While there is one the transaction is not
   * journaled (a journal must not refer to a file that a restart deletes), so a restart reads it
   * again from its first row not journaled before.
   */
  private final List<LobFile> lobFiles = new ArrayList<>();

  /** The lowest SCN among redo rows applied after the journal mark (start SCN when none). */
  private Scn unjournaledScn;

  private RedoAddress firstUnjournaled;

  OpenTransaction(
      Xid xid,
      Scn startScn,
      RedoAddress startAddress,
      Instant startTime,
      String user,
      Instant openedAt) {
    this.xid = xid;
    this.startScn = startScn;
    this.startAddress = startAddress;
    this.startTime = startTime;
    this.user = user;
    this.openedAt = openedAt;
    this.unjournaledScn = startScn;
    this.firstUnjournaled = startAddress;
    this.firstAddress = startAddress;
    this.lastAddress = startAddress;
    this.highestAddress = startAddress;
    this.lastScn = startAddress == null ? null : startScn;
  }

  Xid xid() {
    return xid;
  }

  /** Learns the full id when a row names the transaction with its sequence known. */
  void refineXid(Xid known) {
    if (xid.hasUnknownSequence() && !known.hasUnknownSequence()) {
      xid = known;
    }
  }

  Scn startScn() {
    return startScn;
  }

  RedoAddress startAddress() {
    return startAddress;
  }

  Instant startTime() {
    return startTime;
  }

  String user() {
    return user;
  }

  Instant openedAt() {
    return openedAt;
  }

  long size() {
    return spill != null ? spill.live() : memory.live();
  }

  boolean spilled() {
    return spill != null;
  }

  long memoryBytes() {
    return spill != null ? spill.memoryBytes() : memory.bytes();
  }

  long diskBytes() {
    return spill != null ? spill.diskBytes() : 0;
  }

  long segmentsRead() {
    return spill != null ? spill.segmentsRead() : 0;
  }

  RedoAddress firstAddress() {
    return firstAddress;
  }

  RedoAddress lastAddress() {
    return lastAddress;
  }

  /** The SCN of the last row this run applied, or null when this run applied none of it. */
  Scn lastScn() {
    return lastScn;
  }

  /** Reloaded from the journal: which row came last, and its SCN, is not known to this run. */
  void forgetLastScn() {
    lastScn = null;
  }

  /** Appends a change; returns its position. */
  int add(Change change) {
    int position = nextPosition++;
    if (spill != null) {
      spill.add(change, position);
    } else {
      memory.add(change);
    }
    noteRow(change.address(), change.scn());
    if (startScn.equals(Scn.ZERO) && position == 0) {
      startScn = change.scn();
      unjournaledScn = change.scn();
    }
    return position;
  }

  // Rows read but not in the transaction yet (a change its LOB rows are still completing), from
  // heldFrom on: the journal may hold the part before them only (beforeHeld, the positions below
  // positionsBeforeHeld), since a restart must read the held rows again together.
  private RedoAddress heldFrom;
  private Scn heldScn;
  private RedoAddress beforeHeld;
  private int positionsBeforeHeld;
  private boolean filesBeforeHeld;

  // The hold last ended, for a row held again at once (the b3 ROW_ID wait, then its LOB rows).
  private RedoAddress endedHoldFrom;
  private RedoAddress endedBeforeHeld;
  private int endedPositions = -1;
  private int endedRemovals;

  // Changes removed (undo rows), and how many when the hold began: a removal while held comes from
  // a row after heldFrom, which a restart reads again, so no entry ending before heldFrom may
  // carry it (nor leave out the change it removed).
  private int removals;
  private int removalsAtHold;

  /** Whether rows of this transaction are held back: see {@link #hold}. */
  boolean held() {
    return heldFrom != null;
  }

  /**
   * A row at {@code address} is kept back by the caller (its change is added later): from the first
   * such row on, nothing read is journaled until {@link #endHold}. Call before {@link #noteRow}.
   */
  void hold(RedoAddress address, Scn scn) {
    if (heldFrom != null) {
      return;
    }
    heldFrom = address;
    heldScn = scn;
    positionsBeforeHeld = nextPosition;
    filesBeforeHeld = !lobFiles.isEmpty();
    removalsAtHold = removals;
    if (highestAddress == null || !address.sameThread(highestAddress)) {
      beforeHeld = null; // nothing read before it to journal
    } else if (address.compareTo(highestAddress) > 0) {
      beforeHeld = highestAddress;
    } else if (address.equals(endedHoldFrom) && nextPosition == endedPositions) {
      beforeHeld = endedBeforeHeld; // the row just released, held again before anything was added
      removalsAtHold = endedRemovals;
    } else {
      beforeHeld = null; // rows after it were read: where the journal could end is not known
    }
  }

  /** What {@link #hold} kept back was added: the whole transaction may be journaled again. */
  void endHold() {
    if (heldFrom != null) {
      endedHoldFrom = heldFrom;
      endedBeforeHeld = beforeHeld;
      endedPositions = positionsBeforeHeld;
      endedRemovals = removalsAtHold;
    }
    heldFrom = null;
    heldScn = null;
    beforeHeld = null;
  }

  /** Records that a redo row of this transaction was applied (after the journal mark). */
  void noteRow(RedoAddress address, Scn scn) {
    if (firstAddress == null) {
      firstAddress = address;
    }
    lastAddress = address;
    if (highestAddress == null
        || !address.sameThread(highestAddress)
        || address.compareTo(highestAddress) > 0) {
      highestAddress = address;
    }
    if (heldFrom != null && scn != null && scn.isBefore(heldScn) && !scn.equals(Scn.ZERO)) {
      heldScn = scn;
    }
    if (scn != null) {
      lastScn = scn;
    }
    if (firstUnjournaled == null) {
      firstUnjournaled = address;
      unjournaledScn = scn;
    } else if (scn != null && scn.isBefore(unjournaledScn) && !scn.equals(Scn.ZERO)) {
      unjournaledScn = scn;
    }
  }

  /**
   * Removes the newest live change with {@code rowId}; whether one was found. A change already
   * journaled is remembered so the next journal append records its removal.
   */
  boolean removeNewest(String rowId) {
    int position = spill != null ? spill.removeNewest(rowId) : memory.removeNewest(rowId);
    if (position < 0) {
      return false;
    }
    removals++;
    if (position < journaledPositions || !lobFiles.isEmpty()) {
      // Spilled: the slot is already marked removed, so read the frame back by its position.
      Change gone = spill != null ? spill.changeAtIgnoringRemoval(position) : memory.lastRemoved();
      if (position < journaledPositions) {
        pendingRemovals.add(JournalEntry.Removal.of(gone));
      }
      releaseLobsOf(gone);
    }
    return true;
  }

  /** A new LOB file of this transaction. */
  LobFile newLobFile(java.nio.file.Path path, boolean character) {
    LobFile file = LobFile.create(path, character);
    lobFiles.add(file);
    return file;
  }

  /** Deletes {@code file}, which no change of this transaction carries (any more). */
  void releaseLob(LobFile file) {
    lobFiles.remove(file);
    file.release();
  }

  /** Deletes the files of the streamed values {@code change} carries: it was undone. */
  private void releaseLobsOf(Change change) {
    Row after = change.after();
    for (int i = 0; after != null && i < after.size(); i++) {
      if (after.get(i) instanceof StreamedLob value) {
        for (LobFile file : List.copyOf(lobFiles)) {
          if (file.backs(value)) {
            releaseLob(file);
          }
        }
      }
    }
  }

  /** Whether a LOB file belongs to the transaction: it must not be journaled. */
  boolean holdsLobFiles() {
    return !lobFiles.isEmpty();
  }

  /**
   * Hands the LOB files over (at commit): the buffer releases them once the transaction is
   * acknowledged.
   */
  List<LobFile> takeLobFiles() {
    List<LobFile> out = List.copyOf(lobFiles);
    lobFiles.clear();
    return out;
  }

  /** Moves the changes to a spill file; returns the heap bytes released. */
  long spillTo(Path file, int bufferBytes) {
    long before = memory.bytes();
    SpillStore store = SpillStore.create(file, bufferBytes);
    try {
      memory.spillTo(store);
    } catch (RuntimeException e) {
      store.discard();
      throw e;
    }
    spill = store;
    memory = null;
    return before - spill.memoryBytes();
  }

  /** The published changes; a spilled store hands over its file. */
  ChangeSequence publish() {
    return spill != null ? spill.publish() : ChangeSequence.of(memory.liveChanges());
  }

  /** Drops the changes (rollback, orphan, close). */
  void discard() {
    if (spill != null) {
      spill.discard();
    }
    for (LobFile file : takeLobFiles()) {
      file.release();
    }
  }

  // ---- journal ----------------------------------------------------------------------------

  boolean journaled() {
    return journaledUpTo != null;
  }

  RedoAddress journaledUpTo() {
    return journaledUpTo;
  }

  Instant journaledAt() {
    return journaledAt;
  }

  /**
   * Whether a row at {@code address} is already reflected in the journal (a re-read after restart).
   */
  boolean coveredByJournal(RedoAddress address) {
    return journaledUpTo != null
        && address.sameThread(journaledUpTo)
        && address.compareTo(journaledUpTo) <= 0;
  }

  /** The first redo a restart must read again for this transaction, or null when none. */
  RedoAddress firstUnjournaled() {
    return firstUnjournaled;
  }

  Scn unjournaledScn() {
    return unjournaledScn;
  }

  /** Whether the transaction was reloaded from the journal when the buffer opened. */
  boolean reloaded;

  /**
   * The live changes in order, streamed from the spill file when spilled; valid until the next add.
   */
  Iterable<Change> liveChanges() {
    return spill != null ? spill.sequenceFrom(0) : memory.liveChanges();
  }

  /**
   * Whether the journal may take more of this transaction now: rows read since its mark, none of
   * them a LOB file's (a restart deletes those files), and, while rows are held back, some read
   * before the first of them that a journal mark can end after ({@link #hold}), with no change
   * removed since the hold began (its undo row lies after the journal's end, and a restart applies
   * it again).
   */
  boolean journalable() {
    if (firstUnjournaled == null) {
      return false;
    }
    if (heldFrom == null) {
      return lobFiles.isEmpty();
    }
    return beforeHeld != null
        && !filesBeforeHeld
        && removals == removalsAtHold
        && firstUnjournaled.sameThread(heldFrom)
        && firstUnjournaled.compareTo(heldFrom) < 0;
  }

  /**
   * What the journal does not hold yet, as one entry ({@link #journalable} first): up to the
   * highest row read, or, while rows are held back, up to the last row read before them. The
   * changes added while rows are held come from those rows or later ones, so they stay out too.
   */
  JournalEntry journalEntry() {
    int end = heldFrom == null ? nextPosition : positionsBeforeHeld;
    ChangeSequence fresh;
    if (spill != null) {
      fresh = spill.sequenceBetween(journaledPositions, end);
    } else {
      List<Change> changes = new ArrayList<>();
      memory.forEachBetween(journaledPositions, end, changes::add);
      fresh = ChangeSequence.of(changes);
    }
    return new JournalEntry(info(), journalUpTo(), fresh, List.copyOf(pendingRemovals));
  }

  private RedoAddress journalUpTo() {
    return heldFrom == null ? highestAddress : beforeHeld;
  }

  /** Marks what {@link #journalEntry} took as journaled, after the journal stored it. */
  void markJournaled(Instant now) {
    journaledThrough(journalUpTo(), now);
  }

  /**
   * Marks everything applied so far as journaled up to {@code upTo} (a reloaded transaction), or,
   * while rows are held back, everything before them: the restart reads again from the first.
   */
  void journaledThrough(RedoAddress upTo, Instant now) {
    journaledUpTo = upTo;
    journaledAt = now;
    pendingRemovals.clear();
    if (heldFrom != null) {
      journaledPositions = positionsBeforeHeld;
      firstUnjournaled = heldFrom;
      unjournaledScn = heldScn;
      return;
    }
    journaledPositions = nextPosition;
    firstUnjournaled = null;
    unjournaledScn = null;
    if (highestAddress == null
        || !upTo.sameThread(highestAddress)
        || upTo.compareTo(highestAddress) > 0) {
      highestAddress = upTo;
    }
  }

  TransactionInfo info() {
    return new TransactionInfo(xid, startScn, startAddress, startTime, user);
  }
}
