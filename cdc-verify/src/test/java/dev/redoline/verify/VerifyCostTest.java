package dev.redoline.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.Row;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cost bound of verification in bytes, which are exact (time is measured only by
 * VerifyCostBenchmark, docs/performance-verify.md): an equal table verified in chunks of the
 * default size moves at most 1 % of its bytes out of Oracle, whatever the number of chunks, since
 * an equal chunk costs its boundary key and two numbers.
 */
class VerifyCostTest {

  static final TableId LEDGER = TableId.of("SHOP", "LEDGER");

  @Test
  void verify_equalTable_movesAtMostOnePercentOfItsBytesFromOracle() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(7).build();
    TableLayout layout =
        TableLayout.builder(LEDGER, 1)
            .column("ID", OracleType.number(12, 0), false)
            .column("PAYEE", OracleType.sized(Kind.VARCHAR2, 40), true)
            .column("AMOUNT", OracleType.number(12, 2), true)
            .column("BOOKED", OracleType.of(Kind.DATE), true)
            .primaryKey("ID")
            .build();
    oracle.createTable(layout);
    int rows = 3 * Verifier.DEFAULT_CHUNK_ROWS;
    MemoryTarget copy = new MemoryTarget();
    long tableBytes = 0;
    SimulatedTransaction tx = oracle.begin();
    for (int id = 1; id <= rows; id++) {
      Object[] row = {
        BigDecimal.valueOf(id),
        "payee " + (id * 7919L % 100_003),
        BigDecimal.valueOf(id * 53L % 1_000_000, 2),
        LocalDateTime.of(2025, 3, 1, 8, 0).plusMinutes(id * 11L)
      };
      tx.insert(LEDGER, row);
      copy.put(layout, Row.of(row));
      for (Object v : row) {
        tableBytes += String.valueOf(v).getBytes(StandardCharsets.UTF_8).length;
      }
    }
    tx.commit();
    VerifyReport report =
        Verifier.builder()
            .config(Map.of("cdc.database.url", oracle.url(), "cdc.tables.include", "SHOP.*"))
            .tables(List.of(LEDGER))
            .target(copy)
            .build()
            .verify();

    TableReport t = report.tables().get(0);
    assertThat(report.equal()).as(report.toText()).isTrue();
    assertThat(t.sourceRows()).isEqualTo(rows);
    assertThat(t.chunks()).isEqualTo(4); // three full chunks and the empty range after the last key
    assertThat(t.sourceBytes()).isPositive();
    assertThat(t.sourceBytes() * 100).as("bytes from Oracle").isLessThanOrEqualTo(tableBytes);
    assertThat(t.targetBytes()).as("the copy, read whole").isGreaterThanOrEqualTo(tableBytes / 2);
  }
}
