package dev.redoline.logminer.seam;

import dev.redoline.buffer.internal.FileTransactionJournal;
import dev.redoline.buffer.internal.TransactionJournal;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Position;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.DeadLetterSink;
import dev.redoline.logminer.OpsListener;
import dev.redoline.logminer.Sleeper;
import dev.redoline.logminer.internal.GatewayDatabase;
import dev.redoline.logminer.internal.GatewayFactory;
import dev.redoline.logminer.internal.RunningCapture;
import dev.redoline.logminer.internal.StoredJournal;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

/**
 * The capture engine: mines the redo in steps and streams committed transactions, in commit order,
 * as a {@link CaptureStream}. The embedded engine and the Kafka Connect task are sinks over it.
 *
 * <pre>{@code
 * CaptureEngine engine = CaptureEngine.builder()
 *     .config(CdcConfig.from(settings))
 *     .gateways(simulatedOracle::connect)
 *     .build();
 * try (CaptureStream stream = engine.open(storedPosition)) {
 *   for (StreamEvent e : stream.poll(Duration.ofSeconds(1))) {
 *     handle(e);
 *     stream.acknowledge(e.position());
 *   }
 * }
 * }</pre>
 *
 * <p>An engine is immutable and can {@link #open} several streams one after the other (a restart is
 * a new stream from the last acknowledged position); each stream runs one capture thread, {@code
 * redoline-capture-<name>}, and its decode threads, {@code redoline-decode-<name>-N}. Both carry
 * the logging context (slf4j MDC) of the thread that called {@link #open}, so a Kafka Connect
 * worker's {@code connector.context} is on their log lines too.
 */
public final class CaptureEngine {

  private final CdcConfig config;
  private final GatewayFactory gateways;
  private final Clock clock;
  private final Sleeper sleeper;
  private final TransactionJournal journal;
  private final DeadLetterSink deadLetters;
  private final OpsListener ops;
  private final java.util.List<dev.redoline.core.LayoutVersion> knownLayouts;
  private final String name;

