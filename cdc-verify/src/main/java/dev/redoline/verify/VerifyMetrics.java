package dev.redoline.verify;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import javax.management.JMException;
import javax.management.ObjectName;

/** The last result of a {@link Verifier}, as read by {@link VerifyMXBean}. Thread-safe. */
public final class VerifyMetrics implements VerifyMXBean {

  private volatile VerifyReport last;
  private volatile Instant ended = Instant.EPOCH;

  VerifyMetrics() {}

  void record(VerifyReport report, Instant at) {
    last = report;
    ended = at;
  }

  /** The last report, or null before the first verification. */
  public VerifyReport last() {
    return last;
  }

  @Override
  public long getLastScn() {
    VerifyReport r = last;
    return r == null ? 0 : r.scn().bits();
  }

  @Override
  public long getLastDifferences() {
    VerifyReport r = last;
    return r == null ? 0 : r.differences();
  }

  @Override
  public long getLastInFlight() {
    VerifyReport r = last;
    return r == null ? 0 : r.inFlight();
  }

  @Override
  public long getLastUndecided() {
    VerifyReport r = last;
    return r == null ? 0 : r.undecided();
  }

  @Override
  public long getLastRowsCompared() {
    VerifyReport r = last;
    return r == null ? 0 : r.tables().stream().mapToLong(TableReport::sourceRows).sum();
  }

  @Override
  public long getLastTablesNotCompared() {
    VerifyReport r = last;
    return r == null ? 0 : r.tables().stream().filter(t -> !t.compared()).count();
  }

  @Override
  public long getLastSourceBytes() {
    VerifyReport r = last;
    return r == null ? 0 : r.sourceBytes();
  }

  @Override
  public long getLastEndedMillis() {
    return ended.toEpochMilli();
  }

  /**
   * Registers these metrics as {@code dev.redoline:type=Verify,name=<name>}, replacing an older
   * registration.
   */
  public ObjectName register(String name) {
    try {
      ObjectName on = new ObjectName("dev.redoline:type=Verify,name=" + ObjectName.quote(name));
      var server = ManagementFactory.getPlatformMBeanServer();
      if (server.isRegistered(on)) {
        server.unregisterMBean(on);
      }
      server.registerMBean(this, on);
      return on;
    } catch (JMException e) {
      throw new IllegalStateException("cannot register the verify metrics as " + name, e);
    }
  }
}
