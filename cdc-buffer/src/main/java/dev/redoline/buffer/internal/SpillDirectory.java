package dev.redoline.buffer.internal;

import dev.redoline.core.Xid;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The spill directory: created owner-only, emptied of spill files from an earlier process when a
 * buffer opens, and the namer of new spill files ({@code tx-<xid>-<n>.spill}).
 *
 * <pre>{@code
 * SpillDirectory dir = new SpillDirectory(Path.of("/var/tmp/redoline"));
 * dir.prepare();
 * Path file = dir.newFile(xid);
 * }</pre>
 */
final class SpillDirectory {

  private final Path directory;
  private long counter;

  SpillDirectory(Path directory) {
    this.directory = directory;
  }

  void prepare() {
    try {
      FrameWriter.createOwnerOnlyDirectory(directory);
      try (DirectoryStream<Path> old = Files.newDirectoryStream(directory, "*" + SpillFiles.SUFFIX)) {
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
}
