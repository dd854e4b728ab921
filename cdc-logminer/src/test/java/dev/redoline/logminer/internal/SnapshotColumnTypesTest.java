package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.Change;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.VectorValue;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.List;
import oracle.sql.json.OracleJsonFactory;
import oracle.sql.json.OracleJsonGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table with a column of every type the stream delivers is snapshotted, and a row of the same
 * content inserted afterwards is streamed: the snapshot row and the streamed after-image hold the
 * same values in the same Java types (a type LogMiner cannot render, here SDO_GEOMETRY, is the same
 * marker in both).
 */
class SnapshotColumnTypesTest {

  private static final TableId ALL = TableId.of("SHOP", "ALL_TYPES");

  @TempDir Path spill;

  private static TableLayout layout() {
    return TableLayout.builder(ALL, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("AMOUNT", OracleType.number(12, 2), true)
        .column("F", OracleType.of(Kind.BINARY_FLOAT), true)
        .column("D", OracleType.of(Kind.BINARY_DOUBLE), true)
        .column("CODE", OracleType.sized(Kind.CHAR, 3), true)
        .column("NAME", OracleType.sized(Kind.NVARCHAR2, 20), true)
        .column("LONGTEXT", OracleType.sized(Kind.VARCHAR2, 32767), true)
        .column("NOTE", OracleType.of(Kind.CLOB), true)
        .column("NNOTE", OracleType.of(Kind.NCLOB), true)
        .column("PIC", OracleType.of(Kind.BLOB), true)
        .column("LEGACY", OracleType.of(Kind.LONG), true)
        .column("BORN", OracleType.of(Kind.DATE), true)
        .column("AT", OracleType.timestamp(Kind.TIMESTAMP, 6), true)
        .column("AT_OFFSET", OracleType.timestamp(Kind.TIMESTAMP_TZ, 6), true)
        .column("AT_REGION", OracleType.timestamp(Kind.TIMESTAMP_TZ, 6), true)
        .column("AT_LOCAL", OracleType.timestamp(Kind.TIMESTAMP_LTZ, 6), true)
        .column(
            "TERM",
            new OracleType(Kind.INTERVAL_YM, OracleType.UNSPECIFIED, 2, OracleType.UNSPECIFIED),
            true)
        .column("WAIT", new OracleType(Kind.INTERVAL_DS, OracleType.UNSPECIFIED, 2, 6), true)
        .column("TAG", OracleType.sized(Kind.RAW, 16), true)
        .column("XML", OracleType.of(Kind.XMLTYPE), true)
        .column("DOC", OracleType.of(Kind.JSON), true)
        .column("FLAG", OracleType.of(Kind.BOOLEAN), true)
        .column("EMBED", OracleType.vector(3, 32), true)
        .column("SHAPE", OracleType.parse("SDO_GEOMETRY"), true)
        .primaryKey("ID")
        .build();
  }

  private static Bytes oson() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (OracleJsonGenerator g = new OracleJsonFactory().createJsonBinaryGenerator(out)) {
      g.writeStartObject().write("a", 1).write("b", "two").writeEnd();
    }
    return Bytes.of(out.toByteArray());
  }

  /** Every column but ID; {@code id} in front. */
  private static Object[] content(long id) {
    return new Object[] {
      id,
      new BigDecimal("1234.5"),
      1.25f,
      -2.5e-300,
      "AB ",
      "naïve ünïcode",
      "x".repeat(9000),
      "clob " + "c".repeat(5000),
      "nclob ñ",
      Bytes.of(new byte[] {0, 1, 2, (byte) 0xFF}),
      "long text",
      LocalDateTime.of(2024, 2, 29, 13, 14, 15),
      LocalDateTime.of(2024, 3, 1, 0, 0, 1, 123_456_000),
      OffsetDateTime.of(2024, 3, 1, 12, 0, 0, 500_000_000, ZoneOffset.ofHoursMinutes(5, 30)),
      ZonedDateTime.of(2024, 7, 1, 8, 30, 0, 0, ZoneId.of("Europe/Paris")),
      Instant.parse("2024-03-01T10:15:30.250Z"),
      Period.of(3, 6, 0),
      Duration.ofDays(2).plusHours(3).plusMinutes(4).plusSeconds(5).plusMillis(60),
      Bytes.of(new byte[] {(byte) 0xCA, (byte) 0xFE}),
      "<invoice id=\"7\"><line>one</line></invoice>",
      oson(),
      true,
      VectorValue.ofFloat32(1.5f, -2f, 0.25f),
      Marker.UNSUPPORTED_TYPE
    };
  }

  @Test
  void aSnapshotRow_equalsTheStreamedAfterImageOfTheSameContent() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).build();
    oracle.createTable(layout());
    SimulatedTransaction tx = oracle.begin();
    tx.insert(ALL, content(1));
    tx.commit();
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      new ScenarioScript()
          .awaitCondition(() -> !h.changeEvents().isEmpty())
          .then(
              o -> {
                SimulatedTransaction later = o.begin();
                later.insert(ALL, content(2));
                later.commit();
              })
          .attach(oracle);
      h.open(null);
      h.awaitEvents(events -> h.changeEvents().size() >= 2);
      List<Change> changes =
          h.changeEvents().stream().map(StreamEvent.ChangeEvent::change).toList();
      assertThat(changes)
          .extracting(Change::operation)
          .containsExactly(Operation.READ, Operation.INSERT);
      Row snapshot = changes.get(0).after();
      Row streamed = changes.get(1).after();
      assertThat(snapshot.get(0)).isEqualTo(1L);
      assertThat(streamed.get(0)).isEqualTo(2L);
      for (int i = 1; i < layout().columns().size(); i++) {
        String column = layout().columns().get(i).name();
        Object s = snapshot.get(i);
        Object c = streamed.get(i);
        assertThat(s)
            .as(column + " (snapshot " + describe(s) + ", stream " + describe(c) + ")")
            .isEqualTo(c);
        assertThat(s).as(column + " is null").isNotNull();
      }
    }
  }

  private static String describe(Object v) {
    return v == null
        ? "null"
        : v.getClass().getSimpleName()
            + " "
            + (v instanceof Object[] a
                ? Arrays.toString(a)
                : String.valueOf(v).length() > 60 ? String.valueOf(v).substring(0, 60) + "..." : v);
  }
}
