package dev.redoline.logminer.internal;

import java.lang.management.ManagementFactory;
import java.util.function.IntFunction;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers a capture's MBeans on the platform MBean server. A name another capture of the same JVM
 * already holds is not taken over: the next suffix is tried ({@code name}, {@code name-2}, ...).
 * Publishing metrics never fails a capture.
 */
final class JmxNames {

  private static final Logger LOG = LoggerFactory.getLogger(JmxNames.class);

  /** How many suffixes are tried before the metrics are given up. */
  private static final int MAX_SUFFIX = 100;

  private JmxNames() {}

  /**
   * Registers {@code bean} under the first free name {@code nameFor} gives for the suffix text
   * ({@code ""}, {@code "-2"}, {@code "-3"}...); the name taken, or {@code null} when none could
   * be.
   */
  static ObjectName register(Object bean, IntFunction<String> nameFor) {
    for (int i = 1; i < MAX_SUFFIX; i++) {
      try {
        ObjectName candidate = new ObjectName(nameFor.apply(i));
        ManagementFactory.getPlatformMBeanServer().registerMBean(bean, candidate);
        return candidate;
      } catch (InstanceAlreadyExistsException e) {
        // taken by another stream in this JVM: try the next suffix
      } catch (JMException e) {
        LOG.warn("Capture metrics are not published over JMX: {}", e.toString());
        return null;
      }
    }
    return null;
  }

  /** {@code prefix} for the first attempt, {@code prefix-N} for the N-th. */
  static String suffixed(String prefix, int attempt) {
    return attempt == 1 ? prefix : prefix + "-" + attempt;
  }

  static void unregister(ObjectName name) {
    if (name != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(name);
      } catch (JMException e) {
        LOG.debug("JMX bean {} was already gone: {}", name, e.toString());
      }
    }
  }
}
