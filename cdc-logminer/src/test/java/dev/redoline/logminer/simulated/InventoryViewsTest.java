package dev.redoline.logminer.simulated;

import static dev.redoline.logminer.simulated.Mining.catchSql;
import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.logminer.internal.ActiveTransaction;
import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.ArchiveDestination;
import dev.redoline.logminer.internal.ArchivedLog;
import dev.redoline.logminer.internal.DatabaseState;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.MiningOption;
import dev.redoline.logminer.internal.RedoThreadState;
import dev.redoline.logminer.internal.SessionStart;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SimulatedTransaction;
import dev.redoline.simulator.SupplementalLogging;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The catalog and inventory views of docs/logminer.md#log-inventory and
 * #open-transactions-and-orphans: requirements 3, 5 and 6.
 */
class InventoryViewsTest {

  private final SimulatedOracle oracle =
      SimulatedOracle.builder()
          .seed(3)
          .addArchiveDestination(Duration.ofSeconds(6))
          .scnTimeRetention(Duration.ofHours(1))
          .build();
  private final TableId t = Mining.createT(oracle);

  @Test
  void purgedArchiveKeepsRowWithStatusDAndFileUnreadable() throws Exception {
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofSeconds(10));
    oracle.deleteArchive(1, 1);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      List<ArchivedLog> rows = db.archivedLogs(Scn.ZERO);
      assertThat(rows)
          .hasSize(2)
          .allMatch(ArchivedLog::deleted)
          .allMatch(a -> a.status() == ArchivedLog.Status.D && a.sequence() == 1);
      SQLException e = catchSql(() -> db.addLogFile(rows.get(0).name(), AddLogOption.ADDFILE));
      assertThat(e.getErrorCode()).isEqualTo(1284);
      assertThat(e.getMessage())
          .isEqualTo(
              "ORA-01284: file "
                  + rows.get(0).name()
                  + " cannot be opened\n"
                  + "ORA-06512: at \"SYS.DBMS_LOGMNR\", line 82\nORA-06512: at line 1");
    }
  }

  @Test
  void archiveDeletedAfterAddLogfileFailsStartWithOra00308() throws Exception {
    long low = oracle.currentScn();
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofSeconds(10));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      Mining.addLogs(db, Scn.of(low));
      oracle.deleteArchive(1, 1);
      SQLException e =
          catchSql(
              () ->
                  db.startSession(
                      SessionStart.of(Scn.of(low), null, MiningOption.DICT_FROM_ONLINE_CATALOG)));
      assertThat(e.getErrorCode()).isEqualTo(308);
      assertThat(e.getMessage())
          .startsWith("ORA-00308: cannot open archived log '/u01/arch/dest1/1_1_")
          .contains(
              "\nORA-27037: unable to obtain file status\nORA-06512: at \"SYS.DBMS_LOGMNR\", line 72");
    }
  }

  @Test
  void destinationsReportTheirStatusAndOnlyValidLocalOnesAreUsable() throws Exception {
    oracle.destinationStatus(2, "ERROR");
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      List<ArchiveDestination> dests = db.archiveDestinations();
      assertThat(dests)
          .extracting(ArchiveDestination::name)
          .containsExactly("LOG_ARCHIVE_DEST_1", "LOG_ARCHIVE_DEST_2");
      assertThat(dests).extracting(ArchiveDestination::status).containsExactly("VALID", "ERROR");
      assertThat(dests).extracting(ArchiveDestination::usableLocal).containsExactly(true, false);
    }
  }

  @Test
  void destinationsArchiveUnderTheirOwnNamesAfterTheirOwnLag() throws Exception {
    oracle.switchLogfile(1);
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      oracle.advance(Duration.ofSeconds(3));
      assertThat(db.archivedLogs(Scn.ZERO)).extracting(ArchivedLog::destId).containsExactly(1);
      oracle.advance(Duration.ofSeconds(4));
      List<ArchivedLog> both = db.archivedLogs(Scn.ZERO);
      assertThat(both)
          .extracting(ArchivedLog::name)
          .doesNotHaveDuplicates()
          .allMatch(n -> n.startsWith("/u01/arch/dest"));
      assertThat(both.get(0).firstScn()).isEqualTo(both.get(1).firstScn());
      assertThat(both.get(0).bytes()).isEqualTo(both.get(0).blocks() * 512);
    }
  }

  @Test
  void onlineGroupIsReusedOnlyOnceTheMandatoryDestinationArchivedIt() throws Exception {
    SimulatedOracle slow =
        SimulatedOracle.builder()
            .archiveDelay(Duration.ofHours(1))
            .addArchiveDestination(Duration.ofHours(2))
            .build();
    slow.switchLogfile(1);
    slow.switchLogfile(1);
    try (LogMinerGateway db = SimulatorGateways.connect(slow)) {
      assertThat(db.archivedLogs(Scn.ZERO)).isEmpty(); // still within the delay: nothing reused yet
      slow.switchLogfile(1); // reuses sequence 1's group: ARCn must finish first
      List<ArchivedLog> archived = db.archivedLogs(Scn.ZERO);
      assertThat(archived).extracting(ArchivedLog::sequence).containsExactly(1L);
      assertThat(archived)
          .extracting(ArchivedLog::destId)
          .containsExactly(1); // DEST 2 keeps its lag
    }
  }

  @Test
  void archiveAndOnlineCopyOfOneSequenceAreDuplicatesForAddLogfile() throws Exception {
    oracle.switchLogfile(1);
    oracle.advance(Duration.ofSeconds(3));
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      ArchivedLog archive = db.archivedLogs(Scn.ZERO).get(0);
      dev.redoline.logminer.internal.OnlineLog online =
          db.onlineLogs().stream()
              .filter(l -> l.sequence() == archive.sequence())
              .findFirst()
              .orElseThrow();
      assertThat(online.status()).isEqualTo(dev.redoline.logminer.internal.OnlineLog.Status.ACTIVE);
      assertThat(online.archived()).isTrue();
      db.addLogFile(archive.name(), AddLogOption.ADDFILE);
      SQLException e = catchSql(() -> db.addLogFile(online.fileName(), AddLogOption.ADDFILE));
      assertThat(e.getErrorCode()).isEqualTo(1289);
      assertThat(e.getMessage())
          .startsWith("ORA-01289: cannot add duplicate logfile " + online.fileName());
    }
  }

  @Test
  void scnToTimestampAgesOutWithOra08181() throws Exception {
    long scn = oracle.currentScn();
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      assertThat(db.scnToTimestamp(Scn.of(scn)))
          .isEqualTo(
              LocalDateTime.ofInstant(SimulatedOracle.DEFAULT_START, oracle.clock().getZone()));
      oracle.advance(Duration.ofMinutes(61));
      SQLException e = catchSql(() -> db.scnToTimestamp(Scn.of(scn)));
      assertThat(e.getErrorCode()).isEqualTo(8181);
      assertThat(e.getMessage())
          .isEqualTo("ORA-08181: specified number is not a valid system change number");
      assertThat(catchSql(() -> db.scnToTimestamp(Scn.of(oracle.currentScn() + 10))).getErrorCode())
          .isEqualTo(8181);
    }
  }

  @Test
  void timestampToScnOutsideTheMappingRaisesOra08180() throws Exception {
    oracle.advance(Duration.ofSeconds(5));
    SimulatedTransaction tx = oracle.begin();
    tx.insert(t, 1L, "x");
    tx.commit();
    LocalDateTime now = LocalDateTime.now(oracle.clock());
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      long atNow = db.timestampToScn(now).bits(); // the first SCN taken in that second
      assertThat(atNow).isEqualTo(tx.startScn()).isLessThanOrEqualTo(oracle.currentScn());
      assertThat(db.scnToTimestamp(Scn.of(atNow))).isEqualTo(now.withNano(0));
      assertThat(db.timestampToScn(now.minusSeconds(5)).bits()).isLessThan(atNow);
      SQLException future = catchSql(() -> db.timestampToScn(now.plusMinutes(1)));
      assertThat(future.getErrorCode()).isEqualTo(8180);
      assertThat(future.getMessage())
          .isEqualTo("ORA-08180: no snapshot found based on specified time");
      assertThat(catchSql(() -> db.timestampToScn(now.minusHours(2))).getErrorCode())
          .isEqualTo(8180);
    }
  }

  @Test
  void databaseShowsLogModeSupplementalLoggingAndResetlogs() throws Exception {
    SimulatedOracle bare =
        SimulatedOracle.builder()
            .noArchiveLog()
            .supplementalLogging(SupplementalLogging.NONE)
            .zone(java.time.ZoneId.of("Europe/Paris"))
            .build();
    // Opened on a bare connection, the gateway takes the database's zone: DBTIMEZONE, a region that
    // agrees with the server clock's offset (SYSTIMESTAMP)
    try (LogMinerGateway db =
            dev.redoline.logminer.internal.jdbc.JdbcGateway.open(
                java.sql.DriverManager.getConnection(bare.url()));
        LogMinerGateway full = SimulatorGateways.connect(oracle)) {
      DatabaseState d = db.database();
      assertThat(d.logMode()).isEqualTo(DatabaseState.LogMode.NOARCHIVELOG);
      assertThat(d.supplementalLogDataMin()).isFalse();
      assertThat(d.cdb()).isFalse();
      assertThat(d.zone()).isEqualTo(java.time.ZoneId.of("Europe/Paris"));
      DatabaseState f = full.database();
      assertThat(f.logMode()).isEqualTo(DatabaseState.LogMode.ARCHIVELOG);
      assertThat(f.supplementalLogDataMin()).isTrue();
      assertThat(f.supplementalLogDataAll()).isTrue();
      assertThat(f.currentScn().bits()).isEqualTo(oracle.currentScn());
      assertThat(f.resetlogsScn().bits()).isLessThan(f.currentScn().bits());
      bare.switchLogfile(1);
      bare.advance(Duration.ofSeconds(10));
      assertThat(db.archivedLogs(Scn.ZERO)).isEmpty(); // NOARCHIVELOG: nothing archived
    }
  }

  @Test
  void activeTransactionsAreInstanceLocalUnlessAllInstancesAreAsked() throws Exception {
    SimulatedOracle rac = SimulatedOracle.builder().threads(2).build();
    TableId table = Mining.createT(rac);
    SimulatedTransaction one = rac.begin();
    one.insert(table, 1L, "on 1");
    SimulatedTransaction two = rac.newTransaction().thread(2).begin();
    two.insert(table, 2L, "on 2");
    SimulatedTransaction idle =
        rac.newTransaction().thread(2).begin(); // no change: no XID in use yet
    try (LogMinerGateway db1 = SimulatorGateways.connect(rac, 1);
        LogMinerGateway db2 = SimulatorGateways.connect(rac, 2)) {
      assertThat(db1.activeTransactions(false))
          .extracting(ActiveTransaction::xid)
          .containsExactly(one.xid());
      assertThat(db2.activeTransactions(false))
          .extracting(ActiveTransaction::xid)
          .containsExactly(two.xid());
      List<ActiveTransaction> all = db1.activeTransactions(true);
      assertThat(all)
          .extracting(ActiveTransaction::xid)
          .containsExactlyInAnyOrder(one.xid(), two.xid());
      ActiveTransaction t2 = all.stream().filter(a -> a.instance() == 2).findFirst().orElseThrow();
      assertThat(t2.status()).isEqualTo("ACTIVE");
      assertThat(t2.startScn().bits()).isEqualTo(two.startScn());
      two.commit();
      assertThat(db1.activeTransactions(true))
          .extracting(ActiveTransaction::xid)
          .containsExactly(one.xid());
    }
    assertThat(idle.ended()).isFalse();
  }

  @Test
  void logViewsShowEveryThreadFromAnyInstance() throws Exception {
    SimulatedOracle rac = SimulatedOracle.builder().threads(3).build();
    try (LogMinerGateway db = SimulatorGateways.connect(rac, 2)) {
      assertThat(db.threads()).extracting(RedoThreadState::thread).containsExactly(1, 2, 3);
      assertThat(db.onlineLogs()).extracting(l -> l.thread()).containsOnly(1, 2, 3).hasSize(9);
    }
  }
}
