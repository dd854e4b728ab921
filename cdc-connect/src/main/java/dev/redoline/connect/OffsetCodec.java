package dev.redoline.connect;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import java.util.Map;

/**
 * The one place where capture positions become Connect source partitions and offsets and back.
 *
 * <pre>{@code
 * Map<String, ?> partition = OffsetCodec.toPartition("redoline");      // {"server": "redoline"}
 * Map<String, ?> offset = OffsetCodec.toOffset(position);              // Position.toMap(): primitives, "v"
 * Position back = OffsetCodec.fromOffset(offset);
 * }</pre>
 *
 * <p>The partition names the capture by its topic prefix: one database, one redo stream, one
 * partition. The offset is {@link Position#toMap()}, which carries its own version key {@code v}.
 */
final class OffsetCodec {

  /** The partition key: the capture's {@code cdc.topic.prefix}. */
  static final String SERVER = "server";

  private OffsetCodec() {}

  static Map<String, Object> toPartition(String topicPrefix) {
    return Map.of(SERVER, topicPrefix);
  }

  static Map<String, Object> toOffset(Position position) {
    return position.toMap();
  }

  /**
   * Reads a stored offset.
   *
   * @return the position, or {@code null} when none is stored
   * @throws CdcException CDC-4007 naming the key and value at fault
   */
  static Position fromOffset(Map<String, ?> offset) {
    return offset == null ? null : Position.fromMap(offset);
  }

  /**
   * Checks a partition and offset given to {@code PATCH /connectors/<name>/offsets}; a {@code null}
   * offset (a reset) is accepted.
   *
   * @throws CdcException CDC-4007 naming what is wrong
   */
  static void validate(Map<String, ?> partition, Map<String, ?> offset) {
    if (partition == null || !(partition.get(SERVER) instanceof String) || partition.size() != 1) {
      throw new CdcException(
          ErrorCode.INVALID_POSITION,
          "Source partition "
              + partition
              + ": expected exactly one key '"
              + SERVER
              + "' holding the cdc.topic.prefix, e.g. {\"server\": \"redoline\"}");
    }
    fromOffset(offset);
  }
}
