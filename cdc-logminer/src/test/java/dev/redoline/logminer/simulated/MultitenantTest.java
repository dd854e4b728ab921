package dev.redoline.logminer.simulated;

import static dev.redoline.logminer.simulated.Mining.catchSql;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType;
import dev.redoline.core.RedoRow;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.internal.DictionaryObject;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningQuery;
import dev.redoline.logminer.internal.PdbState;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Container databases (docs/logminer.md#multitenant): requirement 26 and the PDB part of 32. */
class MultitenantTest {

  private final SimulatedOracle cdb = SimulatedOracle.builder().pdbs("SALES", "HR").build();
  private final TableId sales = create(new TableId("SALES", "APP", "ORDERS"));
  private final TableId hr = create(new TableId("HR", "APP", "PEOPLE"));

  private TableId create(TableId id) {
    return cdb.createTable(
        TableLayout.builder(id, 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
  }

  private void insert(TableId table, long id) {
    SimulatedTransaction tx = cdb.begin();
    tx.insert(table, id);
    tx.commit();
  }

  @Test
  void objectNumbersArePerContainerAndRowsNameTheirSourceContainer() throws Exception {
    long low = cdb.currentScn();
    insert(sales, 1);
    insert(hr, 2);
    try (LogMinerGateway db = SimulatorGateways.connect(cdb)) {
      DictionaryObject s = db.objects("SALES", "^APP$", "^.*$").get(0);
      DictionaryObject h = db.objects("HR", "^APP$", "^.*$").get(0);
      assertThat(s.objectId()).isEqualTo(h.objectId()); // same DATA_OBJ# in two PDBs
      assertThat(s.conId()).isNotEqualTo(h.conId());
      List<PdbState> pdbs = db.pdbs();
      assertThat(pdbs).extracting(PdbState::name).containsExactly("SALES", "HR");
      Mining.start(db, low, null);
      List<RedoRow> rows =
          Mining.readAll(
              db, MiningQuery.builder().capture(s.conId(), Set.of(s.objectId())).build());
      RedoRow insert = Mining.dml(rows).get(0);
      assertThat(Mining.dml(rows)).hasSize(1);
      assertThat(insert.srcConName()).isEqualTo("SALES");
      assertThat(insert.srcConId()).isEqualTo(s.conId());
      assertThat(insert.srcConUid()).isEqualTo(pdbs.get(0).conUid());
      assertThat(insert.sqlRedo())
          .isEqualTo("insert into \"APP\".\"ORDERS\"(\"ID\") values ('1');");
    }
  }

  @Test
  void rootTablesReportCdbRootAndNonCdbRowsHaveNoContainer() throws Exception {
    TableId root = create(TableId.of("C##OPS", "AUDIT"));
    long low = cdb.currentScn();
    insert(root, 1);
    RedoRow row = Mining.dml(Mining.mine(cdb, low, null)).get(0);
    assertThat(row.srcConName()).isEqualTo("CDB$ROOT");
    assertThat(row.srcConId()).isEqualTo(1);
    assertThat(row.srcConUid()).isEqualTo(1L);

    SimulatedOracle plain = SimulatedOracle.builder().build();
    TableId t = Mining.createT(plain);
    long from = plain.currentScn();
    SimulatedTransaction tx = plain.begin();
    tx.insert(t, 1L, "x");
    tx.commit();
    RedoRow nonCdb = Mining.dml(Mining.mine(plain, from, null)).get(0);
    assertThat(nonCdb.srcConName()).isNull();
    assertThat(nonCdb.srcConId()).isNull();
    assertThat(nonCdb.srcConUid()).isNull();
    try (LogMinerGateway db = SimulatorGateways.connect(plain)) {
      assertThat(db.pdbs()).isEmpty();
    }
  }

  @Test
  void closedPdbFailsPdbCallsButRootMiningStillReturnsItsRedo() throws Exception {
    long low = cdb.currentScn();
    insert(sales, 1);
    cdb.closePdb("SALES");
    try (LogMinerGateway db = SimulatorGateways.connect(cdb)) {
      assertThat(db.pdbs())
          .filteredOn(p -> p.name().equals("SALES"))
          .singleElement()
          .matches(p -> p.openMode().equals("MOUNTED") && !p.open());
      SQLException notOpen = catchSql(() -> db.objects("SALES", "^APP$", "^.*$"));
      assertThat(notOpen.getErrorCode()).isEqualTo(65024);
      assertThat(notOpen.getMessage())
          .isEqualTo("ORA-65024: Pluggable database SALES is not open.");
      SQLException layout = catchSql(() -> db.tableLayout(sales));
      assertThat(layout.getErrorCode()).isEqualTo(1109);
      assertThat(layout.getMessage()).isEqualTo("ORA-01109: database not open");
      assertThat(catchSql(() -> db.objects("NOPE", "^APP$", "^.*$")).getMessage())
          .isEqualTo("ORA-65011: Pluggable database NOPE does not exist.");
      assertThat(db.tableLayout(hr).table()).isEqualTo(hr);
      Mining.start(db, low, null);
      assertThat(Mining.dml(Mining.all(db)))
          .extracting(RedoRow::srcConName)
          .containsExactly("SALES");
    }
    assertThatThrownBy(() -> insert(sales, 2))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("PDB SALES is closed");
    cdb.openPdb("SALES");
    insert(sales, 2);
    try (LogMinerGateway db = SimulatorGateways.connect(cdb)) {
      assertThat(db.objects("SALES", "^APP$", "^ORDERS$")).hasSize(1);
    }
  }

  @Test
  void transactionsNeverSpanContainers() {
    SimulatedTransaction tx = cdb.begin();
    tx.insert(sales, 1L);
    assertThatThrownBy(() -> tx.insert(hr, 1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("transactions never span PDBs");
  }
}
