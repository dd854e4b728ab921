package dev.redoline.core;

/** The families of {@link ErrorCode}s, by the thousands digit of their number. */
public enum ErrorClass {
  /** CDC-1xxx: handled automatically (reconnect, mine again); a stop only past a retry limit. */
  AUTOMATIC(1),
  /**
   * CDC-2xxx: redo or local state needed for exact capture is missing or corrupt; always a stop.
   */
  REDO(2),
  /**
   * CDC-3xxx: a row that cannot be decoded; a stop, or a dead letter with {@code
   * cdc.on.decode.error=dlq}.
   */
  DATA(3),
  /**
   * CDC-4xxx: setup: configuration, privileges, database settings. Found before capture where
   * possible.
   */
  SETUP(4),
  /** CDC-5xxx: anything not classified, e.g. an ORA code Redoline does not know; a stop. */
  UNCLASSIFIED(5);

  private final int digit;

  ErrorClass(int digit) {
    this.digit = digit;
  }

  /** The thousands digit of the codes in this class. */
  public int digit() {
    return digit;
  }

  /** The class whose codes have this thousands digit. */
  static ErrorClass ofDigit(int digit) {
    for (ErrorClass c : values()) {
      if (c.digit == digit) {
        return c;
      }
    }
    throw new IllegalArgumentException("No error class has the thousands digit " + digit);
  }

  /** Whether the engine retries errors of this class by itself. */
  public boolean retriable() {
    return this == AUTOMATIC;
  }
}
