package dev.redoline.simulator.internal.oracle;

/** One V$ARCHIVED_LOG row: a copy of a log at a destination; {@code deleted} once purged. */
public final class ArchiveCopy {
  public final int destId;
  public final String name;
  public final LogFile log;
  public boolean deleted;

  /**
   * The file was removed on disk (rm, a full disk cleanup) while V$ARCHIVED_LOG still lists it as
   * available: opening it fails with ORA-00308 and ORA-27037.
   */
  public boolean fileGone;

  ArchiveCopy(int destId, String name, LogFile log) {
    this.destId = destId;
    this.name = name;
    this.log = log;
  }
}
