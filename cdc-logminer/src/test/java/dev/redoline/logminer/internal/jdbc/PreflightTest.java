package dev.redoline.logminer.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.PreflightProblem;
import dev.redoline.logminer.internal.LogMinerGateway;
import dev.redoline.logminer.internal.SimulatorGateways;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SupplementalLogging;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Preflight on the simulator: one scenario per CDC-4xxx problem, and a ready database. */
class PreflightTest {

  private static CdcConfig config(String... keyValues) {
    Map<String, String> settings =
        new HashMap<>(
            Map.of(
                "cdc.database.url",
                "jdbc:redoline:sim:test",
                "cdc.database.user",
                "C##REDOLINE",
                "cdc.database.password",
                "pw",
                "cdc.tables.include",
                "SHOP.*"));
    for (int i = 0; i < keyValues.length; i += 2) {
      settings.put(keyValues[i], keyValues[i + 1]);
    }
    return CdcConfig.from(settings);
  }

  private static TableId table(SimulatedOracle oracle, TableId id) {
    return oracle.createTable(
        TableLayout.builder(id, 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
  }

  private static List<PreflightProblem> check(SimulatedOracle oracle, CdcConfig config)
      throws SQLException {
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      return withoutFixes(Preflight.of(config).check(db));
    }
  }

  /**
   * The problems as the scenarios below expect them; the fixes are checked by cdc-tools'
   * CheckCommandTest.
   */
  static List<PreflightProblem> withoutFixes(List<PreflightProblem> problems) {
    return problems.stream()
        .map(p -> new PreflightProblem(p.key(), p.code(), p.message(), p.warning()))
        .toList();
  }

  @Test
  void check_readyDatabase_findsNothing() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().build();
    table(oracle, TableId.of("SHOP", "ITEMS"));

    assertThat(check(oracle, config())).isEmpty();
  }

  @Test
  void check_noArchiveLog_isCdc4004() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().noArchiveLog().build();

