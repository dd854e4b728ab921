package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * Marks a {@link Change} of operation {@link Operation#READ} as a row of a snapshot chunk: the
 * table's rows read {@code AS OF SCN scn} and delivered between the last commit at or below that
 * SCN and the first above it.
 *
 * @param table the table read
 * @param scn the chunk's SCN: the database's current SCN when the chunk was read
 * @param place where the row is in the table's snapshot
 */
public record SnapshotMark(TableId table, Scn scn, Place place) {

  /** Where a row is in its table's snapshot, as Debezium's {@code source.snapshot} says it. */
  public enum Place {
    /** The table's first snapshot row. */
    FIRST("first"),
    /** Neither first nor last. */
    MIDDLE("true"),
    /** The table's last snapshot row (also when it is the only one). */
    LAST("last");

    private final String sourceValue;

    Place(String sourceValue) {
      this.sourceValue = sourceValue;
    }

    /** {@code first}, {@code true} or {@code last}: the value of {@code source.snapshot}. */
    public String sourceValue() {
      return sourceValue;
    }
  }

  public SnapshotMark {
    Checks.notNull(table, "table");
    Checks.notNull(scn, "scn");
    Checks.notNull(place, "place");
  }
}
