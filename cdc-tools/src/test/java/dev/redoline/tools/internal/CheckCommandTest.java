package dev.redoline.tools.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.simulator.Fault;
import dev.redoline.simulator.GatewayCall;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.simulator.SupplementalLogging;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@code redoline check} against the simulator in this JVM, through its JDBC driver: one scenario
 * per preflight problem the simulator can show, each printed with the statement or setting that
 * fixes it, and the exit status that says whether capture can start.
 */
class CheckCommandTest {

  private static final String USER = "C##REDOLINE";
  private static final String PASSWORD = "s3cret-Pa55";

  private static SimulatedOracle shop(UnaryOperator<SimulatedOracle.Builder> setup) {
    SimulatedOracle oracle = setup.apply(SimulatedOracle.builder()).build();
    table(oracle, TableId.of("SHOP", "ITEMS"));
    return oracle;
  }

  private static TableId table(SimulatedOracle oracle, TableId id) {
    return oracle.createTable(
        TableLayout.builder(id, 1)
            .column("ID", OracleType.number(10, 0), false)
            .primaryKey("ID")
            .build());
  }

  private static ToolRun check(SimulatedOracle oracle, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "check",
                oracle.url(),
                "--user",
                USER,
                "--password-env",
                "PW",
                "--tables",
                "SHOP.*"));
    args.addAll(List.of(more));
    ToolRun run = ToolRun.of(Map.of("PW", PASSWORD), args.toArray(String[]::new));
    assertThat(run.out() + run.err()).doesNotContain(PASSWORD);
    return run;
  }

  @Test
  void readyDatabase_exitsZero() {
    ToolRun run = check(shop(b -> b));

    assertThat(run.exit()).isEqualTo(ExitCode.OK);
    assertThat(run.out())
        .contains("as user C##REDOLINE, tables SHOP.*")
        .contains("Ready: capture can start.");
  }

  /**
   * Review 2, item b8: a RAC archive destination on each node's own disk leaves another thread's
   * archives unreadable from the instance the capture connects to.
   */
  @Test
  void b8_archivesOnlyAnotherRacNodeReads_printsTheSharedStorageAction() {
    SimulatedOracle oracle = shop(b -> b.threads(2));
    oracle.switchLogfile(1);
    oracle.switchLogfile(2);
    oracle.advance(java.time.Duration.ofSeconds(30)); // archived
    oracle.nodeLocalDestination(1);

    ToolRun run = check(oracle);

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("ERROR CDC-4001 [cdc.archive.destination] archived log /u01/arch/dest1/2_")
        .contains("  fix: put LOG_ARCHIVE_DEST_1 on storage every node reads");
  }

  @Test
  void withoutAUser_namesNoUser() {
    ToolRun run = ToolRun.of("check", shop(b -> b).url(), "--tables", "SHOP.*");

    assertThat(run.out())
        .as("no 'as user ,' without a user")
        .doesNotContain("as user")
        .containsPattern("Checking \\S+, tables SHOP\\.\\*");
  }

  @Test
  void noArchiveLog_printsTheStatementsThatEnableIt() {
    ToolRun run = check(shop(SimulatedOracle.Builder::noArchiveLog));

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("ERROR CDC-4004 [cdc.database.url] database ORCL has LOG_MODE NOARCHIVELOG")
        .contains(
            "  fix: SHUTDOWN IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; ALTER DATABASE OPEN;")
        .contains("1 error, 0 warnings: capture cannot start until the errors are fixed.");
  }

  @Test
  void noSupplementalLogging_printsTheDatabaseAndTableStatements() {
    ToolRun run = check(shop(b -> b.supplementalLogging(SupplementalLogging.NONE)));

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("  fix: ALTER DATABASE ADD SUPPLEMENTAL LOG DATA;")
        .contains("  fix: ALTER TABLE \"SHOP\".\"ITEMS\" ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS;");
  }

  @Test
  void everyMissingGrant_printsItsGrant() {
    ToolRun run = check(shop(b -> b.revoke("LOGMINING")));

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("ERROR CDC-4003 [cdc.database.user] user C##REDOLINE lacks LOGMINING")
        .contains("  fix: GRANT LOGMINING TO C##REDOLINE CONTAINER=ALL;");
  }

  @Test
  void unreadableViews_printTheGrantsOnTheirBaseViews() {
    SimulatedOracle oracle = shop(b -> b);
    oracle.faults().atCall(GatewayCall.THREADS, 1, Fault.error(942));
    oracle.faults().atCall(GatewayCall.ONLINE_LOGS, 1, Fault.error(1031));

    ToolRun run = check(oracle);

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("  fix: GRANT SELECT ON SYS.V_$THREAD TO C##REDOLINE CONTAINER=ALL;")
        .contains(
            "  fix: GRANT SELECT ON SYS.V_$LOG TO C##REDOLINE CONTAINER=ALL; "
                + "GRANT SELECT ON SYS.V_$LOGFILE TO C##REDOLINE CONTAINER=ALL;");
  }

  @Test
  void noFlashback_whenSnapshotting_printsTheGrantsOrTheSetting() {
    ToolRun run = check(shop(b -> b.revoke("FLASHBACK ANY TABLE")));

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("ERROR CDC-4003 [cdc.snapshot.mode]")
        .contains(
            "  fix: GRANT FLASHBACK ON \"SHOP\".\"ITEMS\" TO C##REDOLINE; or GRANT FLASHBACK ANY TABLE TO "
                + "C##REDOLINE; or cdc.snapshot.mode=no_data");
    assertThat(
            check(shop(b -> b.revoke("FLASHBACK ANY TABLE")), "--set", "cdc.snapshot.mode=no_data")
                .exit())
        .isEqualTo(ExitCode.OK);
  }

  @Test
  void pdbProblems_printTheStatementOrSetting() {
    SimulatedOracle oracle = SimulatedOracle.builder().pdbs("PDB1", "PDB2").build();
    table(oracle, new TableId("PDB1", "SHOP", "ITEMS"));
    oracle.closePdb("PDB2");

    ToolRun run = check(oracle, "--pdbs", "PDB1,PDB2,PDB3");
    assertThat(run.out())
        .as(run.err())
        .contains("  fix: ALTER PLUGGABLE DATABASE PDB2 OPEN;")
        .contains("  fix: cdc.database.pdbs=<one or more of PDB1,PDB2>");

    assertThat(check(oracle).out()).contains("  fix: cdc.database.pdbs=<PDB>[,<PDB>...]");
    assertThat(check(shop(b -> b), "--pdbs", "PDB1").out()).contains("  fix: cdc.database.pdbs=\n");
  }

  @Test
  void sessionInAPdb_printsTheUrlSetting() {
    SimulatedOracle oracle = SimulatedOracle.builder().pdbs("PDB1").connectsToPdb("PDB1").build();

    ToolRun run = check(oracle, "--pdbs", "PDB1");

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("ERROR CDC-4008 [cdc.database.url]")
        .contains("  fix: cdc.database.url=<a URL of the container database's own service>");
  }

  @Test
  void missingContainerData_printsTheAlterUser() {
    SimulatedOracle oracle =
        SimulatedOracle.builder().pdbs("PDB1", "PDB2").containerData("PDB1").build();

    ToolRun run = check(oracle, "--pdbs", "PDB1,PDB2");

    assertThat(run.exit()).isEqualTo(ExitCode.PROBLEMS);
    assertThat(run.out())
        .contains("  fix: ALTER USER C##REDOLINE SET CONTAINER_DATA=ALL CONTAINER=CURRENT;");
  }

  @Test
  void nologgingTable_isAWarningWithForceLogging() {
    SimulatedOracle oracle = shop(b -> b);
    oracle.schema().nologging(TableId.of("SHOP", "ITEMS"), null);

    ToolRun run = check(oracle);

    assertThat(run.exit()).isEqualTo(ExitCode.OK);
    assertThat(run.out())
        .contains("WARNING CDC-4009 [cdc.tables.include]")
        .contains("  fix: ALTER DATABASE FORCE LOGGING;")
        .contains("Ready: capture can start (1 warning to read).");
  }

  @Test
  void archiveDestinations_printTheStatementOrSetting() {
    SimulatedOracle oracle = shop(b -> b.addArchiveDestination(java.time.Duration.ZERO));
    oracle.destinationStatus(2, "ERROR");

    assertThat(check(oracle, "--set", "cdc.archive.destination=LOG_ARCHIVE_DEST_9").out())
        .contains(
            "  fix: cdc.archive.destination=<one of LOG_ARCHIVE_DEST_1,LOG_ARCHIVE_DEST_2, or empty for the "
                + "first VALID LOCAL one>");
    assertThat(check(oracle, "--set", "cdc.archive.destination=LOG_ARCHIVE_DEST_2").out())
        .contains("  fix: ALTER SYSTEM SET LOG_ARCHIVE_DEST_STATE_2=ENABLE;");

    oracle.destinationStatus(1, "ERROR");
    assertThat(check(oracle, "--set", "cdc.capture.mode=archive_only").out())
        .contains(
            "  fix: ALTER SYSTEM SET LOG_ARCHIVE_DEST_1='LOCATION=USE_DB_RECOVERY_FILE_DEST'; or "
                + "cdc.capture.mode=online");
  }

  @Test
  void serverClockKnownOnlyAsAnOffset_warnsWithTheZoneSetting() {
    SimulatedOracle oracle = shop(b -> b.zone(ZoneId.of("Europe/Paris")).dbTimeZone("+00:00"));

    ToolRun run = check(oracle);

    assertThat(run.exit()).isEqualTo(ExitCode.OK);
    assertThat(run.out())
        .contains("WARNING CDC-4090 [cdc.database.time.zone]")
        .contains("  fix: cdc.database.time.zone=<the server's region, e.g. Europe/Paris>");
    assertThat(check(oracle, "--set", "cdc.database.time.zone=Europe/Paris").out())
        .doesNotContain("CDC-4090");
  }

  @Test
  void unreachableDatabase_exitsThree() {
    ToolRun run =
        ToolRun.of("check", "jdbc:redoline:sim://127.0.0.1:1/nothing", "--tables", "SHOP.*");

    assertThat(run.exit()).isEqualTo(ExitCode.FAILED);
    assertThat(run.err()).contains("The checks could not run");
  }

  @Test
  void usageErrors_exitTwoNamingTheFault() {
    assertThat(ToolRun.of("check", "jdbc:redoline:sim:x", "--tabels", "S.*").err())
        .contains("unknown option --tabels");
    assertThat(ToolRun.of("check").err()).contains("no database URL");
    assertThat(
            ToolRun.of("check", "jdbc:redoline:sim:x", "--password-env", "NOPE", "--tables", "S.*")
                .exit())
        .isEqualTo(ExitCode.USAGE);
    assertThat(ToolRun.of("check", "jdbc:redoline:sim:x").err()).contains("cdc.tables.include");
  }

  @Test
  void help_onEveryCommand() {
    for (String command : List.of("check", "position", "bundle")) {
      ToolRun run = ToolRun.of(command, "--help");
      assertThat(run.exit()).isEqualTo(ExitCode.OK);
      assertThat(run.out()).startsWith("Usage: redoline " + command).contains("Exit status: 0");
    }
    assertThat(ToolRun.of("--help").out()).contains("check", "position", "verify", "bundle");
    assertThat(ToolRun.of().exit()).isEqualTo(ExitCode.USAGE);
    assertThat(ToolRun.of("frobnicate").exit()).isEqualTo(ExitCode.USAGE);
  }

  @Test
  void printableUrl_masksAPasswordWrittenIntoIt() {
    assertThat(DatabaseOptions.printable("jdbc:oracle:thin:scott/tiger@//db:1521/ORCL"))
        .isEqualTo("jdbc:oracle:thin:scott/****@//db:1521/ORCL");
    assertThat(DatabaseOptions.printable("jdbc:oracle:thin:@//db:1521/ORCL?password=tiger"))
        .isEqualTo("jdbc:oracle:thin:@//db:1521/ORCL?password=****");
  }
}
