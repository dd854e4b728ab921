package dev.redoline.simulator.internal.oracle;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * The redo of one log sequence of one thread. While CURRENT it grows as LGWR flushes; after the
 * switch its content is final and archive copies share it. When its online group is reused the
 * online copy is gone ({@link #overwritten}) but archive copies stay readable.
 */
public final class LogFile {
  /** Internal stand-in for NEXT_CHANGE# = 2^64-1 of the CURRENT log. */
  public static final long OPEN_END = Long.MAX_VALUE;

  private final int thread;
  private final long sequence;
  private final int group;
  private final int blockSize;
  private final String onlineName;
  private final long firstScn;
  private final LocalDateTime firstTime;

  /** The incarnation that wrote this log. */
  private final DatabaseIncarnation incarnation;

  private long nextScn = OPEN_END;
  private LocalDateTime nextTime;

  /** Records written by LGWR, in address order. */
  private final List<RedoRecord> records = new ArrayList<>();

  /** Bytes of redo allocated in this log (written or still in the buffer). */
  private long bytes;

  private boolean overwritten;
  private boolean archived;

  /** DBMS_LOGMNR_D.BUILD wrote the start / the end of a dictionary into this log. */
  private boolean dictionaryBegin;

  private boolean dictionaryEnd;

  LogFile(
      int thread,
      long sequence,
      int group,
      int blockSize,
      String onlineName,
      long firstScn,
      LocalDateTime firstTime,
      long headerBytes,
      DatabaseIncarnation incarnation) {
    this.thread = thread;
    this.sequence = sequence;
    this.group = group;
    this.blockSize = blockSize;
    this.onlineName = onlineName;
    this.firstScn = firstScn;
    this.firstTime = firstTime;
    this.bytes = headerBytes;
    this.incarnation = incarnation;
  }

  public boolean current() {
    return nextScn == OPEN_END;
  }

  /** Whether the log's SCN range [firstScn, nextScn) meets [low, high]. */
  boolean overlaps(long low, long high) {
    return firstScn <= high && nextScn > low;
  }

  public long blocks() {
    return (bytes + blockSize - 1) / blockSize;
  }

  @Override
  public String toString() {
    return "thread " + thread + " sequence " + sequence;
  }

  public int thread() {
    return thread;
  }

  public long sequence() {
    return sequence;
  }

  public int group() {
    return group;
  }

  public int blockSize() {
    return blockSize;
  }

  public String onlineName() {
    return onlineName;
  }

  public long firstScn() {
    return firstScn;
  }

  /** The incarnation that wrote this log. */
  public DatabaseIncarnation incarnation() {
    return incarnation;
  }

  public LocalDateTime firstTime() {
    return firstTime;
  }

  public long nextScn() {
    return nextScn;
  }

  public void nextScn(long nextScn) {
    this.nextScn = nextScn;
  }

  public LocalDateTime nextTime() {
    return nextTime;
  }

  public void nextTime(LocalDateTime nextTime) {
    this.nextTime = nextTime;
  }

  public List<RedoRecord> records() {
    return records;
  }

  public long bytes() {
    return bytes;
  }

  public void bytes(long bytes) {
    this.bytes = bytes;
  }

  public boolean overwritten() {
    return overwritten;
  }

  public void overwritten(boolean overwritten) {
    this.overwritten = overwritten;
  }

  public boolean archived() {
    return archived;
  }

  public void archived(boolean archived) {
    this.archived = archived;
  }

  public boolean dictionaryBegin() {
    return dictionaryBegin;
  }

  public void dictionaryBegin(boolean dictionaryBegin) {
    this.dictionaryBegin = dictionaryBegin;
  }

  public boolean dictionaryEnd() {
    return dictionaryEnd;
  }

  public void dictionaryEnd(boolean dictionaryEnd) {
    this.dictionaryEnd = dictionaryEnd;
  }
}
