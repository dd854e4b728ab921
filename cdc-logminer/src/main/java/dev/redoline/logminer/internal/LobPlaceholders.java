package dev.redoline.logminer.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;

/**
 * What a DML row shows in place of a value its LOB rows carry, and which columns can carry one: the
 * rules {@link LobAssembler}, {@link LobDmlFolding} and {@link LobWriteWithoutLocator} share.
 */
final class LobPlaceholders {

  private LobPlaceholders() {}

  /**
   * The text LogMiner puts in place of an extended string (over 4,000 bytes) whose 32K rows follow.
   */
  static final String EXTENDED_PLACEHOLDER = "LM_EMPTY_STRING";

  /**
   * What the DML row shows for a value its LOB rows carry: {@code EMPTY_CLOB()}/{@code
   * EMPTY_BLOB()}, or {@code LM_EMPTY_STRING} for an extended string (docs/logminer.md#literals;
   * Debezium reads the same text).
   */
  static boolean isPlaceholder(Object value) {
    return value == Marker.EMPTY_CLOB
        || value == Marker.EMPTY_BLOB
        || EXTENDED_PLACEHOLDER.equals(value);
  }

  static boolean hasPlaceholder(Row after) {
    for (int i = 0; i < after.size(); i++) {
      if (isPlaceholder(after.get(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * The columns whose values LOB rows can carry: CLOB, NCLOB, BLOB, XMLTYPE, JSON, and VARCHAR2 or
   * NVARCHAR2 longer than 4,000 bytes (extended strings).
   */
  static int[] lobColumns(TableLayout layout) {
    return java.util.stream.IntStream.range(0, layout.columns().size())
        .filter(
            i -> {
              OracleType.Kind k = layout.column(i).type().kind();
              return LobTarget.streams(k)
                  || k == OracleType.Kind.XMLTYPE
                  || k == OracleType.Kind.JSON
                  || (k == OracleType.Kind.VARCHAR2 || k == OracleType.Kind.NVARCHAR2)
                      && layout.column(i).type().length() > 4000;
            })
        .toArray();
  }

  /** The content a LOB of {@code type} starts from: empty text, or empty bytes (JSON: OSON). */
  static LobContent emptyContent(OracleType type) {
    boolean binary =
        type.kind() == OracleType.Kind.BLOB
            || type.kind() == OracleType.Kind.JSON; // JSON: OSON bytes
    return binary ? LobContent.binary(Bytes.of(new byte[0])) : LobContent.text("");
  }
}
