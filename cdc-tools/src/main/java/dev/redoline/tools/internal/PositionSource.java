package dev.redoline.tools.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.internal.Json;
import dev.redoline.embedded.FileOffsetStore;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where {@code redoline position} finds a position and puts it back: an embedded engine's offset
 * file, replaced through {@link FileOffsetStore}; or a Connect connector's offsets as {@code GET
 * /connectors/<name>/offsets} prints them, {@code {"offsets":[{"partition":{"server":
 * "<prefix>"},"offset":{...}}]}}, where a move prints the body to {@code PATCH} back (the worker
 * accepts it only while the connector is stopped).
 */
abstract class PositionSource {

  /** The source the command line names. */
  static PositionSource of(Arguments args) throws UsageException, IOException {
    String dir = args.option("--state-dir");
    String file = args.option("--offset-file");
    String connect = args.option("--connect-offsets");
    int given = (dir == null ? 0 : 1) + (file == null ? 0 : 1) + (connect == null ? 0 : 1);
    if (given != 1) {
      throw new UsageException(
          "name one position source: --state-dir, --offset-file or --connect-offsets");
    }
    if (connect != null) {
      String text =
          connect.equals("-")
              ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
              : Files.readString(Path.of(connect), StandardCharsets.UTF_8);
      return new ConnectOffsets(
          connect.equals("-") ? "stdin" : connect, text, args.option("--server"));
    }
    Path path = dir != null ? Path.of(dir).resolve("offsets.json") : Path.of(file);
    if (!Files.isRegularFile(path)) {
      throw new UsageException(path + " does not exist: no position is stored there");
    }
    return new EmbeddedFile(FileOffsetStore.open(path));
  }

  abstract String describe();

  abstract Position load();

  /** Puts {@code position} where it was read from, or prints how to; says which on {@code out}. */
  abstract void store(Position position, PrintStream out);

  private static final class EmbeddedFile extends PositionSource {
    private final FileOffsetStore store;

    EmbeddedFile(FileOffsetStore store) {
      this.store = store;
    }

    @Override
    String describe() {
      return store.file().toString();
    }

    @Override
    Position load() {
      return store
          .load()
          .orElseThrow(
              () -> new CdcException(ErrorCode.INVALID_POSITION, store.file() + " is empty"));
    }

    @Override
    void store(Position position, PrintStream out) {
      store.store(position);
      out.println("Written to " + store.file() + ".");
    }
  }

  private static final class ConnectOffsets extends PositionSource {
    private final String name;
    private final String server;
    private final Map<String, Object> offset;

    ConnectOffsets(String name, String text, String wanted) throws UsageException {
      this.name = name;
      List<Map<?, ?>> entries = new ArrayList<>();
      try {
        if (Json.parseObject(text).get("offsets") instanceof List<?> list) {
          for (Object o : list) {
            if (o instanceof Map<?, ?> entry
                && entry.get("partition") instanceof Map<?, ?> partition
                && (wanted == null || wanted.equals(partition.get("server")))) {
              entries.add(entry);
            }
          }
        }
      } catch (IllegalArgumentException e) {
        throw new UsageException(
            name + " is not the JSON of GET /connectors/<name>/offsets: " + e.getMessage());
      }
      if (entries.size() != 1) {
        throw new UsageException(
            name
                + " holds "
                + entries.size()
                + " offsets"
                + (wanted == null ? "" : " of server " + wanted)
                + "; expected one (name its cdc.topic.prefix with --server)");
      }
      this.server = String.valueOf(((Map<?, ?>) entries.get(0).get("partition")).get("server"));
      this.offset = new LinkedHashMap<>();
      if (entries.get(0).get("offset") instanceof Map<?, ?> stored) {
        stored.forEach((k, v) -> offset.put(k.toString(), v));
      }
    }

    @Override
    String describe() {
      return name + ", partition {\"server\": \"" + server + "\"}";
    }

    @Override
    Position load() {
      return Position.fromMap(offset);
    }

    @Override
    void store(Position position, PrintStream out) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("partition", Map.of("server", server));
      entry.put("offset", position.toMap());
      out.println(
          "Stop the connector (PUT /connectors/<name>/stop), send this body with"
              + " PATCH /connectors/<name>/offsets, then resume it (PUT /connectors/<name>/resume):");
      out.println(Json.write(Map.of("offsets", List.of(entry))));
    }
  }
}
