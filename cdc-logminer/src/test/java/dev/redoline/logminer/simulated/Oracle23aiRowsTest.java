package dev.redoline.logminer.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.RedoRow;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.VectorValue;
import dev.redoline.simulator.Oracle23aiForms;
import dev.redoline.simulator.Oracle23aiForms.BooleanForm;
import dev.redoline.simulator.Oracle23aiForms.VectorForm;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Random;
import oracle.sql.VECTOR;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * BOOLEAN, VECTOR and JSON values as the simulator writes them into SQL_REDO, in each form a test
 * may choose (docs/simulator.md, "Oracle 23ai types"), read through the gateway's SQL. The VECTOR
 * text is the one Oracle's driver writes; JSON is OSON made by Oracle's driver.
 */
class Oracle23aiRowsTest {

  static final TableId T23 = TableId.of("APP", "T23");

  static TableLayout layout() {
    return TableLayout.builder(T23, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("FLAG", OracleType.of(OracleType.Kind.BOOLEAN), true)
        .column("V32", OracleType.vector(3, 32), true)
        .column("V64", OracleType.vector(2, 64), true)
        .column("DOC", OracleType.of(OracleType.Kind.JSON), true)
        .primaryKey("ID")
        .build();
  }

  /** OSON of {@code {"a":1}}, written by Oracle's driver. */
  static Bytes oson() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OracleJsonGenerator g = new OracleJsonFactory().createJsonBinaryGenerator(out)) {
      g.writeStartObject().write("a", 1).writeEnd();
    }
    return Bytes.of(out.toByteArray());
  }

  private static String insertRedo(SimulatedOracle oracle, Object... values) throws Exception {
    oracle.createTable(layout());
    long start = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(T23, values);
    tx.commit();
    oracle.flushAll();
    List<RedoRow> rows = Mining.mine(oracle, start, null);
    return rows.stream()
        .filter(r -> r.operationCode() == RedoRow.INSERT)
        .findFirst()
        .orElseThrow()
        .sqlRedo();
  }

  @ParameterizedTest
  @EnumSource(BooleanForm.class)
  void booleans_inEachForm(BooleanForm form) throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(81)
            .build()
            .oracle23aiForms(new Oracle23aiForms(form, VectorForm.TEXT));
    String redo = insertRedo(oracle, 1L, true, null, null, null);
    String expected =
        switch (form) {
          case KEYWORD -> "TRUE";
          case NUMBER -> "1";
          case TEXT -> "'1'";
          case RAW -> "HEXTORAW('01')";
        };
    assertThat(redo)
        .isEqualTo(
            "insert into \"APP\".\"T23\"(\"ID\",\"FLAG\",\"V32\",\"V64\",\"DOC\") values "
                + "('1',"
                + expected
                + ",NULL,NULL,NULL);");
  }

  @ParameterizedTest
  @EnumSource(VectorForm.class)
  void vectors_inEachForm(VectorForm form) throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(82)
            .build()
            .oracle23aiForms(new Oracle23aiForms(BooleanForm.KEYWORD, form));
    VectorValue v32 = VectorValue.ofFloat32(1.5f, -2f, 0.25f);
    VectorValue v64 = VectorValue.ofFloat64(0.1, 0);
    String redo = insertRedo(oracle, 2L, false, v32, v64, null);
    String expected =
        switch (form) {
          case TEXT -> "'[1.5E+000,-2.0E+000,2.5E-001]','[1.0000000000000001E-001,0]'";
          case TO_VECTOR ->
              "TO_VECTOR('[1.5E+000,-2.0E+000,2.5E-001]'),TO_VECTOR('[1.0000000000000001E-001,0]')";
          case IMAGE ->
              "HEXTORAW('"
                  + Bytes.of(v32.toImage()).toHex()
                  + "'),HEXTORAW('"
                  + Bytes.of(v64.toImage()).toHex()
                  + "')";
        };
    assertThat(redo)
        .isEqualTo(
            "insert into \"APP\".\"T23\"(\"ID\",\"FLAG\",\"V32\",\"V64\",\"DOC\") values "
                + "('2',FALSE,"
                + expected
                + ",NULL);");
  }

  @Test
  void json_isOsonInHexToRaw_behindTheJsonComment() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(83).build();
    Bytes doc = oson();
    String redo = insertRedo(oracle, 3L, null, null, null, doc);
    assertThat(doc.toHex()).startsWith("ff4a5a01");
    assertThat(redo).endsWith(",NULL,NULL,NULL,/* JSON */ HEXTORAW('" + doc.toHex() + "'));");
  }

  @Test
  void vectorText_isTheTextOfOraclesDriver() throws Exception {
    Random random = new Random(84);
    SimulatedOracle oracle = SimulatedOracle.builder().seed(84).build();
    oracle.createTable(layout());
    long start = oracle.currentScn();
    List<String> expected = new java.util.ArrayList<>();
    for (long id = 1; id <= 50; id++) {
      float[] f = {
        random.nextFloat() * 1e6f - 5e5f,
        (float) random.nextGaussian() * 1e-7f,
        random.nextInt(3) - 1
      };
      double[] d = {random.nextGaussian() * 1e200, random.nextDouble() - 0.5};
      SimulatedTransaction tx = oracle.begin();
      tx.insert(T23, id, null, VectorValue.ofFloat32(f), VectorValue.ofFloat64(d), null);
      tx.commit();
      expected.add(
          "'"
              + VECTOR.ofFloat32Values(f).stringValue()
              + "','"
              + VECTOR.ofFloat64Values(d).stringValue()
              + "'");
    }
    oracle.flushAll();
    List<String> redo =
        Mining.mine(oracle, start, null).stream()
            .filter(r -> r.operationCode() == RedoRow.INSERT)
            .map(RedoRow::sqlRedo)
            .toList();
    assertThat(redo).hasSize(50);
    for (int i = 0; i < 50; i++) {
      assertThat(redo.get(i)).contains(",NULL," + expected.get(i) + ",NULL);");
    }
  }
}
