package dev.redoline.core;

/** What a {@link Change} did to its table, with the one-letter code of Debezium's envelope. */
public enum Operation {
  INSERT('c'),
  UPDATE('u'),
  DELETE('d'),
  /** {@code TRUNCATE TABLE}: every row of the table removed, with no row images. */
  TRUNCATE('t'),
  /**
   * A row read by a snapshot ({@link SnapshotMark}): only {@code after}, the row as of the chunk's
   * SCN.
   */
  READ('r');

  private final char code;

  Operation(char code) {
    this.code = code;
  }

  /** {@code c}, {@code u}, {@code d}, {@code t} or {@code r}. */
  public char code() {
    return code;
  }
}
