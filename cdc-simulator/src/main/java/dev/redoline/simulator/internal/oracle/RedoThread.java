package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.RedoAddress;
import dev.redoline.simulator.SimulatedOracle;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * One redo thread (one RAC instance's LGWR): its online groups used in a cycle, the log being
 * written, and the log buffer of records that have an address but are not yet flushed. Flushed redo
 * is what mining can see; {@link #lastRedoScn} and the last written block are V$THREAD's
 * LAST_REDO_* columns.
 */
public final class RedoThread {

  /** Bytes at the start of each log taken by the file and log headers (blocks 0 and 1). */
  static final int HEADER_BLOCKS = 2;

  /** One online log group. */
  public static final class Group {
    private final int number;
    private final String fileName;
    private final long bytes;
    private LogFile log;

    Group(int number, String fileName, long bytes) {
      this.number = number;
      this.fileName = fileName;
      this.bytes = bytes;
    }

    public int number() {
      return number;
    }

    public String fileName() {
      return fileName;
    }

    public long bytes() {
      return bytes;
    }

    public LogFile log() {
      return log;
    }

    public void log(LogFile log) {
      this.log = log;
    }
  }

  private final int number;
  private final int blockSize;
  private final List<Group> groups = new ArrayList<>();
  private final List<LogFile> logs = new ArrayList<>();
  private final List<RedoRecord> buffer = new ArrayList<>();
  private int instance;
  private boolean open = true;

  /** V$THREAD.ENABLED: PUBLIC, PRIVATE or DISABLED ({@link SimulatedOracle#threadEnabled}). */
  private String enabled = "PUBLIC";

  private long enableScn;
  private long disableScn;
  private long checkpointScn;
  private long lastRedoScn;

  /**
   * Whether LGWR leaves allocation inside a partly written last block, so the next write adds
   * records to a block already written (LWNs packed tightly) instead of starting a fresh one.
   */
  private boolean rewritesPartialBlocks;

  /**
   * When this thread's LGWR last wrote on its timer or on demand: its next timed write is due from
   * there.
   */
  private java.time.Instant lastWrite;

  /**
   * The highest SCN this thread's instance took for its own redo (its CURRENT_SCN at least this).
   */
  private long generatedScn;

  private long lastRedoSequence;
  private long lastRedoBlock;
  private LocalDateTime lastRedoTime;
  private int currentGroup = -1;
  private long nextSequence = 1;

  public RedoThread(
      int number, int blockSize, int groupCount, long groupBytes, int firstGroupNumber) {
    this.number = number;
    this.instance = number;
    this.blockSize = blockSize;
    for (int i = 0; i < groupCount; i++) {
      int g = firstGroupNumber + i;
      groups.add(new Group(g, String.format("/u01/oradata/ORCL/redo%02d.log", g), groupBytes));
    }
  }

  public LogFile current() {
    return currentGroup < 0 ? null : groups.get(currentGroup).log;
  }

  Group currentGroup() {
    return groups.get(currentGroup);
  }

  /**
   * Closes the current log at {@code switchScn} and opens the next group with a new sequence; the
   * group's previous log, if any, is overwritten. The buffer must be empty (flushed) first.
   *
   * @return the log closed, or null on the first open
   */
  LogFile switchLog(long switchScn, LocalDateTime time, DatabaseIncarnation incarnation) {
    if (!buffer.isEmpty()) {
      throw new IllegalStateException("switch with an unflushed buffer in thread " + number);
    }
    LogFile closed = current();
    if (closed != null) {
      closed.nextScn(switchScn);
      closed.nextTime(time);
    }
    currentGroup = (currentGroup + 1) % groups.size();
    Group group = groups.get(currentGroup);
    if (group.log != null) {
      group.log.overwritten(true);
    }
    group.log =
        new LogFile(
            number,
            nextSequence++,
            group.number,
            blockSize,
            group.fileName,
            switchScn,
            time,
            (long) HEADER_BLOCKS * blockSize,
            incarnation);
    logs.add(group.log);
    return closed;
  }

  /**
   * OPEN RESETLOGS: the online groups are cleared (their logs, archived first, are no longer
   * online) and the next log opened is sequence 1 of {@code incarnation}, from {@code
   * resetlogsScn}.
   */
  void resetLogs(long resetlogsScn, LocalDateTime time, DatabaseIncarnation incarnation) {
    if (!buffer.isEmpty()) {
      throw new IllegalStateException("RESETLOGS with an unflushed buffer in thread " + number);
    }
    for (Group g : groups) {
      if (g.log != null) {
        g.log.overwritten(true);
        g.log = null;
      }
    }
    currentGroup = -1;
    nextSequence = 1;
    switchLog(resetlogsScn, time, incarnation);
    checkpointScn = resetlogsScn;
    lastRedoScn = resetlogsScn;
    lastRedoSequence = 1;
    lastRedoBlock = HEADER_BLOCKS - 1;
    lastRedoTime = time;
  }

  /** The log the next switch overwrites (the next group's), or null when that group is unused. */
  LogFile nextToReuse() {
    return groups.get((currentGroup + 1) % groups.size()).log;
  }

  /** Gives {@code record} the next address of the current log and puts it in the log buffer. */
  void append(RedoRecord record) {
    LogFile log = current();
    RedoRecord leader = record.sharesAddressWith();
    if (leader != null
        && leader.address() != null
        && leader.address().sequence() == log.sequence()) {
      record.placeAt(leader.address());
      buffer.add(record);
      return;
    }
    long pos = log.bytes();
    record.placeAt(
        new RedoAddress(number, log.sequence(), pos / blockSize, (int) (pos % blockSize)));
    log.bytes(pos + record.sizeBytes());
    buffer.add(record);
  }

  /** LGWR writes the buffer to the current log: the records become visible to mining. */
  void flush(LocalDateTime time) {
    if (buffer.isEmpty()) {
      return;
    }
    LogFile log = current();
    for (RedoRecord record : buffer) {
      record.writtenTo(log);
      log.records().add(record);
      lastRedoScn = Math.max(lastRedoScn, record.scn());
    }
    RedoRecord last = buffer.get(buffer.size() - 1);
    lastRedoSequence = last.address().sequence();
    lastRedoBlock = (log.bytes() - 1) / blockSize;
    lastRedoTime = time;
    if (!rewritesPartialBlocks) {
      // LGWR writes up to and including the partly filled current block, then moves allocation
      // to the next block ("redo wastage"): every record written later has an address above
      // (LAST_REDO_SEQUENCE#, LAST_REDO_BLOCK).
      log.bytes((lastRedoBlock + 1) * blockSize);
    }
    buffer.clear();
  }

  /** Whether the current log has reached its group's size. */
  boolean full() {
    return current().bytes() >= currentGroup().bytes;
  }

  /** The online group currently holding {@code log}, or null when it was overwritten. */
  Group groupOf(LogFile log) {
    for (Group g : groups) {
      if (g.log == log) {
        return g;
      }
    }
    return null;
  }

  public int number() {
    return number;
  }

  public int blockSize() {
    return blockSize;
  }

  public List<Group> groups() {
    return groups;
  }

  public List<LogFile> logs() {
    return logs;
  }

  public List<RedoRecord> buffer() {
    return buffer;
  }

  public int instance() {
    return instance;
  }

  public void instance(int instance) {
    this.instance = instance;
  }

  public boolean open() {
    return open;
  }

  public void open(boolean open) {
    this.open = open;
  }

  public String enabled() {
    return enabled;
  }

  public void enabled(String enabled) {
    this.enabled = enabled;
  }

  public long enableScn() {
    return enableScn;
  }

  public void enableScn(long enableScn) {
    this.enableScn = enableScn;
  }

  public long disableScn() {
    return disableScn;
  }

  public void disableScn(long disableScn) {
    this.disableScn = disableScn;
  }

  public long checkpointScn() {
    return checkpointScn;
  }

  public void checkpointScn(long checkpointScn) {
    this.checkpointScn = checkpointScn;
  }

  public long lastRedoScn() {
    return lastRedoScn;
  }

  public void lastRedoScn(long lastRedoScn) {
    this.lastRedoScn = lastRedoScn;
  }

  public boolean rewritesPartialBlocks() {
    return rewritesPartialBlocks;
  }

  public void rewritesPartialBlocks(boolean rewritesPartialBlocks) {
    this.rewritesPartialBlocks = rewritesPartialBlocks;
  }

  public java.time.Instant lastWrite() {
    return lastWrite;
  }

  public void lastWrite(java.time.Instant lastWrite) {
    this.lastWrite = lastWrite;
  }

  public long generatedScn() {
    return generatedScn;
  }

  public void generatedScn(long generatedScn) {
    this.generatedScn = generatedScn;
  }

  public long lastRedoSequence() {
    return lastRedoSequence;
  }

  public void lastRedoSequence(long lastRedoSequence) {
    this.lastRedoSequence = lastRedoSequence;
  }

  public long lastRedoBlock() {
    return lastRedoBlock;
  }

  public void lastRedoBlock(long lastRedoBlock) {
    this.lastRedoBlock = lastRedoBlock;
  }

  public LocalDateTime lastRedoTime() {
    return lastRedoTime;
  }

  public void lastRedoTime(LocalDateTime lastRedoTime) {
    this.lastRedoTime = lastRedoTime;
  }
}
