package dev.redoline.logminer.internal;

import static dev.redoline.logminer.internal.ScenarioHarness.ORDERS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.simulator.SchemaChanges.RowText;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16, item 15: text real LogMiner writes that is not its documented form, end to end through
 * the engine: single quotes left undoubled inside literals, and {@code "COL n"} columns with
 * HEXTORAW values in text that names the table.
 */
class LogMinerTextQuirksScenarioTest {

  @TempDir Path spill;

  @Test
  void quotesNotDoubled_withRelaxedQuotes_arriveAsWritten() throws Exception {
    Scripted db = database(RowText.QUOTES_NOT_DOUBLED);
    try (ScenarioHarness h = new ScenarioHarness(db.oracle(), spill)) {
      h.set("cdc.decode.relaxed.quotes", "true").open(Position.start(db.start()));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, O'Brien]",
              "UPDATE SHOP.ORDERS [1, O'Brien] -> [1, it's]",
              "DELETE SHOP.ORDERS [1, it's]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }

  @Test
  void quotesNotDoubled_byDefault_stopWithUnescapedQuoteError() throws Exception {
    Scripted db = database(RowText.QUOTES_NOT_DOUBLED);
    try (ScenarioHarness h = new ScenarioHarness(db.oracle(), spill)) {
      h.open(Position.start(db.start()));
      CdcException stopped = h.awaitStop();

      assertThat(stopped.code()).isEqualTo(ErrorCode.UNESCAPED_QUOTE_IN_LITERAL.code());
      assertThat(h.changes()).isEmpty();
    }
  }

  @Test
  void columnNumbersInTextNamingTheTable_decodeByPosition() throws Exception {
    Scripted db = database(RowText.COLUMN_NUMBERS);
    try (ScenarioHarness h = new ScenarioHarness(db.oracle(), spill)) {
      h.open(Position.start(db.start()));
      h.awaitChange("INSERT SHOP.ORDERS [99, END]");

      assertThat(h.changes())
          .containsExactly(
              "INSERT SHOP.ORDERS [1, O'Brien]",
              "UPDATE SHOP.ORDERS [1, O'Brien] -> [1, it's]",
              "DELETE SHOP.ORDERS [1, it's]",
              "INSERT SHOP.ORDERS [99, END]");
    }
  }

  /** A database and the SCN its script starts after. */
  private record Scripted(SimulatedOracle oracle, Scn start) {}

  /** SHOP.ORDERS written with {@code text}; a script that changes one row three times, then END. */
  private static Scripted database(RowText text) {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(15).build();
    oracle.createTable(ScenarioHarness.orders());
    oracle.schema().rowText(ORDERS, text);
    Scn start = Scn.of(oracle.currentScn());
    new ScenarioScript()
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              String row = tx.insert(ORDERS, 1L, "O'Brien");
              tx.update(ORDERS, row, Map.of("STATUS", "it's"));
              tx.delete(ORDERS, row);
              tx.commit();
            })
        .then(
            o -> {
              SimulatedTransaction tx = o.begin();
              tx.insert(ORDERS, 99L, "END");
              tx.commit();
            })
        .attach(oracle);
    return new Scripted(oracle, start);
  }
}
