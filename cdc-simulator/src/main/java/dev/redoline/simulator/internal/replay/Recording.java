package dev.redoline.simulator.internal.replay;

import dev.redoline.core.internal.RecordingFormat;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The statements of a recording, in the order they ran, each with its binds, its column labels, the
 * rows the gateway read and its failure. Parts are read oldest first; a part whose writer was
 * stopped mid-stream ends where its last complete line ends, and a statement the recording does not
 * see end (the capture was killed during it) keeps the rows it has.
 *
 * <pre>{@code
 * Recording r = Recording.read(Path.of("target/recording"));
 * r.statements().forEach(s -> System.out.println(s.sql()));
 * }</pre>
 */
public final class Recording {

  /**
   * One statement as recorded.
   *
   * @param kind Q (query), C (PL/SQL call) or X (any other statement)
   * @param binds the bind fields as the format writes them
   * @param labels the result's column labels, empty without a result
   * @param rows the rows read, each a list of value fields (column 1 first)
   * @param failure the error fields (ORA code, SQLState, message), or {@code null}
   */
  public record Statement(
      long id,
      String kind,
      String sql,
      List<String> binds,
      List<String> labels,
      List<List<String>> rows,
      List<String> failure) {}

  private final List<Statement> statements;

  private Recording(List<Statement> statements) {
    this.statements = statements;
  }

  /** The statements, in the order they ran. */
  public List<Statement> statements() {
    return statements;
  }

  /**
   * Reads a recording: a directory of parts or one part.
   *
   * @throws IOException when a part cannot be read, or nothing is there (naming the path)
   */
  public static Recording read(Path path) throws IOException {
    List<Path> parts;
    if (Files.isDirectory(path)) {
      try (Stream<Path> files = Files.list(path)) {
        parts =
            files.filter(p -> RecordingFormat.isPart(p.getFileName().toString())).sorted().toList();
      }
    } else {
      parts = Files.exists(path) ? List.of(path) : List.of();
    }
    if (parts.isEmpty()) {
      throw new IOException(
          "No recording at "
              + path
              + " (expected "
              + RecordingFormat.PART_PREFIX
              + "*"
              + RecordingFormat.PART_SUFFIX
              + " files, as cdc.recording.dir holds them)");
    }
    Map<Long, Builder> open = new LinkedHashMap<>();
    for (Path part : parts) {
      for (String line : lines(part)) {
        entry(RecordingFormat.fields(line), open);
      }
    }
    List<Statement> out = new ArrayList<>(open.size());
    for (Builder b : open.values()) {
      out.add(
          new Statement(
              b.id,
              b.kind,
              b.sql,
              List.copyOf(b.binds),
              List.copyOf(b.labels),
              List.copyOf(b.rows),
              b.failure));
    }
    return new Recording(List.copyOf(out));
  }

  private static void entry(List<String> f, Map<Long, Builder> open) {
    if (f.size() < 2) {
      return;
    }
    long id = Long.parseLong(f.get(1));
    switch (f.get(0)) {
      case "S" -> {
        Builder b = new Builder(id, f.get(2), f.get(3));
        b.binds.addAll(f.subList(4, f.size()));
        open.put(id, b);
      }
      case "H" -> with(open, id).labels.addAll(f.subList(2, f.size()));
      case "R" -> with(open, id).rows.add(List.copyOf(f.subList(2, f.size())));
      case "F" -> with(open, id).failure = List.copyOf(f.subList(2, f.size()));
      default -> {} // E: nothing to keep; an unknown kind comes from a newer writer
    }
  }

  private static Builder with(Map<Long, Builder> open, long id) {
    // a statement whose S line is in a deleted (rotated) part: kept without text, never matched
    return open.computeIfAbsent(id, k -> new Builder(k, "?", ""));
  }

  /**
   * The complete lines of a part; a gzip stream cut short by a killed writer ends at its last whole
   * line.
   */
  private static List<String> lines(Path part) throws IOException {
    List<String> lines = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(part)), StandardCharsets.UTF_8))) {
      StringBuilder pending = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0) {
        if (c == '\n') {
          lines.add(pending.toString());
          pending.setLength(0);
        } else {
          pending.append((char) c);
        }
      }
    } catch (EOFException cut) {
      // the writer was stopped before it closed the part: the lines read so far stand
    }
    return lines;
  }

  private static final class Builder {
    private final long id;
    private final String kind;
    private final String sql;
    private final List<String> binds = new ArrayList<>();
    private final List<String> labels = new ArrayList<>();
    private final List<List<String>> rows = new ArrayList<>();
    private List<String> failure;

    Builder(long id, String kind, String sql) {
      this.id = id;
      this.kind = kind;
      this.sql = sql;
    }
  }
}
