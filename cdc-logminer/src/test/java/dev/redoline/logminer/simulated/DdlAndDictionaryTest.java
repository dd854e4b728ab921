package dev.redoline.logminer.simulated;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.RedoRow;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.SupplementalLogging;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * DDL and the dictionary at mining time (docs/logminer.md#rows-without-a-dictionary, #start-options
 * and #ddl): requirements 11, 20 (Dictionary Mismatch, BIN$ and OBJ# names), 25 and 34 (DDL between
 * redo and mining).
 */
class DdlAndDictionaryTest {

  private static final TableId U = TableId.of("APP", "U");

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(5).build();
  private final TableId t = Mining.createT(oracle);

  private static TableLayout threeColumns(TableId id) {
    return TableLayout.builder(id, 1)
        .column("ID", OracleType.number(10, 0), false)
        .column("NAME", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
        .column("NOTE", OracleType.sized(OracleType.Kind.VARCHAR2, 20), true)
        .primaryKey("ID")
        .build();
  }

  private static RedoRow updateRowUnder(SupplementalLogging level) throws Exception {
    SimulatedOracle db = SimulatedOracle.builder().supplementalLogging(level).build();
    TableId u = db.createTable(threeColumns(U));
    long low = db.currentScn();
    SimulatedTransaction tx = db.begin();
    String rowId = tx.insert(u, 1L, "a", "n");
    tx.update(u, rowId, Map.of("NAME", "b"));
    tx.commit();
    return Mining.mine(db, low, null).stream()
        .filter(r -> r.operationCode() == RedoRow.UPDATE)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void supplementalLoggingLevelsDecideTheOldValuesInTheWhereClause() throws Exception {
    RedoRow all = updateRowUnder(SupplementalLogging.ALL);
    String rowId = all.rowId();
    assertThat(all.sqlRedo())
        .isEqualTo(
            "update \"APP\".\"U\" set \"NAME\" = 'b' where \"ID\" = '1' and \"NAME\" = 'a'"
                + " and \"NOTE\" = 'n' and ROWID = '"
                + rowId
                + "';");
    assertThat(updateRowUnder(SupplementalLogging.PRIMARY_KEY).sqlRedo())
        .isEqualTo(
            "update \"APP\".\"U\" set"
                + " \"NAME\" = 'b' where \"ID\" = '1' and \"NAME\" = 'a' and ROWID = '"
                + rowId
                + "';");
    RedoRow min = updateRowUnder(SupplementalLogging.MIN);
    assertThat(min.sqlRedo())
        .isEqualTo(
            "update \"APP\".\"U\" set \"NAME\" = 'b' where \"NAME\" = 'a' and ROWID = '"
                + rowId
                + "';");
    assertThat(min.status()).isZero();
    assertThat(all.status()).isZero();
  }

  @Test
  void withoutSupplementalLoggingDmlRowsAreUnguaranteedWithStatus3() throws Exception {
    RedoRow none = updateRowUnder(SupplementalLogging.NONE);
    assertThat(none.status()).isEqualTo(3);
    assertThat(none.info()).isEqualTo("no supplemental log data found");
    assertThat(none.sqlRedo())
        .startsWith("update \"APP\".\"U\" set \"NAME\" = 'b' where \"NAME\" = 'a'");
  }

  @Test
  void alterAfterTheRedoGivesDictionaryMismatchRowsWithObjAndColNumbers() throws Exception {
    long low = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, 1L, "x");
    tx.commit();
    oracle.schema().addColumn(t, "EXTRA", OracleType.number(5, 0));
    SimulatedTransaction after = oracle.begin();
    after.insert(t, 2L, "y", 7L);
    after.commit();
    List<RedoRow> dml = Mining.dml(Mining.mine(oracle, low, null));
    RedoRow old = dml.get(0);
    int obj = old.dataObj();
    assertThat(old.status()).isEqualTo(2);
    assertThat(old.info()).isEqualTo("Dictionary Mismatch");
    assertThat(old.segOwner()).isEqualTo("UNKNOWN");
    assertThat(old.tableName()).isEqualTo("OBJ# " + obj);
    assertThat(old.sqlRedo())
        .isEqualTo(
            "insert into \"UNKNOWN\".\"OBJ# "
                + obj
                + "\"(\"COL 1\",\"COL 2\") values"
                + " (HEXTORAW('c102'),HEXTORAW('78'));");
    assertThat(old.dataObjv()).isEqualTo(1);
    RedoRow fresh = dml.get(1);
    assertThat(fresh.status()).isZero();
    assertThat(fresh.dataObjv()).isEqualTo(2);
    assertThat(fresh.sqlRedo())
        .isEqualTo("insert into \"APP\".\"T\"(\"ID\",\"NAME\",\"EXTRA\") values ('2','y','7');");
  }

  @Test
  void droppedTableRowsShowTheBinNameAndTheDropShowsTheRecycleBinRename() throws Exception {
    long low = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, 1L, "x");
    tx.commit();
    oracle.schema().drop(t, false);
    List<RedoRow> rows = Mining.mine(oracle, low, null);
    RedoRow insert = Mining.dml(rows).get(0);
    assertThat(insert.tableName()).startsWith("BIN$").endsWith("==$0").hasSize(30);
    assertThat(insert.sqlRedo()).startsWith("insert into \"APP\".\"" + insert.tableName() + "\"(");
    List<RedoRow> ddl = rows.stream().filter(r -> r.operationCode() == RedoRow.DDL).toList();
    assertThat(ddl)
        .extracting(RedoRow::info)
        .containsExactly("INTERNAL DDL", "USER DDL (PlSql=0 RecDep=0)");
    assertThat(ddl.get(0).sqlRedo())
        .isEqualTo("ALTER TABLE \"APP\".\"T\" RENAME TO \"" + insert.tableName() + "\";");
    assertThat(ddl.get(1).sqlRedo())
        .isEqualTo("drop table \"APP\".\"T\" AS \"" + insert.tableName() + "\";");
    assertThat(ddl.get(1).segOwner()).isEqualTo("APP");
  }

