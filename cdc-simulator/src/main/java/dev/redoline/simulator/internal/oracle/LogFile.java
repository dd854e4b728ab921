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

  public final int thread;
  public final long sequence;
  final int group;
  public final int blockSize;
  final String onlineName;
  public final long firstScn;
  public final LocalDateTime firstTime;

  /** The incarnation that wrote this log. */
  public final DatabaseIncarnation incarnation;

  public long nextScn = OPEN_END;
  public LocalDateTime nextTime;

  /** Records written by LGWR, in address order. */
  public final List<RedoRecord> records = new ArrayList<>();

  /** Bytes of redo allocated in this log (written or still in the buffer). */
  long bytes;

  boolean overwritten;
  public boolean archived;

  /** DBMS_LOGMNR_D.BUILD wrote the start / the end of a dictionary into this log. */
  public boolean dictionaryBegin;

  public boolean dictionaryEnd;

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
}
