package dev.redoline.core;

/**
 * A configuration problem (CDC-4001 or CDC-4002), naming the key, the value at fault (hidden for
 * secrets) and what is allowed.
 */
public final class ConfigException extends CdcException {

  private static final long serialVersionUID = 1L;

  private final String key;
  private final String value;

  /**
   * @param key the configuration key at fault
   * @param shownValue the value as it may be shown ({@code [hidden]} for secrets), or {@code null}
   * @param problem what is wrong and what is allowed
   */
  public ConfigException(ErrorCode code, String key, String shownValue, String problem) {
    super(code, key + (shownValue == null ? "" : "='" + shownValue + "'") + ": " + problem);
    this.key = key;
    this.value = shownValue;
  }

  /** The key at fault. */
  public String key() {
    return key;
  }

  /** The value at fault as it may be shown, or {@code null} when missing. */
  public String value() {
    return value;
  }
}
