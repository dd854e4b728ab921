/**
 * Verification: compares what a consumer holds with Oracle at an SCN and repairs what differs.
 * {@code dev.redoline.verify} is the whole API (the {@code Verifier}, the target SPI and its
 * adapters, the report, the command-line entry); the checksum SQL, the digests and the comparison
 * are internal. The decoder's internals are read in one place, {@code internal.ColumnRules}, for
 * the column rules a sink's values were shaped by.
 */
module dev.redoline.verify {
  requires transitive dev.redoline.core;
  requires transitive dev.redoline.logminer;
  requires dev.redoline.decoder;
  requires transitive java.sql;
  requires transitive java.management; // VerifyMetrics.register returns an ObjectName

  // Connections to Oracle (or the simulator) and to a JDBC target come from the drivers present.
  uses java.sql.Driver;

  exports dev.redoline.verify;
}
