package dev.redoline.simulator.internal.oracle;

/** One V$ARCHIVED_LOG row: a copy of a log at a destination; {@code deleted} once purged. */
public final class ArchiveCopy {
  private final int destId;
  private final String name;
  private final LogFile log;
  private boolean deleted;

  /**
   * The file was removed on disk (rm, a full disk cleanup) while V$ARCHIVED_LOG still lists it as
   * available: opening it fails with ORA-00308 and ORA-27037.
   */
  private boolean fileGone;

  ArchiveCopy(int destId, String name, LogFile log) {
    this.destId = destId;
    this.name = name;
    this.log = log;
  }

  public int destId() {
    return destId;
  }

  public String name() {
    return name;
  }

  public LogFile log() {
    return log;
  }

  public boolean deleted() {
    return deleted;
  }

  public void deleted(boolean deleted) {
    this.deleted = deleted;
  }

  /** Whether the file is gone on disk while the view still lists it as available. */
  public boolean fileGone() {
    return fileGone;
  }

  public void fileGone(boolean gone) {
    this.fileGone = gone;
  }
}
