package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.internal.RecordingFormat;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

/**
 * The files of one recording directory: gzip parts written one after the other, each closed once it
 * holds an eighth of {@code cdc.recording.max.bytes}, the oldest deleted while the parts together
 * hold more. A part is flushed (gzip sync flush) after every statement, so what a stopped or killed
 * capture had recorded can be read. A capture started again on the same directory continues with
 * the next part number. Not thread-safe: {@link RecordingSink} serializes writers.
 */
final class RecordingParts implements AutoCloseable {

  private final Path dir;
  private final long maxBytes;
  private final long partBytes;
  private long nextNumber;
  private Counting counted;
  private Writer out;

  private RecordingParts(Path dir, long maxBytes, long nextNumber) {
    this.dir = dir;
    this.maxBytes = maxBytes;
    this.partBytes = Math.max(1, maxBytes / 8);
    this.nextNumber = nextNumber;
  }

  /** Opens the directory (created if missing) and the part after the last one there. */
  static RecordingParts open(Path dir, long maxBytes) throws IOException {
    Files.createDirectories(dir);
    long last = 0;
    for (Path part : parts(dir)) {
      String name = part.getFileName().toString();
      last =
          Math.max(
              last,
              Long.parseLong(
                  name.substring(
                      RecordingFormat.PART_PREFIX.length(),
                      name.length() - RecordingFormat.PART_SUFFIX.length())));
    }
    RecordingParts parts = new RecordingParts(dir, maxBytes, last + 1);
    parts.startPart();
    return parts;
  }

  /** The parts of a recording directory, oldest first. */
  static List<Path> parts(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> RecordingFormat.isPart(p.getFileName().toString()))
          .sorted()
          .toList();
    }
  }

  /** Writes one line; moves to a new part (deleting the oldest) when this one is full. */
  void write(String line) throws IOException {
    out.write(line);
    out.write('\n');
  }

  /**
   * Flushes what was written, so it can be read now, and starts a new part when this one is full.
   */
  void flush() throws IOException {
    out.flush();
    if (counted.bytes >= partBytes) {
      out.close();
      startPart();
    }
  }

  private void startPart() throws IOException {
    Path part = dir.resolve(RecordingFormat.partName(nextNumber++));
    counted = new Counting(Files.newOutputStream(part));
    out = new OutputStreamWriter(new GZIPOutputStream(counted, 8192, true), StandardCharsets.UTF_8);
    trim(part);
  }

  /**
   * Deletes the oldest parts while all of them hold more than the bound (never the current one).
   */
  private void trim(Path current) throws IOException {
    List<Path> all = new ArrayList<>(parts(dir));
    long total = 0;
    for (Path p : all) {
      total += Files.size(p);
    }
    for (Path p : all) {
      if (total <= maxBytes - partBytes || p.equals(current)) {
        break;
      }
      total -= Files.size(p);
      Files.deleteIfExists(p);
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** Counts the compressed bytes of the current part. */
  private static final class Counting extends FilterOutputStream {
    long bytes;

    Counting(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      bytes++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      bytes += len;
    }
  }
}