    assertThat(check(oracle, config()))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.url",
                ErrorCode.ARCHIVELOG_MODE_OFF,
                "database ORCL has LOG_MODE NOARCHIVELOG; capture needs ARCHIVELOG"));
  }

  @Test
  void check_noSupplementalLogging_isCdc4005ForTheDatabaseAndEachCapturedTable()
      throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder().supplementalLogging(SupplementalLogging.NONE).build();
    table(oracle, TableId.of("SHOP", "ITEMS"));
    table(oracle, TableId.of("HR", "PEOPLE"));

    assertThat(check(oracle, config()))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.url",
                ErrorCode.SUPPLEMENTAL_LOGGING_MISSING,
                "database ORCL has SUPPLEMENTAL_LOG_DATA_MIN = NO"),
            new PreflightProblem(
                "cdc.tables.include",
                ErrorCode.SUPPLEMENTAL_LOGGING_MISSING,
                "captured table SHOP.ITEMS has no ALL COLUMN supplemental logging and the database logs only "
                    + "minimal supplemental data"));
  }

  @Test
  void check_minimalLoggingOnly_flagsCapturedTablesButNotExcludedOnes() throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder().supplementalLogging(SupplementalLogging.MIN).build();
    table(oracle, TableId.of("SHOP", "ITEMS"));
    table(oracle, TableId.of("SHOP", "ITEMS_OLD"));
    table(oracle, TableId.of("SHOP", "ORDERS"));

    List<PreflightProblem> problems =
        check(
            oracle,
            config(
                "cdc.tables.include",
                "SHOP.ITEMS*,shop.orders",
                "cdc.tables.exclude",
                "SHOP.*_OLD"));

    assertThat(problems)
        .extracting(PreflightProblem::message)
        .containsExactly(
            "captured table SHOP.ITEMS has no ALL COLUMN supplemental logging and the database logs only "
                + "minimal supplemental data",
            "captured table SHOP.ORDERS has no ALL COLUMN supplemental logging and the database logs only "
                + "minimal supplemental data");
  }

  @Test
  void check_probeAnswersTableLoggingAndMissingGrants() throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder().supplementalLogging(SupplementalLogging.MIN).build();
    table(oracle, TableId.of("SHOP", "ITEMS"));
    table(oracle, TableId.of("SHOP", "ORDERS"));
    PreflightProbe probe =
        new PreflightProbe() {
          @Override
          public List<String> missingPrivileges() {
            return List.of("LOGMINING");
          }

          @Override
          public boolean allColumnLogging(TableId table) {
            return table.table().equals("ITEMS");
          }
        };

    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      List<PreflightProblem> problems =
          withoutFixes(Preflight.of(config()).check(withProbe(db, probe)));

      assertThat(problems)
          .containsExactly(
              new PreflightProblem(
                  "cdc.database.user",
                  ErrorCode.MISSING_PRIVILEGE,
                  "user C##REDOLINE lacks LOGMINING"),
              new PreflightProblem(
                  "cdc.tables.include",
                  ErrorCode.SUPPLEMENTAL_LOGGING_MISSING,
                  "captured table SHOP.ORDERS has no ALL COLUMN supplemental logging and the database logs only "
                      + "minimal supplemental data"));
    }
  }

  /** The simulator's gateway, also answering the probe's questions. */
  private static LogMinerGateway withProbe(LogMinerGateway gateway, PreflightProbe probe) {
    return (LogMinerGateway)
        Proxy.newProxyInstance(
            PreflightTest.class.getClassLoader(),
            new Class<?>[] {LogMinerGateway.class, PreflightProbe.class},
            (p, m, a) -> {
              Object target = m.getDeclaringClass() == PreflightProbe.class ? probe : gateway;
              try {
                return m.invoke(target, a);
              } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  @Test
  void check_unreadableView_isCdc4003NamingIt() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().build();
    oracle.faults().atCall(GatewayCall.THREADS, 1, Fault.error(942));
    oracle.faults().atCall(GatewayCall.ACTIVE_TRANSACTIONS, 1, Fault.error(1031));

    assertThat(check(oracle, config()))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.user",
                ErrorCode.MISSING_PRIVILEGE,
                "user C##REDOLINE cannot read V$THREAD (ORA-00942)"),
            new PreflightProblem(
                "cdc.database.user",
                ErrorCode.MISSING_PRIVILEGE,
                "user C##REDOLINE cannot read V$TRANSACTION (ORA-01031)"));
  }

  @Test
  void check_unreadableVDatabase_reportsGrantsOnly() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().noArchiveLog().build();
    oracle.faults().atCall(GatewayCall.DATABASE, 1, Fault.error(942));

    assertThat(check(oracle, config()))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.user",
                ErrorCode.MISSING_PRIVILEGE,
                "user C##REDOLINE cannot read V$DATABASE (ORA-00942)"));
  }

  @Test
  void check_otherDatabaseErrors_propagate() {
    SimulatedOracle oracle = SimulatedOracle.builder().build();
    oracle.faults().atCall(GatewayCall.ONLINE_LOGS, 1, Fault.error(3113));

    assertThatThrownBy(() -> check(oracle, config()))
        .isInstanceOfSatisfying(
            SQLException.class, e -> assertThat(e.getErrorCode()).isEqualTo(3113));
  }

  @Test
  void check_unknownOrClosedPdb_isCdc4006() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().pdbs("PDB1", "PDB2").build();
    table(oracle, new TableId("PDB1", "SHOP", "ITEMS"));
    oracle.closePdb("PDB2");

    assertThat(check(oracle, config("cdc.database.pdbs", "pdb1,PDB2,PDB3")))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.pdbs", ErrorCode.UNKNOWN_PDB, "PDB PDB2 is MOUNTED, not open"),
            new PreflightProblem(
                "cdc.database.pdbs",
                ErrorCode.UNKNOWN_PDB,
                "PDB PDB3 does not exist; V$PDBS lists [PDB1, PDB2]"));
  }

  /**
   * Issue 16 item 8: direct-path loads into a NOLOGGING table or partition write no change redo
   * unless the database forces logging; a warning names the captured ones, excluded tables left
   * out.
   */
  @Test
  void nologging_withoutForceLoggingWarnsNamingTheCapturedTablesAndPartitions()
      throws SQLException {
    for (boolean forced : new boolean[] {false, true}) {
      SimulatedOracle.Builder builder = SimulatedOracle.builder();
      SimulatedOracle oracle = (forced ? builder.forceLogging() : builder).build();
      TableId items = table(oracle, TableId.of("SHOP", "ITEMS"));
      table(oracle, TableId.of("SHOP", "ORDERS"));
      TableId old = table(oracle, TableId.of("SHOP", "ITEMS_OLD"));
      TableId people = table(oracle, TableId.of("HR", "PEOPLE"));
      TableId sales =
          oracle
              .schema()
              .createPartitioned(
                  TableLayout.builder(TableId.of("SHOP", "SALES"), 1)
                      .column("ID", OracleType.number(10, 0), false)
                      .primaryKey("ID")
                      .build(),
                  List.of("P1", "P2"));
      for (TableId t : List.of(items, old, people)) {
        oracle.schema().nologging(t, null);
      }
      oracle.schema().nologging(sales, "P2");

      List<PreflightProblem> problems = check(oracle, config("cdc.tables.exclude", "SHOP.*_OLD"));

      if (forced) {
        assertThat(problems).isEmpty();
      } else {
        assertThat(problems)
            .containsExactly(
                new PreflightProblem(
                    "cdc.tables.include",
                    ErrorCode.NOLOGGING_WITHOUT_FORCE_LOGGING,
                    "V$DATABASE.FORCE_LOGGING is NO and captured tables or "
                        + "partitions are NOLOGGING: SHOP.ITEMS, SHOP.SALES partition P2; direct-path loads into them write "
                        + "no redo, so capture never sees those rows",
                    true));
      }
    }
  }

  /** Issue 16 item 9: with PDBs named the session must be at CDB$ROOT, where LogMiner runs. */
  @Test
  void sessionInAPdb_isCdc4008NamingTheContainer() throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder().pdbs("PDB1", "PDB2").connectsToPdb("PDB2").build();
    table(oracle, new TableId("PDB2", "SHOP", "ITEMS"));

    assertThat(check(oracle, config("cdc.database.pdbs", "PDB1,PDB2")))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.url",
                ErrorCode.SESSION_NOT_IN_ROOT,
                "the session is in container PDB2 (CON_ID 4), not "
                    + "CDB$ROOT: cdc.database.url must name the container database's own service, and cdc.database.pdbs "
                    + "the PDBs to capture"));
  }

  /** Issue 16 item 4: CONTAINER_DATA must show the named PDBs in every view the capture reads. */
  @Test
  void containerData_missingGrantIsCdc4003NamingTheGrantTheViewsAndThePdbs() throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder().pdbs("PDB1", "PDB2").containerData("PDB1").build();
    table(oracle, new TableId("PDB1", "SHOP", "ITEMS"));

    assertThat(check(oracle, config("cdc.database.pdbs", "PDB1,PDB2")))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.user",
                ErrorCode.MISSING_PRIVILEGE,
                "user C##REDOLINE lacks CONTAINER_DATA for PDB2 in "
                    + "V$PDBS, V$CONTAINERS, CDB_OBJECTS, CDB_TAB_COLUMNS, CDB_CONSTRAINTS, CDB_CONS_COLUMNS, CDB_LOG_GROUPS, "
                    + "GV$TRANSACTION: at CDB$ROOT those views show it only the root's rows; grant ALTER USER C##REDOLINE "
                    + "SET CONTAINER_DATA=ALL CONTAINER=CURRENT"));
    assertThat(check(oracle, config("cdc.database.pdbs", "PDB1"))).isEmpty();

    SimulatedOracle noTransactions =
        SimulatedOracle.builder().pdbs("PDB1").containerDataFor("GV$TRANSACTION").build();
    assertThat(check(noTransactions, config("cdc.database.pdbs", "PDB1")))
        .extracting(PreflightProblem::message)
        .containsExactly(
            "user C##REDOLINE lacks CONTAINER_DATA for PDB1 in GV$TRANSACTION: at CDB$ROOT those "
                + "views show it only the root's rows; grant ALTER USER C##REDOLINE SET CONTAINER_DATA=ALL "
                + "CONTAINER=CURRENT");
  }

  @Test
  void check_pdbsOfANonContainerDatabase_isCdc4006() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().build();

    assertThat(check(oracle, config("cdc.database.pdbs", "PDB1")))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.pdbs",
                ErrorCode.UNKNOWN_PDB,
                "PDB PDB1 cannot be captured: database ORCL is not a container database"));
  }

  @Test
  void check_containerDatabaseWithoutPdbs_isCdc4001() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().pdbs("PDB1").build();

    assertThat(check(oracle, config()))
        .containsExactly(
            new PreflightProblem(
                "cdc.database.pdbs",
                ErrorCode.INVALID_CONFIGURATION,
                "is empty, but database ORCL is a container database: name the PDBs to capture"));
  }

  @Test
  void check_tablesOfEachOpenPdbAreChecked() throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder()
            .pdbs("PDB1", "PDB2")
            .supplementalLogging(SupplementalLogging.MIN)
            .build();
    table(oracle, new TableId("PDB1", "SHOP", "ITEMS"));
    table(oracle, new TableId("PDB2", "SHOP", "ITEMS"));

    List<PreflightProblem> problems =
        check(
            oracle, config("cdc.database.pdbs", "PDB1,PDB2", "cdc.tables.include", "PDB2.SHOP.*"));

    assertThat(problems)
        .extracting(PreflightProblem::message)
        .containsExactly(
            "captured table PDB2.SHOP.ITEMS "
                + "has no ALL COLUMN supplemental logging and the database logs only minimal supplemental data");
  }

  @Test
  void check_archiveOnlyWithoutValidLocalDestination_isCdc4001OnCaptureMode() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().build();
    oracle.destinationStatus(1, "ERROR");

    assertThat(check(oracle, config("cdc.capture.mode", "archive_only")))
        .containsExactly(
            new PreflightProblem(
                "cdc.capture.mode",
                ErrorCode.INVALID_CONFIGURATION,
                "archive_only needs a VALID LOCAL archive destination, and V$ARCHIVE_DEST_STATUS has none"));
    assertThat(check(oracle, config())).isEmpty();
  }

  @Test
  void check_namedDestinationMissingOrNotValid_isCdc4001OnTheDestination() throws SQLException {
    SimulatedOracle oracle =
        SimulatedOracle.builder().addArchiveDestination(java.time.Duration.ZERO).build();
    oracle.destinationStatus(2, "ERROR");

    assertThat(check(oracle, config("cdc.archive.destination", "LOG_ARCHIVE_DEST_9")))
        .containsExactly(
            new PreflightProblem(
                "cdc.archive.destination",
                ErrorCode.INVALID_CONFIGURATION,
                "LOG_ARCHIVE_DEST_9 is not an archive destination; V$ARCHIVE_DEST_STATUS lists "
                    + "[LOG_ARCHIVE_DEST_1, LOG_ARCHIVE_DEST_2]"));
    assertThat(check(oracle, config("cdc.archive.destination", "log_archive_dest_2")))
        .containsExactly(
            new PreflightProblem(
                "cdc.archive.destination",
                ErrorCode.INVALID_CONFIGURATION,
                "log_archive_dest_2 has STATUS ERROR; capture reads archived logs from a VALID destination"));
    assertThat(check(oracle, config("cdc.archive.destination", "LOG_ARCHIVE_DEST_1"))).isEmpty();
  }

  /**
   * Review 2, item b8: on RAC with a node-local archive destination each instance archives its own
   * thread to its own disk; V$ARCHIVED_LOG lists every copy, but the instance the capture connects
   * to cannot open another thread's archives, and the capture would stop at the first it needs.
   */
  @Test
  void b8_archiveDestinationOnlyAnotherRacNodeReads_isCdc4001WithTheAction() throws SQLException {
    SimulatedOracle oracle = SimulatedOracle.builder().threads(2).build();
    oracle.switchLogfile(1);
    oracle.switchLogfile(2);
    oracle.advance(java.time.Duration.ofSeconds(30)); // archived
    assertThat(check(oracle, config())).isEmpty(); // shared storage: every node reads every copy

    oracle.nodeLocalDestination(1);

    List<PreflightProblem> problems;
    try (LogMinerGateway db = SimulatorGateways.connect(oracle)) {
      problems = Preflight.of(config()).check(db);
    }
    assertThat(problems)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.key()).isEqualTo("cdc.archive.destination");
              assertThat(p.code()).isEqualTo(ErrorCode.INVALID_CONFIGURATION);
              assertThat(p.warning()).isFalse();
              assertThat(p.message())
                  .startsWith("archived log /u01/arch/dest1/2_")
                  .contains("of thread 2 at LOG_ARCHIVE_DEST_1 cannot be opened")
                  .contains("another RAC node");
              assertThat(p.fix())
                  .contains("storage every node reads")
                  .contains("cdc.archive.destination");
            });
  }

  @Test
  void toException_carriesTheCodeKeyAndAction() {
    PreflightProblem p =
        new PreflightProblem(
            "cdc.database.url",
            ErrorCode.ARCHIVELOG_MODE_OFF,
            "database ORCL has LOG_MODE NOARCHIVELOG; capture needs ARCHIVELOG");

    assertThat(p.toException())
        .hasMessage(
            "CDC-4004 The database is not in ARCHIVELOG mode: cdc.database.url: "
                + "database ORCL has LOG_MODE NOARCHIVELOG; capture needs ARCHIVELOG. Action: "
                + ErrorCode.ARCHIVELOG_MODE_OFF.action()
                + " See docs/runbook.md#cdc-4004");
  }

  @Test
  void tablePattern_regexesMeanTheSameInJavaAndOracle() {
    TablePattern p = TablePattern.parse("shop.\"Order$Lines.*\"");

    assertThat(p.ownerRegex()).isEqualTo("^SHOP$");
    assertThat(p.tableRegex()).isEqualTo("^Order\\$Lines\\..*$");
    assertThat(p.matches(TableId.of("SHOP", "Order$Lines.2024"))).isTrue();
    assertThat(p.matches(TableId.of("SHOP", "OrderXLines.2024"))).isFalse();
    assertThat(Set.of(TablePattern.parse("P.S.T").pdb())).containsExactly("P");
    assertThatThrownBy(() -> TablePattern.parse("T"))
        .hasMessage("Not a table pattern: 'T' (expected [PDB.]SCHEMA.TABLE)");
  }
}
