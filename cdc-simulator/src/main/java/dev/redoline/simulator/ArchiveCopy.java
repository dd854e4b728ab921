package dev.redoline.simulator;

/** One V$ARCHIVED_LOG row: a copy of a log at a destination; {@code deleted} once purged. */
final class ArchiveCopy {
  final int destId;
  final String name;
  final LogFile log;
  boolean deleted;

  ArchiveCopy(int destId, String name, LogFile log) {
    this.destId = destId;
    this.name = name;
    this.log = log;
  }
}
