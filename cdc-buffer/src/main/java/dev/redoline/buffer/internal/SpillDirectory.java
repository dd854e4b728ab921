package dev.redoline.buffer.internal;

import dev.redoline.core.Xid;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The spill directory: created owner-only, emptied of spill files from an earlier process when a
 * buffer opens, and the namer of new spill files ({@code tx-<xid>-<n>.spill}) and LOB files ({@code
 * lob-<xid>-<n>.spill}, {@link LobFile}).
 *
 * <pre>{@code
 * SpillDirectory dir = new SpillDirectory(Path.of("/var/tmp/redoline"));
 * dir.prepare();
 * Path file = dir.newFile(xid);
 * }</pre>
 */
final class SpillDirectory {

  /**
   * LOB file numbers, unique in the JVM: a {@link dev.redoline.core.StreamedLob} kept past its
   * release must never name a file a later buffer on the same directory creates.
   */
  private static final java.util.concurrent.atomic.AtomicLong LOB_FILES =
      new java.util.concurrent.atomic.AtomicLong();

  private final Path directory;
  private long counter;

  SpillDirectory(Path directory) {
    this.directory = directory;
  }

  void prepare() {
    try {
      FrameWriter.createOwnerOnlyDirectory(directory);
      try (DirectoryStream<Path> old =
          Files.newDirectoryStream(directory, "*" + SpillFiles.SUFFIX)) {
        for (Path file : old) {
          Files.deleteIfExists(file);
        }
      }
    } catch (IOException e) {
      throw SpillFiles.io(directory, "prepare the directory of", e);
    }
  }

  // The counter keeps names unique when a slot's XID is reused within one process.
  Path newFile(Xid xid) {
    return directory.resolve("tx-" + xid.toHex() + "-" + (++counter) + SpillFiles.SUFFIX);
  }

  Path newLobFile(Xid xid) {
    return directory.resolve(
        LOB_PREFIX + xid.toHex() + "-" + LOB_FILES.incrementAndGet() + SpillFiles.SUFFIX);
  }

  /** How the names of LOB files begin. */
  static final String LOB_PREFIX = "lob-";
}
