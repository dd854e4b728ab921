package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * A configuration value that must never be printed, such as a password. {@link #toString()} hides
 * it; only {@link #reveal()} gives it, at the one place that hands it to the driver.
 */
public final class Secret {

  private static final String HIDDEN = "[hidden]";

  private final String value;

  private Secret(String value) {
    this.value = value;
  }

  public static Secret of(String value) {
    return new Secret(Checks.notNull(value, "value"));
  }

  /** The value itself. Never log it. */
  public String reveal() {
    return value;
  }

  public boolean isEmpty() {
    return value.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Secret other && value.equals(other.value);
  }

  @Override
  public int hashCode() {
    return value.hashCode();
  }

  @Override
  public String toString() {
    return HIDDEN;
  }
}
