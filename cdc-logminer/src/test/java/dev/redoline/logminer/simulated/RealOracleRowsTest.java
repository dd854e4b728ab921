package dev.redoline.logminer.simulated;

import static dev.redoline.logminer.simulated.Mining.T;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoRow;
import dev.redoline.simulator.SchemaChanges.RowText;
import dev.redoline.simulator.SchemaChanges.TruncateObject;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The issue 16 behaviours of real Oracle that the simulator renders, as V$LOGMNR_CONTENTS rows
 * through the gateway's SQL (docs/simulator.md, "Real-Oracle behaviours: users, objects and row
 * text").
 */
class RealOracleRowsTest {

  @Test
  void username_isUnknownOnRowsOfATransactionStartedBeforeTheSession() throws Exception {
    // Every record its own SCN: the session starts between the two INSERTs, which a tie would
    // put at one SCN; the USERNAME, not SCN ties, is what this tests.
    SimulatedOracle oracle = SimulatedOracle.builder().seed(3).scnTiePercent(0).build();
    Mining.createT(oracle);
    SimulatedTransaction tx = oracle.newTransaction().user("BATCH").begin();
    tx.insert(T, 1L, "first");
    long between = oracle.currentScn() + 1;
    tx.insert(T, 2L, "second");
    tx.commit();
    oracle.flushAll();

    List<RedoRow> whole = Mining.mine(oracle, tx.startScn(), null);
    assertThat(ofTransaction(whole, tx))
        .extracting(RedoRow::username)
        .containsOnly("BATCH")
        .hasSize(4);
    List<RedoRow> later = Mining.mine(oracle, between, null);
    assertThat(ofTransaction(later, tx))
        .extracting(RedoRow::operation, RedoRow::username)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("INSERT", "UNKNOWN"),
            org.assertj.core.groups.Tuple.tuple("COMMIT", "UNKNOWN"));
  }

  @Test
  void truncateRow_showsTheChosenObjectNumbersAndAlwaysNamesTheTable() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(4).build();
    Mining.createT(oracle);
    long start = oracle.currentScn();
    oracle.schema().truncate(T);
    oracle.schema().truncateObject(TruncateObject.ZERO).truncate(T);
    oracle.schema().truncateObject(TruncateObject.NULL).truncate(T);

    List<RedoRow> truncates =
        Mining.mine(oracle, start, null).stream()
            .filter(r -> r.operationCode() == RedoRow.DDL)
            .toList();
    assertThat(truncates)
        .extracting(RedoRow::sqlRedo)
        .containsOnly("truncate table \"APP\".\"T\";");
    assertThat(truncates).extracting(RedoRow::tableName).containsOnly("T");
    assertThat(truncates.get(0).dataObj()).isPositive();
    assertThat(truncates.get(1).dataObj()).isZero();
    assertThat(truncates.get(1).dataObjd()).isZero();
    assertThat(truncates.get(2).dataObj()).isNull();
    assertThat(truncates.get(2).dataObjd()).isNull();
  }

  @Test
  void rowText_quotesNotDoubledAndColumnNumbersNamingTheTable() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(5).build();
    Mining.createT(oracle);
    long start = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    String row = tx.insert(T, 1L, "O'Brien");
    tx.update(T, row, Map.of("NAME", "it''s")); // two quotes: doubled they would be four
    tx.commit();
    oracle.flushAll();

    oracle.schema().rowText(T, RowText.QUOTES_NOT_DOUBLED);
    assertThat(dml(Mining.mine(oracle, start, null)))
        .containsExactly(
            "insert into \"APP\".\"T\"(\"ID\",\"NAME\") values ('1','O'Brien');",
            "update \"APP\".\"T\" set \"NAME\" = 'it''s' where \"ID\" = '1' and \"NAME\" = 'O'Brien' and ROWID = '"
                + row
                + "';");
    oracle.schema().rowText(T, RowText.COLUMN_NUMBERS);
    assertThat(dml(Mining.mine(oracle, start, null)))
        .containsExactly(
            "insert into \"APP\".\"T\"(\"COL 1\",\"COL 2\") values (HEXTORAW('c102'),HEXTORAW('4f27427269656e'));",
            "update \"APP\".\"T\" set \"COL 2\" = HEXTORAW('6974272773') where \"COL 1\" = HEXTORAW('c102') and "
                + "\"COL 2\" = HEXTORAW('4f27427269656e') and ROWID = '"
                + row
                + "';");
  }

  private static List<RedoRow> ofTransaction(List<RedoRow> rows, SimulatedTransaction tx) {
    return rows.stream().filter(r -> r.xid().equals(tx.xid())).toList();
  }

  private static List<String> dml(List<RedoRow> rows) {
    return rows.stream()
        .filter(r -> r.operationCode() == RedoRow.INSERT || r.operationCode() == RedoRow.UPDATE)
        .map(RedoRow::sqlRedo)
        .toList();
  }
}