  @Test
  void purgedTableRowsShowAsObjNumberOfUnknown() throws Exception {
    long low = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, 1L, "x");
    tx.commit();
    oracle.schema().drop(t, true);
    List<RedoRow> rows = Mining.mine(oracle, low, null);
    RedoRow insert = Mining.dml(rows).get(0);
    assertThat(insert.segOwner()).isEqualTo("UNKNOWN");
    assertThat(insert.tableName()).isEqualTo("OBJ# " + insert.dataObj());
    assertThat(insert.status()).isEqualTo(2);
    assertThat(rows)
        .filteredOn(r -> r.operationCode() == RedoRow.DDL)
        .extracting(RedoRow::sqlRedo)
        .containsExactly("drop table \"APP\".\"T\" purge;");
  }

  @Test
  void truncateGivesNewDataObjdUnlessEmptyAndCommitsItsOwnTransaction() throws Exception {
    oracle.schema().truncate(t); // empty: DATA_OBJD# stays
    long low = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    String rowId = tx.insert(t, 1L, "x");
    tx.commit();
    oracle.schema().truncate(t);
    SimulatedTransaction after = oracle.begin();
    String newRowId = after.insert(t, 2L, "y");
    after.commit();
    List<RedoRow> rows = Mining.mine(oracle, low, null);
    List<RedoRow> dml = Mining.dml(rows);
    assertThat(dml.get(0).dataObjd()).isEqualTo(dml.get(0).dataObj());
    assertThat(dml.get(1).dataObj()).isEqualTo(dml.get(0).dataObj());
    assertThat(dml.get(1).dataObjd()).isGreaterThan(dml.get(0).dataObjd());
    assertThat(newRowId.substring(0, 6))
        .isNotEqualTo(rowId.substring(0, 6)); // ROWID carries DATA_OBJD#
    int ddl = indexOf(rows, RedoRow.DDL);
    RedoRow truncate = rows.get(ddl);
    assertThat(truncate.sqlRedo()).isEqualTo("truncate table \"APP\".\"T\";");
    assertThat(truncate.info()).isEqualTo("USER DDL (PlSql=0 RecDep=0)");
    assertThat(rows.get(ddl - 1).operationCode()).isEqualTo(RedoRow.START);
    assertThat(rows.get(ddl - 1).xid()).isEqualTo(truncate.xid());
    assertThat(rows.get(ddl + 1).operationCode()).isEqualTo(RedoRow.COMMIT); // the implicit commit
    assertThat(rows.get(ddl + 1).xid()).isEqualTo(truncate.xid());
    assertThat(rows.get(ddl + 1).scn()).isGreaterThan(truncate.scn());
  }

  @Test
  void moveGivesNewDataObjdAndAddColumnRaisesDataObjv() throws Exception {
    long low = oracle.currentScn();
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, 1L, "x");
    tx.commit();
    oracle.schema().move(t);
    oracle.schema().addColumn(t, "C", OracleType.number(3, 0));
    SimulatedTransaction after = oracle.begin();
    after.insert(t, 2L, "y", 1L);
    after.commit();
    List<RedoRow> rows = Mining.mine(oracle, low, null);
    List<RedoRow> ddl = rows.stream().filter(r -> r.operationCode() == RedoRow.DDL).toList();
    assertThat(ddl)
        .extracting(RedoRow::sqlRedo)
        .containsExactly(
            "alter table \"APP\".\"T\" move;", "alter table \"APP\".\"T\" add \"C\" NUMBER(3,0);");
    List<RedoRow> dml = Mining.dml(rows);
    assertThat(dml.get(1).dataObjd()).isNotEqualTo(dml.get(1).dataObj());
    assertThat(dml.get(1).dataObjv()).isEqualTo(dml.get(0).dataObjv() + 1);
  }

  @Test
  void partitionsHaveTheirOwnObjectsAndExchangeSwapsDataObjd() throws Exception {
    TableId p =
        oracle
            .schema()
            .createPartitioned(threeColumns(TableId.of("APP", "P")), List.of("P1", "P2"));
    TableId swap = oracle.createTable(threeColumns(TableId.of("APP", "SWAP")));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      List<DictionaryObject> before = db.objects(null, "^APP$", "^P$");
      assertThat(before).extracting(DictionaryObject::partition).containsExactly(null, "P1", "P2");
      assertThat(before.get(0).dataObjectId()).isZero(); // a partitioned table has no segment
      DictionaryObject p1 = before.get(1);
      int swapObjd = db.objects(null, "^APP$", "^SWAP$").get(0).dataObjectId();
      oracle.schema().exchangePartition(p, "P1", swap);
      DictionaryObject p1After = db.objects(null, "^APP$", "^P$").get(1);
      assertThat(p1After.objectId()).isEqualTo(p1.objectId());
      assertThat(p1After.dataObjectId()).isEqualTo(swapObjd);
      assertThat(db.objects(null, "^APP$", "^SWAP$").get(0).dataObjectId())
          .isEqualTo(p1.dataObjectId());
      long low = oracle.currentScn();
      oracle.schema().splitPartition(p, "P2", "P2A", "P2B");
      List<DictionaryObject> split = db.objects(null, "^APP$", "^P$");
      assertThat(split)
          .extracting(DictionaryObject::partition)
          .containsExactly(null, "P1", "P2A", "P2B");
      assertThat(split.get(2).objectId()).isGreaterThan(before.get(2).objectId());
      SimulatedTransaction tx = oracle.begin();
      tx.insert(p, 1L, "a", null);
      tx.insert(p, 2L, "b", null);
      tx.commit();
      List<RedoRow> dml = Mining.dml(Mining.mine(oracle, low, null));
      assertThat(dml)
          .extracting(RedoRow::dataObj)
          .containsExactly(split.get(1).objectId(), split.get(2).objectId());
      assertThat(dml).extracting(RedoRow::tableName).containsOnly("P");
    }
  }

  @Test
  void ddlRowsOfEveryObjectAreReturnedWhateverTheCapturedIds() throws Exception {
    long low = oracle.currentScn();
    TableId u = oracle.createTable(threeColumns(U));
    SimulatedTransaction tx = oracle.begin();
    tx.insert(u, 1L, "u", null);
    tx.insert(t, 1L, "t");
    tx.commit();
    int tObj;
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      tObj = db.objects(null, "^APP$", "^T$").get(0).objectId();
      Mining.start(db, low, null);
      List<RedoRow> rows =
          Mining.readAll(db, MiningQuery.builder().capture(0, Set.of(tObj)).build());
      assertThat(rows)
          .filteredOn(r -> r.operationCode() == RedoRow.DDL)
          .extracting(RedoRow::sqlRedo)
          .singleElement()
          .asString()
          .startsWith("create table \"APP\".\"U\" (");
      assertThat(Mining.dml(rows)).extracting(RedoRow::dataObj).containsExactly(tObj);
      List<RedoRow> excluded =
          Mining.readAll(
              db, MiningQuery.builder().capture(0, Set.of(tObj)).excludeUser("APP").build());
      // An excluded user's DDL still comes back: it may add objects other users write to.
      assertThat(excluded).filteredOn(r -> r.operationCode() == RedoRow.DDL).hasSize(1);
      assertThat(Mining.dml(excluded)).isEmpty();
      List<RedoRow> noDdl =
          Mining.readAll(db, MiningQuery.builder().capture(0, Set.of(tObj)).ddl(false).build());
      assertThat(noDdl).noneMatch(r -> r.operationCode() == RedoRow.DDL);
    }
  }

  private static int indexOf(List<RedoRow> rows, int code) {
    for (int i = 0; i < rows.size(); i++) {
      if (rows.get(i).operationCode() == code) {
        return i;
      }
    }
    throw new AssertionError("no row with code " + code);
  }
}
