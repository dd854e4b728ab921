package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.LayoutVersion;
import dev.redoline.core.OracleType;
import dev.redoline.core.Scn;
import dev.redoline.core.ShopOrders;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SchemaHistoryTest {

  @TempDir Path dir;

  static TableLayout everyType() {
    TableLayout.Builder b = TableLayout.builder(new TableId("PDB1", "HR", "Odd \"Name\""), 4);
    String[] types = {
      "NUMBER",
      "NUMBER(10,2)",
      "FLOAT(63)",
      "BINARY_DOUBLE",
      "CHAR(3)",
      "NVARCHAR2(20)",
      "DATE",
      "TIMESTAMP(9) WITH LOCAL TIME ZONE",
      "TIMESTAMP(3) WITH TIME ZONE",
      "INTERVAL DAY(3) TO SECOND(2)",
      "INTERVAL YEAR(4) TO MONTH",
      "RAW(16)",
      "CLOB",
      "BLOB",
      "LONG RAW",
      "XMLTYPE",
      "JSON",
      "SDO_GEOMETRY"
    };
    for (int i = 0; i < types.length; i++) {
      b.column("C" + i, OracleType.parse(types[i]), i % 2 == 0);
    }
    return b.primaryKey("C0", "C4").build();
  }

  @Test
  void record_roundTripsEveryTypeExactly() {
    SchemaHistory history = FileSchemaHistory.open(dir.resolve("h.jsonl"));
    history.record(everyType(), Scn.of(10));
    assertThat(FileSchemaHistory.open(dir.resolve("h.jsonl")).load())
        .containsExactly(new LayoutVersion(everyType(), Scn.of(10)));
  }

  @Test
  void record_skipsALayoutAlreadyRecorded() throws Exception {
    FileSchemaHistory.open(dir.resolve("h.jsonl")).record(ShopOrders.layout(), Scn.of(10));
    FileSchemaHistory.open(dir.resolve("h.jsonl")).record(ShopOrders.layout(), Scn.of(20));
    assertThat(Files.readAllLines(dir.resolve("h.jsonl"))).hasSize(1);
    assertThat(FileSchemaHistory.open(dir.resolve("h.jsonl")).load())
        .containsExactly(new LayoutVersion(ShopOrders.layout(), Scn.of(10)));
  }

  @Test
  void load_ignoresATornLastLineAndTheNextRecordReplacesIt() throws Exception {
    Path file = dir.resolve("h.jsonl");
    FileSchemaHistory.open(file).record(ShopOrders.layout(), Scn.of(10));
    Files.writeString(file, "{\"v\":1,\"scn\":\"2", java.nio.file.StandardOpenOption.APPEND);
    assertThat(FileSchemaHistory.open(file).load())
        .extracting(LayoutVersion::layout)
        .containsExactly(ShopOrders.layout());
    FileSchemaHistory.open(file).record(everyType(), Scn.of(11));
    assertThat(FileSchemaHistory.open(file).load())
        .containsExactly(
            new LayoutVersion(ShopOrders.layout(), Scn.of(10)),
            new LayoutVersion(everyType(), Scn.of(11)));
  }

  @Test
  void load_refusesABrokenLineInTheMiddle() throws Exception {
    Path file = dir.resolve("h.jsonl");
    Files.writeString(file, "{\"v\":7}\n");
    assertThatThrownBy(() -> FileSchemaHistory.open(file).load())
        .isInstanceOf(CdcException.class)
        .satisfies(
            e ->
                assertThat(((CdcException) e).detail())
                    .isEqualTo(
                        "line 1 of the schema history "
                            + file
                            + " is not a table layout: version 7 is not one this Redoline reads (1)"));
  }

  @Test
  void inMemory_keepsEachLayoutOnce() {
    SchemaHistory history = SchemaHistory.inMemory();
    history.record(ShopOrders.layout(), Scn.of(1));
    history.record(ShopOrders.layout(), Scn.of(2));
    assertThat(history.load()).containsExactly(new LayoutVersion(ShopOrders.layout(), Scn.of(1)));
  }
}
