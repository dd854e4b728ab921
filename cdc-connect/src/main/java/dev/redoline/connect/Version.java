package dev.redoline.connect;

/** The connector's version, from the jar manifest when packaged. */
final class Version {

  /** Shown when the classes do not come from a packaged jar (tests in the IDE). */
  private static final String UNKNOWN = "0.1.0-SNAPSHOT";

  private Version() {}

  static String current() {
    String v = Version.class.getPackage().getImplementationVersion();
    return v != null ? v : UNKNOWN;
  }
}
