package dev.redoline.logminer.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.DecodeResult;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.util.stream.IntStream;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;

/**
 * Turns the OSON bytes of JSON columns into JSON text, once, before a change reaches the
 * transaction buffer (and a snapshot row before it becomes a change): the decoder keeps JSON as the
 * {@code HEXTORAW} bytes LogMiner writes (it has no OSON reader), and every sink (the embedded
 * handler, the Connect mapping) then receives the same {@link String}.
 *
 * <pre>{@code
 * DecodeResult r = JsonColumns.asText(decoded, layout);   // JSON Bytes → "{\"a\":1}"
 * Row read = JsonColumns.asText(snapshotRow, layout);
 * Object v = JsonColumns.asText(assembled, layout, column);
 * }</pre>
 *
 * <p>The text is compact ({@code {"a":1}}), written by Oracle's OSON reader from its JDBC driver. A
 * value whose bytes are not OSON is CDC-3002 naming the table and column; the message never shows
 * the bytes.
 */
final class JsonColumns {

  /** Oracle's OSON reader, from its JDBC driver, which this module has. */
  private static final OracleJsonFactory FACTORY = new OracleJsonFactory();

  private JsonColumns() {}

  /** {@code result} with every JSON value of its images as text; a decode error as it is. */
  static DecodeResult asText(DecodeResult result, TableLayout layout) {
    if (!result.isChange() || !hasJson(layout)) {
      return result;
    }
    Change c = result.change();
    try {
      Row before = asText(c.before(), layout);
      Row after = asText(c.after(), layout);
      if (before == c.before() && after == c.after()) {
        return result;
      }
      return new DecodeResult(
          new Change(
              c.operation(),
              c.table(),
              c.layoutVersion(),
              before,
              after,
              c.scn(),
              c.address(),
              c.ssn(),
              c.rowId(),
              c.timestamp()),
          null);
    } catch (DecodeException e) {
      return new DecodeResult(null, e);
    }
  }

  /**
   * The value for column {@code column} of {@code layout}: JSON text for OSON bytes of a JSON
   * column, anything else unchanged.
   *
   * @throws DecodeException CDC-3002 when a JSON column's bytes are not OSON
   */
  static Object asText(Object value, TableLayout layout, int column) {
    if (!(value instanceof Bytes oson)
        || layout.column(column).type().kind() != OracleType.Kind.JSON) {
      return value;
    }
    StringWriter text = new StringWriter();
    try (OracleJsonGenerator out = FACTORY.createJsonTextGenerator(text)) {
      out.write(FACTORY.createJsonBinaryValue(ByteBuffer.wrap(oson.toByteArray())));
    } catch (RuntimeException e) {
      // OracleJsonException, or BufferUnderflowException and the like on bytes that only start as
      // OSON does
      throw new DecodeException(
          ErrorCode.VALUE_NOT_CONVERTIBLE,
          "The "
              + oson.size()
              + " bytes of the JSON value "
              + "are not OSON: "
              + e.getClass().getSimpleName(),
          layout.table(),
          layout.column(column).name(),
          -1,
          null,
          e);
    }
    return text.toString();
  }

  /**
   * {@code row} of {@code layout} with its JSON values as text (a snapshot row, which the driver
   * reads as OSON too); the same row when it has none.
   *
   * @throws DecodeException CDC-3002 when a JSON column's bytes are not OSON
   */
  static Row asText(Row row, TableLayout layout) {
    if (row == null) {
      return null;
    }
    Row.Builder out = null;
    for (int i = 0; i < row.size() && i < layout.columns().size(); i++) {
      Object value = row.get(i);
      Object text = asText(value, layout, i);
      if (text != value) {
        out = out == null ? row.toBuilder() : out;
        out.set(i, text);
      }
    }
    return out == null ? row : out.build();
  }

  private static boolean hasJson(TableLayout layout) {
    return IntStream.range(0, layout.columns().size())
        .anyMatch(i -> layout.column(i).type().kind() == OracleType.Kind.JSON);
  }
}
