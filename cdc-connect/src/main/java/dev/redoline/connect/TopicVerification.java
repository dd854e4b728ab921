package dev.redoline.connect;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.TableId;
import dev.redoline.logminer.OpsEvent;
import dev.redoline.verify.KafkaTarget;
import dev.redoline.verify.Redelivery;
import dev.redoline.verify.Verifier;
import dev.redoline.verify.VerifyReport;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code verify} signal: compares the connector's own topics with Oracle (cdc-verify's {@link
 * KafkaTarget}, at the commit SCN the topics hold) on a thread of its own, so the capture goes on
 * meanwhile, and puts the report on the ops topic: a {@code verified}, {@code verify_differences}
 * or {@code verify_failed} event whose message is the report as JSON (or the failure). With {@code
 * "repair":true} the missing and differing keys are asked of the capture again as ad-hoc snapshots
 * of exactly those keys, and the keys the topics hold that Oracle does not get a tombstone.
 *
 * <p>One verification at a time: a signal that comes while one runs waits for it.
 */
final class TopicVerification implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(TopicVerification.class);

  private final CdcConfig config;
  private final Map<String, Object> clients;
  private final Map<String, String> props;
  private final Queue<Object> sideEvents;
  private final Clock clock;
  private final KafkaTarget.StoredOffset offset;
  private final ExecutorService thread;

  /**
   * @param clients the connector's Kafka client settings
   * @param props the connector's configuration (topic names, record format, converter)
   * @param sideEvents where the ops events go (drained by the task's poll)
   * @param offset the offset Connect has stored for the task (its offset storage reader), which
   *     tells whether a table's initial snapshot has reached the topics
   */
  TopicVerification(
      CdcConfig config,
      Map<String, Object> clients,
      Map<String, String> props,
      Queue<Object> sideEvents,
      Clock clock,
      KafkaTarget.StoredOffset offset) {
    this.config = config;
    this.clients = Map.copyOf(clients);
    this.props = Map.copyOf(props);
    this.sideEvents = sideEvents;
    this.clock = clock;
    this.offset = offset;
    this.thread =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "redoline-verify-" + config.get(CdcConfig.TOPIC_PREFIX));
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Starts a verification of {@code tables}; {@code snapshots} takes the repair's ad-hoc snapshots
   * (the capture's, callable from any thread).
   */
  void start(List<TableId> tables, boolean repair, Redelivery snapshots) {
    try {
      thread.execute(() -> run(tables, repair, snapshots));
    } catch (RejectedExecutionException e) {
      LOG.info("Verify signal for {} ignored: the task is stopping", tables);
    }
  }

  private void run(List<TableId> tables, boolean repair, Redelivery snapshots) {
    try {
      Verifier verifier =
          Verifier.builder()
              .config(config)
              .tables(tables)
              .target(KafkaTarget.of(clients, props).storedOffset(offset))
              .clock(clock)
              .build();
      VerifyReport report = verifier.verify();
      LOG.info("Verify signal: {}", report.toText().strip());
      sideEvents.add(
          new OpsEvent(
              report.equal() ? OpsEvent.Type.VERIFIED : OpsEvent.Type.VERIFY_DIFFERENCES,
              clock.instant(),
              report.toJson()));
      if (repair && !report.equal()) {
        int keys = verifier.repair(report, snapshots);
        LOG.info("Verify signal: {} keys asked again or removed", keys);
      }
    } catch (Exception | LinkageError e) {
      String code =
          e instanceof CdcException c ? c.code() : ErrorCode.VERIFY_TARGET_UNREADABLE.code();
      LOG.warn("Verify signal for {} failed: {}", tables, e.toString());
      sideEvents.add(
          new OpsEvent(
              OpsEvent.Type.VERIFY_FAILED,
              clock.instant(),
              code + ": verification of " + tables + " failed: " + e.getMessage()));
    }
  }

  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
