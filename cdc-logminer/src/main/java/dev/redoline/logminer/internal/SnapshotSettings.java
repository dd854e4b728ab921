package dev.redoline.logminer.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.logminer.seam.KeyColumns;
import java.util.Locale;

/**
 * The snapshot settings of a capture: {@code cdc.snapshot.mode}, {@code cdc.snapshot.chunk.rows}
 * and the key columns of {@code cdc.message.key.columns} (the order a table without a primary key
 * is read in), and {@code cdc.database.user}, named in the GRANT a missing FLASHBACK privilege asks
 * for.
 */
record SnapshotSettings(Mode mode, int chunkRows, KeyColumns keys, String user) {

  /** {@code cdc.snapshot.mode}. */
  enum Mode {
    INITIAL,
    NO_DATA,
    INITIAL_ONLY,
    WHEN_NEEDED;

    /**
     * Whether the capture snapshots tables by itself (at first start, and tables newly captured).
     */
    boolean snapshots() {
      return this != NO_DATA;
    }
  }

  /**
   * Snapshot chunks read in one step, at most: what the capture holds while the stream catches up.
   */
  static final int CHUNKS_PER_STEP = 4;

  static SnapshotSettings of(CdcConfig config) {
    return new SnapshotSettings(
        Mode.valueOf(config.get(CdcConfig.SNAPSHOT_MODE).toUpperCase(Locale.ROOT)),
        config.get(CdcConfig.SNAPSHOT_CHUNK_ROWS),
        KeyColumns.parse(config.get(CdcConfig.MESSAGE_KEY_COLUMNS)),
        config.get(CdcConfig.DATABASE_USER));
  }
}
