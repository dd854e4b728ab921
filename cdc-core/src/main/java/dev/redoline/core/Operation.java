package dev.redoline.core;

/** What a {@link Change} did to its table, with the one-letter code of Debezium's envelope. */
public enum Operation {
  INSERT('c'),
  UPDATE('u'),
  DELETE('d'),
  /** {@code TRUNCATE TABLE}: every row of the table removed, with no row images. */
  TRUNCATE('t');

  private final char code;

  Operation(char code) {
    this.code = code;
  }

  /** {@code c}, {@code u}, {@code d} or {@code t}. */
  public char code() {
    return code;
  }
}
