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

  // The fixed-arity forms below let a constructor on the hot path (a RedoAddress or a Change per
  // mined row) check its arguments without boxing them or filling a varargs array on every call.

  static void argument(boolean condition, String format, long arg) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(format, arg));
    }
  }

  static void argument(boolean condition, String format, Object arg1, Object arg2, Object arg3) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(format, arg1, arg2, arg3));
    }
  }

  static void argument(boolean condition, String format, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(format, args));
    }
  }
}