  private CaptureEngine(Builder b) {
    this.config = b.config;
    this.gateways = b.gateways;
    this.clock = b.clock;
    this.sleeper = b.sleeper;
    this.journal = b.journal;
    this.deadLetters = b.deadLetters;
    this.ops = b.ops;
    this.knownLayouts = b.knownLayouts;
    this.name = b.name != null ? b.name : b.config.get(CdcConfig.TOPIC_PREFIX);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The configuration this engine runs with. */
  public CdcConfig config() {
    return config;
  }

  /**
   * Starts capturing from {@code from}: a position acknowledged earlier, or {@code null} when none
   * is stored, in which case {@code cdc.start.scn} decides: the configured SCN, or the database's
   * current SCN, read by the capture thread once it first connects (with the usual retries). A
   * first start delivers the transactions that commit after its SCN (those committed at or before
   * it are what a snapshot as of that SCN would hold).
   *
   * <p>The first connection is made here, on the caller's thread: an error that retrying cannot fix
   * is thrown at once, while a transient one (a listener down, an instance starting) is retried by
   * the capture thread within {@code cdc.retry.max.time.ms}, each attempt an {@link
   * dev.redoline.logminer.OpsEvent.Type#RECONNECT} event and the success a {@link
   * dev.redoline.logminer.OpsEvent.Type#RECONNECTED} one. Without a stored position ({@code from}
   * null) the capture has never run, and no listener at the URL's address is a wrong URL too
   * (CDC-4013), not an outage to wait out.
   *
   * @throws dev.redoline.core.CdcException when the first connection fails for good: CDC-4012 wrong
   *     credentials, CDC-4013 an unknown service (or, before the capture ever ran, no listener),
   *     naming the URL's address, CDC-4003 a missing privilege, CDC-4001 a bad URL, CDC-5001 an
   *     Oracle error the engine does not classify
   */
  public CaptureStream open(Position from) {
    return RunningCapture.start(
        config, gateways, clock, sleeper, journal, deadLetters, ops, knownLayouts, name, from);
  }

  /** Collects an engine's collaborators; {@link #config} and {@link #gateways} are required. */
  public static final class Builder {
    private CdcConfig config;
    private GatewayFactory gateways;
    private Clock clock = Clock.systemUTC();
    private Sleeper sleeper = Sleeper.SYSTEM;
    private TransactionJournal journal;
    private Path journalDirectory;
    private DeadLetterSink deadLetters;
    private OpsListener ops = event -> {};
    private java.util.List<dev.redoline.core.LayoutVersion> knownLayouts = java.util.List.of();
    private String name;

    private Builder() {}

    /**
     * The capture's name in its thread names (the Connect connector's name, say); by default {@code
     * cdc.topic.prefix}.
     */
    public Builder name(String name) {
      this.name = Objects.requireNonNull(name, "name == null");
      return this;
    }

    public Builder config(CdcConfig config) {
      this.config = Objects.requireNonNull(config, "config == null");
      return this;
    }

    /**
     * The database, its clock and how to wait: sets {@link #gateways}, {@link #clock} and {@link
     * #sleeper}.
     */
    public Builder database(Database database) {
      Objects.requireNonNull(database, "database == null");
      GatewayDatabase db = (GatewayDatabase) database; // sealed: its one implementation
      this.gateways = db.gateways();
      this.clock = db.clock();
      this.sleeper = db.sleeper();
      return this;
    }

    /**
     * The layout versions stored by an earlier run (the schema history), each with the SCN it took
     * effect at: a table whose dictionary layout still equals its newest stored one keeps that
     * version, a changed one gets the next; rows mined again below a stored version's SCN keep the
     * version they were written under.
     */
    public Builder knownLayouts(java.util.Collection<dev.redoline.core.LayoutVersion> layouts) {
      this.knownLayouts = java.util.List.copyOf(Objects.requireNonNull(layouts, "layouts == null"));
      return this;
    }

    /** Where connections come from: the JDBC gateway, or a test's wrapper of it. */
    public Builder gateways(GatewayFactory gateways) {
      this.gateways = Objects.requireNonNull(gateways, "gateways == null");
      return this;
    }

    /** The clock of every time decision (steps, heartbeats, session age, backoff). */
    public Builder clock(Clock clock) {
      this.clock = Objects.requireNonNull(clock, "clock == null");
      return this;
    }

    /** How the capture thread waits; tests substitute one that advances a simulated clock. */
    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper == null");
      return this;
    }

    /**
     * Journals long open transactions, so the restart position can move past them, in files under
     * {@code directory} (created by {@link #build()} when missing): the embedded engine's journal.
     */
    public Builder journalDirectory(Path directory) {
      this.journalDirectory = Objects.requireNonNull(directory, "directory == null");
      return this;
    }

    /** Journals long open transactions in a sink's store: the Connect task's journal topic. */
    public Builder journal(JournalStore store) {
      this.journal = new StoredJournal(Objects.requireNonNull(store, "store == null"));
      return this;
    }

    /** Journals long open transactions in the engine's own journal port (tests wrap one). */
    public Builder journal(TransactionJournal journal) {
      this.journal = Objects.requireNonNull(journal, "journal == null");
      return this;
    }

    /** Receives undecodable rows with {@code cdc.on.decode.error=dlq}. */
    public Builder deadLetters(DeadLetterSink deadLetters) {
      this.deadLetters = Objects.requireNonNull(deadLetters, "deadLetters == null");
      return this;
    }

    /** Receives operational events. */
    public Builder ops(OpsListener ops) {
      this.ops = Objects.requireNonNull(ops, "ops == null");
      return this;
    }

    /**
     * @throws IllegalStateException when the config or the gateways are missing, or {@code
     *     cdc.on.decode.error=dlq} is set without a dead letter sink
     * @throws dev.redoline.core.CdcException CDC-2104 when the journal directory cannot be created
     */
    public CaptureEngine build() {
      if (config == null) {
        throw new IllegalStateException("config is required");
      }
      if (gateways == null) {
        throw new IllegalStateException("gateways are required");
      }
      if (deadLetters == null && RunningCapture.needsDeadLetterSink(config)) {
        throw new IllegalStateException(
            "cdc.on.decode.error=dlq needs a dead letter sink: call deadLetters(...)");
      }
      if (journalDirectory != null) {
        journal = FileTransactionJournal.open(journalDirectory);
      }
      return new CaptureEngine(this);
    }
  }
}
