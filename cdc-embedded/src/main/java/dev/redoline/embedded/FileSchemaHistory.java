package dev.redoline.embedded;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.LayoutVersion;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import dev.redoline.core.internal.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@link SchemaHistory} in a JSON-lines file: one line per layout version, appended and forced to
 * disk. A line holds the table, the version, the SCN it takes effect at, and each column's name and
 * type; never a value, and not the DDL text either (a DDL can carry literals, such as a column
 * default).
 *
 * <pre>{@code
 * SchemaHistory history = FileSchemaHistory.open(Path.of("redoline-state/schema-history.jsonl"));
 * }</pre>
 *
 * <p>A last line without its newline is the trace of a crash during an append: it is ignored, and
 * the layout is recorded again when the capture sees it again. Any other unreadable line stops the
 * start with CDC-4007 naming the file and line.
 */
public final class FileSchemaHistory implements SchemaHistory {

  private final Path file;

  /** Each recorded layout with the SCN it was first recorded with, in the order recorded. */
  private final Map<TableLayout, Scn> recorded = new LinkedHashMap<>();

  private boolean loaded;

  private FileSchemaHistory(Path file) {
    this.file = file;
  }

  /** A history in {@code file}; nothing is read until {@link #load}. */
  public static FileSchemaHistory open(Path file) {
    return new FileSchemaHistory(Objects.requireNonNull(file, "file == null"));
  }

  /** The file this history writes. */
  public Path file() {
    return file;
  }

  @Override
  public synchronized List<LayoutVersion> load() {
    recorded.clear();
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      loaded = true;
      return List.of();
    } catch (IOException e) {
      throw new CdcException(
          ErrorCode.LOCAL_STORAGE_FAILED, "cannot read the schema history " + file + ": " + e, e);
    }
    String[] lines = text.split("\n", -1);
    // The piece after the last newline is empty, or a torn append.
    for (int i = 0; i < lines.length - 1; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        Map<String, Object> json = Json.parseObject(lines[i]);
        recorded.putIfAbsent(LayoutJson.fromJson(json), LayoutJson.scn(json));
      } catch (RuntimeException e) {
        throw new CdcException(
            ErrorCode.LOCAL_STATE_UNREADABLE,
            "line "
                + (i + 1)
                + " of the schema history "
                + file
                + " is not a table layout: "
                + e.getMessage(),
            e);
      }
    }
    loaded = true;
    return recorded();
  }

  @Override
  public synchronized void record(TableLayout layout, Scn scn) {
    Objects.requireNonNull(layout, "layout == null");
    Objects.requireNonNull(scn, "scn == null");
    if (!loaded) {
      load();
    }
    if (recorded.containsKey(layout)) {
      return;
    }
    try {
      cutTornLine();
      StateFiles.appendLine(file, Json.write(LayoutJson.toJson(layout, scn)));
    } catch (IOException e) {
      throw new CdcException(
          ErrorCode.LOCAL_STORAGE_FAILED,
          "cannot append to the schema history " + file + " (cdc.state.dir): " + e,
          e);
    }
    recorded.put(layout, scn);
  }

  /** Drops a torn last line so the next append starts on a line of its own. */
  private void cutTornLine() throws IOException {
    if (!Files.exists(file)) {
      return;
    }
    byte[] bytes = Files.readAllBytes(file);
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--;
    }
    if (end != bytes.length) {
      try (var channel =
          java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.WRITE)) {
        channel.truncate(end);
        channel.force(true);
      }
    }
  }

  /** Every layout recorded, as loaded or appended by this instance. */
  List<LayoutVersion> recorded() {
    List<LayoutVersion> out = new ArrayList<>();
    recorded.forEach((layout, scn) -> out.add(new LayoutVersion(layout, scn)));
    return out;
  }

  @Override
  public String toString() {
    return "FileSchemaHistory[" + file + "]";
  }
}
