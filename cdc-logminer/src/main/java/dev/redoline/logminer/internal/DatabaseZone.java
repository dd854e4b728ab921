package dev.redoline.logminer.internal;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.Supplier;

/**
 * The zone of LogMiner's TIMESTAMP column: {@code cdc.database.time.zone} when set, else the zone
 * V$DATABASE was last read with (a region, or the server clock's offset at that moment), taken with
 * every step's listing. The step updates it and the applier reads it, both on the capture thread.
 */
final class DatabaseZone implements Supplier<ZoneId> {

  /** The configured zone, or {@code null} to follow the database. */
  private final ZoneId configured;

  private ZoneId zone;

  DatabaseZone(ZoneId configured) {
    this.configured = configured;
    // Until the first listing reads the database's zone; no row is applied before it.
    this.zone = configured != null ? configured : ZoneOffset.UTC;
  }

  /** Takes the zone of a V$DATABASE row, unless one is configured. */
  void read(DatabaseState state) {
    zone = configured != null ? configured : state.zone();
  }

  @Override
  public ZoneId get() {
    return zone;
  }
}
