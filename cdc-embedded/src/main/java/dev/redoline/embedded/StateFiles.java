package dev.redoline.embedded;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * File operations shared by the state files: replacing a file atomically and durably, and appending
 * a line durably.
 *
 * <p>Replacement writes a sibling temporary file, forces it to disk, renames it over the target
 * (atomic on POSIX file systems) and forces the directory, so that after a crash the target holds
 * either the old content or the new, and the rename itself survives.
 */
final class StateFiles {

  private StateFiles() {}

  /** Creates {@code directory} and its parents when missing. */
  static Path directory(Path directory) {
    try {
      return Files.createDirectories(directory);
    } catch (IOException e) {
      throw new CdcException(
          ErrorCode.LOCAL_STORAGE_FAILED,
          "cannot create the state directory " + directory + " (cdc.state.dir): " + e,
          e);
    }
  }

  /** Replaces {@code target}'s content with {@code text}, atomically and durably. */
  static void replace(Path target, String text) throws IOException {
    Path temp = target.resolveSibling(target.getFileName() + ".tmp");
    try (FileChannel channel =
        FileChannel.open(
            temp,
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(true);
    }
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
    forceDirectory(target.toAbsolutePath().getParent());
  }

  /** Appends one line to {@code file} and forces it to disk. */
  static void appendLine(Path file, String line) throws IOException {
    try (FileChannel channel =
        FileChannel.open(
            file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
      ByteBuffer bytes = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
      while (bytes.hasRemaining()) {
        channel.write(bytes);
      }
      channel.force(true);
    }
  }

  private static void forceDirectory(Path directory) {
    if (directory == null) {
      return;
    }
    // Makes the rename durable; some platforms cannot open a directory, where renames are durable
    // by other means, so failing to open it is not an error.
    try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
      channel.force(true);
    } catch (IOException e) {
      // not supported here
    }
  }
}
