package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Column;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.VectorValue;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import oracle.sql.VECTOR;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;
import org.junit.jupiter.api.Test;

/**
 * The VECTOR and JSON bytes Oracle's own JDBC driver (ojdbc11, test scope only) writes, decoded:
 * the storage image and text of random vectors of each format, and OSON documents. The decoder's
 * reading of these formats is checked against Oracle's implementation, not against itself.
 */
class DriverEncodingsTest {

  private static final TableLayout LAYOUT =
      new TableLayout(
          TableId.of("S", "V"),
          1,
          List.of(
              new Column("ID", 1, OracleType.number(10, 0), false),
              new Column("V32", 2, OracleType.vector(OracleType.UNSPECIFIED, 32), true),
              new Column("V64", 3, OracleType.vector(OracleType.UNSPECIFIED, 64), true),
              new Column("V8", 4, OracleType.vector(OracleType.UNSPECIFIED, 8), true),
              new Column("VB", 5, OracleType.vector(OracleType.UNSPECIFIED, 1), true),
              new Column("DOC", 6, OracleType.of(OracleType.Kind.JSON), true)),
          List.of("ID"));

  private final Random random = new Random(20261201);

  private static Object decode(String column, String literal) {
    String text =
        "insert into \"S\".\"V\"(\"ID\",\"" + column + "\") values ('1'," + literal + ");";
    try (RedoDecoder decoder = RedoDecoder.builder().build()) {
      return decoder
          .decode(
              DecodeInput.of(
                  Operation.INSERT,
                  text,
                  LAYOUT,
                  Scn.of(1),
                  RedoAddress.start(1),
                  0,
                  null,
                  Instant.EPOCH))
          .after()
          .get(LAYOUT.indexOf(column));
    }
  }

  private static String hexToRaw(byte[] bytes) {
    return "HEXTORAW('" + Bytes.of(bytes).toHex() + "')";
  }

  @Test
  void float32Vectors_imageAndTextOfTheDriver_decodeToTheSameNumbers() throws Exception {
    for (int round = 0; round < 50; round++) {
      float[] values = new float[1 + random.nextInt(40)];
      for (int i = 0; i < values.length; i++) {
        // the text form prints -0.0 as 0, so zero keeps its sign only in the image: not drawn here
        values[i] = (random.nextFloat() - 0.5f) * (float) Math.pow(10, random.nextInt(60) - 30);
      }
      VECTOR driver = VECTOR.ofFloat32Values(values);
      VectorValue expected = VectorValue.ofFloat32(values);
      assertThat(decode("V32", hexToRaw(driver.getBytes()))).isEqualTo(expected);
      assertThat(decode("V32", "'" + driver.stringValue() + "'")).isEqualTo(expected);
      assertThat(expected.toImage()).isEqualTo(driver.getBytes());
    }
  }

  @Test
  void float64Vectors_imageAndTextOfTheDriver_decodeToTheSameNumbers() throws Exception {
    for (int round = 0; round < 50; round++) {
      double[] values = new double[1 + random.nextInt(40)];
      for (int i = 0; i < values.length; i++) {
        values[i] = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(400) - 200);
      }
      VECTOR driver = VECTOR.ofFloat64Values(values);
      VectorValue expected = VectorValue.ofFloat64(values);
      assertThat(decode("V64", hexToRaw(driver.getBytes()))).isEqualTo(expected);
      assertThat(decode("V64", "TO_VECTOR('" + driver.stringValue() + "')")).isEqualTo(expected);
      assertThat(expected.toImage()).isEqualTo(driver.getBytes());
    }
  }

  @Test
  void int8AndBinaryVectors_imageAndTextOfTheDriver_decode() throws Exception {
    for (int round = 0; round < 50; round++) {
      byte[] values = new byte[1 + random.nextInt(40)];
      random.nextBytes(values);
      VECTOR int8 = VECTOR.ofInt8Values(values);
      assertThat(decode("V8", hexToRaw(int8.getBytes()))).isEqualTo(VectorValue.ofInt8(values));
      assertThat(decode("V8", "'" + int8.stringValue() + "'"))
          .isEqualTo(VectorValue.ofInt8(values));
      VECTOR binary = VECTOR.ofBinaryValues(values);
      assertThat(decode("VB", hexToRaw(binary.getBytes()))).isEqualTo(VectorValue.ofBinary(values));
      assertThat(decode("VB", "'" + binary.stringValue() + "'"))
          .isEqualTo(VectorValue.ofBinary(values));
      assertThat(VectorValue.ofBinary(values).toImage()).isEqualTo(binary.getBytes());
    }
  }

  @Test
  void osonOfTheDriver_isKeptAsItsBytes() {
    OracleJsonFactory factory = new OracleJsonFactory();
    for (int round = 0; round < 20; round++) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (OracleJsonGenerator g = factory.createJsonBinaryGenerator(out)) {
        g.writeStartObject();
        for (int k = 0; k <= round; k++) {
          g.write("k" + k, random.nextInt());
          g.write("s" + k, "it's " + random.nextLong());
        }
        g.writeEnd();
      }
      byte[] oson = out.toByteArray();
      assertThat(decode("DOC", "/* JSON */ " + hexToRaw(oson))).isEqualTo(Bytes.of(oson));
    }
  }
}
