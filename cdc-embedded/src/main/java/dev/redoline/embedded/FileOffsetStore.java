package dev.redoline.embedded;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.internal.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An {@link OffsetStore} in one JSON file, replaced atomically and forced to disk on every store.
 *
 * <pre>{@code
 * OffsetStore offsets = FileOffsetStore.open(Path.of("redoline-state/offsets.json"));
 * }</pre>
 *
 * <p>The file is {@code {"format":1,"position":{...}}}, where {@code position} is {@link
 * Position#toMap()}: primitive values with their own version key {@code v}. A leftover {@code
 * offsets.json.tmp} from a crash during a store is ignored and overwritten by the next one.
 */
public final class FileOffsetStore implements OffsetStore {

  /** The version of the file's envelope (the position inside carries its own). */
  static final int FORMAT = 1;

  private final Path file;

  private FileOffsetStore(Path file) {
    this.file = file;
  }

  /** A store in {@code file}; nothing is read or written until {@link #load} or {@link #store}. */
  public static FileOffsetStore open(Path file) {
    return new FileOffsetStore(Objects.requireNonNull(file, "file == null"));
  }

  /** The file this store writes. */
  public Path file() {
    return file;
  }

  /**
   * @throws CdcException CDC-4007 naming the file when it is not a stored position
   */
  @Override
  public Optional<Position> load() {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new CdcException(
          ErrorCode.LOCAL_STORAGE_FAILED, "cannot read the offset file " + file + ": " + e, e);
    }
    try {
      Map<String, Object> json = Json.parseObject(text);
      Object format = json.get("format");
      if (!(format instanceof Long f) || f != FORMAT) {
        throw new CdcException(
            ErrorCode.INVALID_POSITION,
            "the offset file "
                + file
                + " has format "
                + format
                + ", this Redoline reads format "
                + FORMAT);
      }
      if (!(json.get("position") instanceof Map<?, ?> position)) {
        throw new CdcException(
            ErrorCode.INVALID_POSITION, "the offset file " + file + " has no position object");
      }
      Map<String, Object> map = new LinkedHashMap<>();
      position.forEach((k, v) -> map.put(k.toString(), v));
      return Optional.of(Position.fromMap(map));
    } catch (IllegalArgumentException e) {
      throw new CdcException(
          ErrorCode.INVALID_POSITION,
          "the offset file " + file + " is not valid: " + e.getMessage(),
          e);
    } catch (CdcException e) {
      if (e.errorCode() == ErrorCode.INVALID_POSITION && !e.detail().contains(file.toString())) {
        throw new CdcException(
            ErrorCode.INVALID_POSITION, "the offset file " + file + ": " + e.detail(), e);
      }
      throw e;
    }
  }

  /**
   * @throws CdcException CDC-2104 naming the file when it cannot be written (cdc.state.dir)
   */
  @Override
  public void store(Position position) {
    Objects.requireNonNull(position, "position == null");
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("format", FORMAT);
    json.put("position", position.toMap());
    try {
      StateFiles.replace(file, Json.write(json) + "\n");
    } catch (IOException e) {
      throw new CdcException(
          ErrorCode.LOCAL_STORAGE_FAILED,
          "cannot write the offset file " + file + " (cdc.state.dir): " + e,
          e);
    }
  }

  @Override
  public String toString() {
    return "FileOffsetStore[" + file + "]";
  }
}
