package dev.redoline.logminer.simulator;

/**
 * A log added to a LogMiner session: its name and the redo it named when added. For an online
 * file, {@code log} is the sequence the group held then; a later reuse of the group makes reading
 * it fail with ORA-00310.
 */
record AddedLog(String fileName, LogFile log, ArchiveCopy archive) {

  boolean online() {
    return archive == null;
  }
}
