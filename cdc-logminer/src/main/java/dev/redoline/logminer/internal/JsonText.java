package dev.redoline.logminer.internal;

import dev.redoline.core.Bytes;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.util.Objects;
import oracle.sql.json.OracleJsonException;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;

/**
 * The JSON text of a JSON column's value. The decoder keeps a JSON value as the OSON bytes
 * LogMiner writes ({@code /* JSON *}{@code / HEXTORAW('ff4a5a01...')}); reading OSON needs Oracle's
 * OSON reader, which this module has with Oracle's JDBC driver, so sinks that write JSON as text
 * (the Connect mapping {@code io.debezium.data.Json}) convert here.
 *
 * <pre>{@code
 * String text = JsonText.of(oson);   // {"a":1}
 * }</pre>
 */
public final class JsonText {

  private static final OracleJsonFactory FACTORY = new OracleJsonFactory();

  private JsonText() {}

  /**
   * The compact JSON text of an OSON document.
   *
   * @throws IllegalArgumentException when the bytes are not OSON (the message never shows them)
   */
  public static String of(Bytes oson) {
    Objects.requireNonNull(oson, "oson == null");
    StringWriter text = new StringWriter();
    try (OracleJsonGenerator out = FACTORY.createJsonTextGenerator(text)) {
      out.write(FACTORY.createJsonBinaryValue(ByteBuffer.wrap(oson.toByteArray())));
    } catch (OracleJsonException e) {
      throw new IllegalArgumentException("The " + oson.size() + " bytes of the JSON value are not OSON: "
          + e.getClass().getSimpleName(), e);
    }
    return text.toString();
  }
}
