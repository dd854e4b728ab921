package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionBuffer;
import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.LayoutVersion;
import dev.redoline.core.Operation;
import dev.redoline.core.internal.PositionState;
import dev.redoline.decoder.internal.RedoDecoder;
import dev.redoline.logminer.DeadLetterSink;
import dev.redoline.logminer.OpsListener;
import dev.redoline.logminer.Sleeper;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ThreadFactory;

/**
 * Builds the parts of one capture stream and wires them, each given what it uses, in an order where
 * every part exists before the parts that use it: the buffer's orphan listener ({@link Orphans})
 * before the buffer, the buffer before the applier, the connection before the recovery policy, all
 * of them before the step and the loop.
 *
 * @param loop the capture thread's body
 * @param queue the events it publishes, read by the stream
 * @param stats its counters
 * @param decoder its decoder, closed by the loop, or by the caller when the loop never runs
 */
record CaptureAssembly(
    CaptureLoop loop, EventQueue queue, CaptureStats stats, RedoDecoder decoder) {

  /**
   * The parts of a capture starting at {@code start}, or with {@code start} {@code null} at {@code
   * cdc.start.scn} once connected.
   */
  static CaptureAssembly build(
      CdcConfig config,
      CaptureSettings settings,
      GatewayFactory gateways,
      Clock clock,
      Sleeper sleeper,
      TransactionJournal journal,
      DeadLetterSink deadLetters,
      OpsListener opsListener,
      List<LayoutVersion> knownLayouts,
      ThreadFactory decodeThreads,
      PositionState start) {
    SnapshotSettings snapshotSettings = SnapshotSettings.of(config);
    EventQueue queue = new EventQueue(settings.queueSize(), clock);
    CaptureStats stats = new CaptureStats();
    OpsLog ops = new OpsLog(opsListener, clock);
    Orphans orphans =
        new Orphans(settings.orphanCheckInterval(), settings.pdbs(), clock, opsListener);
    TransactionBuffer buffer = buffer(settings, journal, clock, orphans);
    // Every decoder setting of the configuration, on threads named after the capture.
    RedoDecoder decoder = RedoDecoder.builder(config).threadFactory(decodeThreads).build();

    Snapshots snapshots = new Snapshots(snapshotSettings, decoder, clock, ops::event);
    TableCatalog catalog =
        new TableCatalog(
            TableFilter.of(settings.tablesInclude(), settings.tablesExclude()),
            settings.pdbs(),
            knownLayouts);
    CommitSequencer sequencer = new CommitSequencer();
    DatabaseZone zone = new DatabaseZone(settings.databaseZone());
    StepApplier applier =
        new StepApplier(
            buffer,
            decoder,
            catalog,
            sequencer,
            zone,
            new Rejections(settings.deadLetters(), deadLetters, opsListener, clock),
            settings.usersExclude(),
            settings.skipped(),
            // also without LOB rows (cdc.lob.enabled=false): it folds a statement's two DML rows
            new LobAssembler(
                buffer,
                settings.lobMaxBytes(),
                settings.lobStreamThresholdBytes(),
                !settings.skipped().skips(Operation.UPDATE)));
    MiningWindow window = new MiningWindow(settings.maxLogsPerStep(), settings.targetLatency());
    MiningSession session = new MiningSession(clock, settings.sessionMaxAge());
    CaptureConnection connection =
        new CaptureConnection(
            gateways,
            stats,
            SnapshotPreflight.of(settings, snapshotSettings),
            new ParallelMining(
                gateways, settings.miningSessions(), clock, settings.sessionMaxAge()));
    MiningStep.Reporting reporting = new MiningStep.Reporting(stats, ops);
    RecoveryPolicy recovery =
        new RecoveryPolicy(
            settings,
            snapshotSettings.mode(),
            new RecoveryPolicy.Resets(connection, window, session),
            reporting,
            sleeper,
            clock);
    Positions positions = new Positions(buffer, sequencer, applier);
    StepRoute route = new StepRoute(applier, buffer, sequencer, snapshots, queue, positions);
    MiningStep step =
        new MiningStep(
            settings,
            clock,
            route,
            new MiningStep.RedoSource(
                connection,
                new LogInventory(
                    settings.mode(), settings.archiveDestination(), settings.lgwrMaxDelay()),
                new SessionStartFloor(clock, settings.lgwrMaxDelay()),
                window,
                session,
                zone),
            new MiningStep.Tables(catalog, new CatalogTracker(catalog, snapshots)),
            orphans,
            recovery,
            reporting);
    if (start != null) {
      step.begin(start, false);
    }
    CaptureLoop loop =
        new CaptureLoop(connection, step, route, recovery, decoder, sleeper, settings.idle());
    return new CaptureAssembly(loop, queue, stats, decoder);
  }

  private static TransactionBuffer buffer(
      CaptureSettings settings, TransactionJournal journal, Clock clock, Orphans orphans) {
    TransactionBuffer.Builder buffers = TransactionBuffer.builder();
    if (journal != null) {
      buffers.journal(journal);
    }
    return buffers
        .memoryBudgetBytes(settings.memoryBudgetBytes())
        .spillDirectory(settings.spillDirectory())
        .clock(clock)
        .journalAfter(settings.journalAfter())
        .journalAfterLogs(settings.journalAfterLogs())
        .orphanListener(orphans)
        .build();
  }
}
