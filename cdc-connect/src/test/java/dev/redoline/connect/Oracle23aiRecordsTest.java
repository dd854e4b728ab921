package dev.redoline.connect;

import static dev.redoline.connect.RedolineSourceTaskTest.pollUntil;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.VectorValue;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.Oracle23aiForms;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.ByteArrayOutputStream;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Oracle 23ai values end to end: simulator SQL_REDO, the engine, and the task's change records. */
class Oracle23aiRecordsTest {

  private static final TableId T23 = TableId.of("SHOP", "T23");
  private static final String TOPIC = "shop.SHOP.T23";

  @TempDir java.nio.file.Path spill;

  private RedolineSourceTask task;

  @AfterEach
  void stop() {
    if (task != null) {
      task.stop();
    }
  }

  private static Bytes oson() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OracleJsonGenerator g = new OracleJsonFactory().createJsonBinaryGenerator(out)) {
      g.writeStartObject().write("a", 1).writeEnd();
    }
    return Bytes.of(out.toByteArray());
  }

  @Test
  void booleanVectorJsonAndNumberOne_inTheChangeRecord() throws Exception {
    ShopScript shop = ShopScript.withAmounts(95);
    shop.oracle.oracle23aiForms(
        new Oracle23aiForms(Oracle23aiForms.BooleanForm.RAW, Oracle23aiForms.VectorForm.IMAGE));
    shop.oracle.createTable(
        TableLayout.builder(T23, 1)
            .column("ID", OracleType.number(10, 0), false)
            .column("FLAG", OracleType.of(OracleType.Kind.BOOLEAN), true)
            .column("V", OracleType.vector(3, 32), true)
            .column("DOC", OracleType.of(OracleType.Kind.JSON), true)
            .column("ONE", OracleType.number(1, 0), true)
            .primaryKey("ID")
            .build());
    shop.then(
        o -> {
          SimulatedTransaction tx = o.begin();
          tx.insert(T23, 1L, true, VectorValue.ofFloat32(1.5f, -2f, 0.1f), oson(), 1L);
          tx.commit();
        });
    FakeTaskContext context = new FakeTaskContext(false);
    task = new RedolineSourceTask(config -> shop.database(), Clock.systemUTC());
    task.initialize(context);
    Map<String, String> props = new HashMap<>(ShopScript.settings("jdbc:redoline:sim:test"));
    props.put("cdc.buffer.spill.dir", spill.toString());
    props.put("cdc.start.scn", Long.toString(shop.oracle.currentScn()));
    props.put("cdc.number.one.as.boolean", "true");
    task.start(props);

    List<SourceRecord> records =
        pollUntil(task, context, rs -> rs.stream().anyMatch(r -> r.topic().equals(TOPIC)));
    SourceRecord record =
        records.stream().filter(r -> r.topic().equals(TOPIC)).findFirst().orElseThrow();
    Struct after = ((Struct) record.value()).getStruct("after");
    assertThat(after.getBoolean("FLAG")).isTrue();
    assertThat(after.getBoolean("ONE")).isTrue();
    assertThat(after.getString("DOC")).isEqualTo("{\"a\":1}");
    assertThat(after.schema().field("DOC").schema().name()).isEqualTo("io.debezium.data.Json");
    // The dictionary names the column VECTOR without its format: Debezium's DoubleVector holds
    // every format.
    assertThat(after.schema().field("V").schema().name())
        .isEqualTo("io.debezium.data.DoubleVector");
    assertThat(after.<Double>getArray("V")).containsExactly(1.5, -2.0, (double) 0.1f);
  }
}
