package dev.redoline.simulator.internal.oracle;

/**
 * A log added to a LogMiner session: its name and the redo it named when added. For an online file,
 * {@code log} is the sequence the group held then; a later reuse of the group makes reading it fail
 * with ORA-00310.
 */
public record AddedLog(String fileName, LogFile log, ArchiveCopy archive) {

  public boolean online() {
    return archive == null;
  }

  /** The redo a file name stands for now, or null when no such readable file exists (ORA-01284). */
  public static AddedLog resolve(RedoLog redo, String fileName) {
    for (RedoThread t : redo.threads()) {
      for (RedoThread.Group g : t.groups()) {
        if (g.fileName().equals(fileName)) {
          return g.log() == null ? null : new AddedLog(fileName, g.log(), null);
        }
      }
    }
    for (ArchiveCopy c : redo.archives()) {
      if (fileName.equals(c.name())) {
        return c.deleted() || c.fileGone() ? null : new AddedLog(fileName, c.log(), c);
      }
    }
    return null;
  }

  /**
   * Whether {@code fileName} is an archived copy at a node-local destination ({@link
   * RedoLog.Destination#nodeLocal}) of a thread other than {@code instance}'s: the file is on
   * another RAC node's disk, and a session on {@code instance} cannot open it.
   */
  public static boolean onAnotherNode(RedoLog redo, String fileName, int instance) {
    for (ArchiveCopy c : redo.archives()) {
      if (fileName.equals(c.name()) && c.log().thread() != instance) {
        for (RedoLog.Destination d : redo.destinations()) {
          if (d.id() == c.destId() && d.nodeLocal()) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** Whether V$ARCHIVED_LOG lists {@code fileName} as available while the file is gone on disk. */
  public static boolean removedOnDisk(RedoLog redo, String fileName) {
    for (ArchiveCopy c : redo.archives()) {
      if (fileName.equals(c.name()) && c.fileGone() && !c.deleted()) {
        return true;
      }
    }
    return false;
  }
}
