package dev.redoline.core;

/** Argument checks with the message shapes the package documents. */
final class Checks {

  private Checks() {}

  static <T> T notNull(T value, String name) {
    if (value == null) {
      throw new NullPointerException(name + " == null");
    }
    return value;
  }

  static void argument(boolean condition, String format, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(format, args));
    }
  }
}
