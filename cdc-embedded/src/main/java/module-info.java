/**
 * The embedded engine: one {@code ChangeHandler} call per committed transaction, in any JVM. {@code
 * dev.redoline.embedded} is the whole API; it names the capture engine's database, dead letters and
 * operational events, so a module that requires this one reads the capture engine too.
 */
@SuppressWarnings("requires-automatic") // Micrometer names its module in its manifest only
module dev.redoline.embedded {
  requires transitive dev.redoline.core;
  requires transitive dev.redoline.logminer;
  requires dev.redoline.buffer;
  requires org.slf4j;
  requires java.management;
  // RedolineMeterBinder: Micrometer is optional, needed only by applications that bind it; not
  // transitive, so a module reading this one compiles without Micrometer.
  requires static micrometer.core;

  exports dev.redoline.embedded;
}
