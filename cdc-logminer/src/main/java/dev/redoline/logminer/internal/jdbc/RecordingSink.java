package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.TableId;
import dev.redoline.core.internal.RecordingFormat;
import dev.redoline.decoder.internal.RecordingRedaction;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The recording of one {@code cdc.recording.dir}, shared by every connection the capture opens on
 * it (a reconnect, the snapshot's), counted so the parts close with the last connection. Lines of
 * one statement are written as they come and the parts flushed when it ends; writers are serialized
 * here, so each line is whole. What may not be kept is redacted here, with the decoder's rules
 * ({@link RecordingRedaction}). A failed write stops the recording with one warning and never the
 * capture: a recording is a diagnosis, not part of delivery.
 */
final class RecordingSink {

  private static final Logger LOG = LoggerFactory.getLogger(RecordingSink.class);

  /** Open recordings by directory. */
  private static final Map<Path, RecordingSink> OPEN = new HashMap<>();

  private final Path dir;
  private final RecordingParts parts;
  private final RecordingRedaction redaction;
  private final boolean pdbs;
  private int users;
  private long nextId = 1;
  private boolean failed;

  private RecordingSink(
      Path dir, RecordingParts parts, RecordingRedaction redaction, boolean pdbs) {
    this.dir = dir;
    this.parts = parts;
    this.redaction = redaction;
    this.pdbs = pdbs;
  }

  /**
   * The recording {@code config} asks for, one more user counted, or {@code null} when {@code
   * cdc.recording.dir} is empty or cannot be opened (warned once).
   */
  static RecordingSink acquire(CdcConfig config) {
    String setting = config.get(CdcConfig.RECORDING_DIR);
    if (setting.isBlank()) {
      return null;
    }
    Path dir = Path.of(setting.trim()).toAbsolutePath().normalize();
    synchronized (OPEN) {
      RecordingSink sink = OPEN.get(dir);
      if (sink == null) {
        try {
          sink =
              new RecordingSink(
                  dir,
                  RecordingParts.open(dir, config.get(CdcConfig.RECORDING_MAX_BYTES)),
                  RecordingRedaction.fromConfig(config),
                  !config.get(CdcConfig.DATABASE_PDBS).isEmpty());
        } catch (IOException | RuntimeException e) {
          LOG.warn(
              "The capture is not recorded: cdc.recording.dir {} cannot be written ({})",
              dir,
              e.toString());
          return null;
        }
        OPEN.put(dir, sink);
        LOG.info("Recording what the capture reads from the database in {}", dir);
      }
      sink.users++;
      return sink;
    }
  }

  /** One user fewer; the last closes the parts. */
  void release() {
    synchronized (OPEN) {
      if (--users > 0) {
        return;
      }
      OPEN.remove(dir);
    }
    synchronized (this) {
      try {
        parts.close();
      } catch (IOException e) {
        LOG.warn("Closing the recording in {} failed: {}", dir, e.toString());
      }
    }
  }

  /** A new statement id. */
  synchronized long nextId() {
    return nextId++;
  }

  /** Writes one entry; {@code ends} flushes the parts (the statement's last line). */
  synchronized void write(List<String> fields, boolean ends) {
    if (failed) {
      return;
    }
    try {
      parts.write(RecordingFormat.line(fields));
      if (ends) {
        parts.flush();
      }
    } catch (IOException | RuntimeException e) {
      failed = true;
      LOG.warn("Recording in {} stopped: {}", dir, e.toString());
    }
  }

  /** The SQL_REDO of a mined row as the recording keeps it. */
  synchronized String sqlRedo(
      int operationCode,
      String pdb,
      String owner,
      String table,
      String transaction,
      String sqlRedo) {
    if (owner == null || table == null) {
      return sqlRedo;
    }
    return redaction.sqlRedo(
        operationCode, new TableId(pdbs ? pdb : null, owner, table), transaction, sqlRedo);
  }

  /** A mined transaction ended: its LOB columns are forgotten. */
  synchronized void transactionEnded(String transaction) {
    redaction.transactionEnded(transaction);
  }

  /** A value a snapshot chunk read, as the recording keeps it. */
  synchronized Object selectedValue(TableId table, String column, Object value) {
    return redaction.selectedValue(table, column, value);
  }
}
