package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Position;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.VectorValue;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.simulator.Oracle23aiForms;
import dev.redoline.simulator.Oracle23aiForms.BooleanForm;
import dev.redoline.simulator.Oracle23aiForms.VectorForm;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden decodes of Oracle 23ai values through the whole engine: the simulator writes BOOLEAN,
 * VECTOR and JSON into SQL_REDO in each form a test may choose, the gateway reads the rows and the
 * table's dictionary, and the decoded changes hold the values the workload wrote. A VECTOR column
 * reads from the dictionary as {@code VECTOR(*, *)}: its text decodes as FLOAT64.
 */
class Oracle23aiScenarioTest {

  private static final TableId T23 = TableId.of("SHOP", "T23");

  @TempDir Path spill;

  private static TableLayout layout() {
    return TableLayout.builder(T23, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("FLAG", OracleType.of(OracleType.Kind.BOOLEAN), true)
        .column("V32", OracleType.vector(3, 32), true)
        .column("V64", OracleType.vector(2, 64), true)
        .column("DOC", OracleType.of(OracleType.Kind.JSON), true)
        .column("ONE", OracleType.number(1, 0), true)
        .primaryKey("ID")
        .build();
  }

  private static Bytes oson(int a) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OracleJsonGenerator g = new OracleJsonFactory().createJsonBinaryGenerator(out)) {
      g.writeStartObject().write("a", a).writeEnd();
    }
    return Bytes.of(out.toByteArray());
  }

  static Stream<Arguments> forms() {
    List<Arguments> all = new ArrayList<>();
    for (BooleanForm b : BooleanForm.values()) {
      for (VectorForm v : VectorForm.values()) {
        all.add(Arguments.of(b, v));
      }
    }
    return all.stream();
  }

  private List<Change> capture(SimulatedOracle oracle, List<Row> rows, String... settings)
      throws Exception {
    oracle.createTable(layout());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              rows.forEach(r -> tx.insert(T23, r));
              tx.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      for (int i = 0; i < settings.length; i += 2) {
        h.set(settings[i], settings[i + 1]);
      }
      h.open(Position.start(start));
      h.awaitEvents(events -> h.changeEvents().size() >= rows.size());
      return h.changeEvents().stream().map(e -> e.change()).toList();
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("forms")
  void everyForm_decodesToTheWrittenValues(BooleanForm bool, VectorForm vector) throws Exception {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .seed(91)
            .build()
            .oracle23aiForms(new Oracle23aiForms(bool, vector));
    VectorValue v32 = VectorValue.ofFloat32(1.5f, -2f, 0.25f);
    VectorValue v64 = VectorValue.ofFloat64(0.1, -1e300);
    List<Row> rows =
        List.of(Row.of(1L, true, v32, v64, oson(1), 1L), Row.of(2L, false, null, null, null, 0L));
    List<Change> changes = capture(oracle, rows);
    // The capture reads VECTOR columns from the dictionary as VECTOR(*, *): text takes FLOAT64,
    // which
    // holds every FLOAT32 exactly; the image keeps its own format.
    VectorValue v32Read = vector == VectorForm.IMAGE ? v32 : VectorValue.ofFloat64(1.5, -2, 0.25);
    assertThat(changes)
        .extracting(Change::after)
        .containsExactly(Row.of(1L, true, v32Read, v64, "{\"a\":1}", 1L), rows.get(1));
  }

  /** A document of 4,000 bytes or more: {@code EMPTY_BLOB()} in the INSERT, then LOB_WRITE rows. */
  private static Bytes bigOson(int items) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OracleJsonGenerator g = new OracleJsonFactory().createJsonBinaryGenerator(out)) {
      g.writeStartObject()
          .writeStartArray("a"); // an array keeps its order; OSON fields are sorted by hash
      for (int i = 0; i < items; i++) {
        g.write("v" + i);
      }
      g.writeEnd().writeEnd();
    }
    return Bytes.of(out.toByteArray());
  }

  @Test
  void json_inlineAndOutOfLine_isTheDocumentsText() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(93).lobWriteChunk(1500).build();
    Bytes big = bigOson(600); // 600 strings of 2 to 4 characters
    assertThat(big.size()).isGreaterThan(4000);
    List<Change> changes =
        capture(
            oracle,
            List.of(
                Row.of(1L, null, null, null, oson(7), null),
                Row.of(2L, null, null, null, big, null)));
    StringBuilder expected = new StringBuilder("{\"a\":[");
    for (int i = 0; i < 600; i++) {
      expected.append(i == 0 ? "" : ",").append("\"v").append(i).append('"');
    }
    assertThat(changes)
        .extracting(c -> c.after().get(4))
        .containsExactly("{\"a\":7}", expected.append("]}").toString());
  }

  @Test
  void json_notOson_isCdc3002NamingTheColumn() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(94).build();
    // starts as OSON does, so the decoder takes it; Oracle's reader refuses the rest
    Bytes broken = Bytes.fromHex("ff4a5a01" + "00".repeat(8));
    oracle.createTable(layout());
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(T23, Row.of(1L, null, null, null, broken, null));
              tx.commit();
            })
        .attach(oracle);
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      h.set("cdc.on.decode.error", "dlq");
      h.open(Position.start(start));
      h.awaitEvents(events -> !h.deadLetters.isEmpty());
      DeadLetter dead = h.deadLetters.get(0);
      assertThat(dead.error().errorCode()).isEqualTo(ErrorCode.VALUE_NOT_CONVERTIBLE);
      assertThat(dead.error().column()).isEqualTo("DOC");
    }
  }

  @Test
  void numberOne_asBoolean_whenAsked() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(92).build();
    List<Row> rows =
        List.of(Row.of(1L, null, null, null, null, 1L), Row.of(2L, null, null, null, null, 0L));
    List<Change> changes = capture(oracle, rows, "cdc.number.one.as.boolean", "true");
    assertThat(changes).extracting(c -> c.after().get(5)).containsExactly(true, false);
  }
}
