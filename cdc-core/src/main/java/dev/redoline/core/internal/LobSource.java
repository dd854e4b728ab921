package dev.redoline.core.internal;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where the content of a {@link dev.redoline.core.StreamedLob} is stored (a file of the buffer's
 * spill directory), so that cdc-core itself opens no file: the value only asks its source for a
 * stream when a reader wants one.
 *
 * <p>Implementations are immutable handles; {@code equals} compares where the content is, never
 * the content.
 */
public interface LobSource {

  /** The stored size in bytes: a BLOB's bytes, or 2 per character (UTF-16BE) for a character LOB. */
  long storedBytes();

  /** Whether the content is characters stored as UTF-16BE, 2 bytes per UTF-16 unit. */
  boolean character();

  /**
   * A new stream over the whole content, from its first byte.
   *
   * @throws java.nio.file.NoSuchFileException when the content was released (its transaction was
   *     acknowledged, rolled back or dropped, or the engine stopped)
   * @throws IOException when it cannot be read
   */
  InputStream open() throws IOException;

  /** Where the content is, for messages: never any of the content. */
  String describe();
}
