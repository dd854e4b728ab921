package dev.redoline.core.internal;

/** Argument checks with the message shapes the core package documents, shared by its values. */
public final class Checks {

  private Checks() {}

  public static <T> T notNull(T value, String name) {
    if (value == null) {
      throw new NullPointerException(name + " == null");
    }
    return value;
  }

  // The fixed-arity forms below let a constructor on the hot path (a RedoAddress or a Change per
  // mined row) check its arguments without boxing them or filling a varargs array on every call.

  public static void argument(boolean condition, String format, long arg) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(format, arg));
    }
  }

  public static void argument(
      boolean condition, String format, Object arg1, Object arg2, Object arg3) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(format, arg1, arg2, arg3));
    }
  }

  public static void argument(boolean condition, String format, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(String.format(format, args));
    }
  }
}
