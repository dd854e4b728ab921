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

  /**
   * Whether rows of this transaction were read but are not in it yet (a change the LOB rows after
   * it are still completing): it must not be journaled, since the journal would then claim them.
   */
  boolean held;

  /** Records that a redo row of this transaction was applied (after the journal mark). */
  void noteRow(RedoAddress address, Scn scn) {
    if (firstAddress == null) {
      firstAddress = address;
    }
    lastAddress = address;
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

  /** What the journal does not hold yet, as one entry. */
  JournalEntry journalEntry() {
    ChangeSequence fresh;
    if (spill != null) {
      fresh = spill.sequenceFrom(journaledPositions);
    } else {
      List<Change> changes = new ArrayList<>();
      memory.forEachFrom(journaledPositions, changes::add);
      fresh = ChangeSequence.of(changes);
    }
    return new JournalEntry(info(), lastAddress, fresh, List.copyOf(pendingRemovals));
  }

  /** Marks everything applied so far as journaled, after the journal stored it. */
  void journaledThrough(RedoAddress upTo, Instant now) {
    journaledPositions = nextPosition;
    journaledUpTo = upTo;
    journaledAt = now;
    pendingRemovals.clear();
    firstUnjournaled = null;
    unjournaledScn = null;
  }

  TransactionInfo info() {
    return new TransactionInfo(xid, startScn, startAddress, startTime, user);
  }
}
