package dev.redoline.embedded;

import dev.redoline.logminer.CaptureMXBean;
import dev.redoline.logminer.RedoThreadMXBean;
import dev.redoline.logminer.StreamingMetricsMXBean;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;
import javax.management.InstanceNotFoundException;
import javax.management.JMX;
import javax.management.MBeanServer;
import javax.management.MBeanServerDelegate;
import javax.management.MBeanServerNotification;
import javax.management.MalformedObjectNameException;
import javax.management.NotificationListener;
import javax.management.ObjectName;
import javax.management.relation.MBeanServerNotificationFilter;

/**
 * The capture's metrics as Micrometer gauges, for applications that publish through Micrometer
 * (Spring Boot's actuator, a Prometheus registry): every number of {@link StreamingMetricsMXBean}
 * (Debezium's names) as {@code redoline.streaming.<name>} and of {@link CaptureMXBean} as {@code
 * redoline.capture.<name>}, each tagged {@code server=<prefix>}. Micrometer is an optional
 * dependency: only an application that uses this class needs it.
 *
 * <pre>{@code
 * new RedolineMeterBinder("shop").bindTo(meterRegistry);   // cdc.topic.prefix of the engine
 * }</pre>
 *
 * <p>The gauges read the capture's MBeans from the platform MBean server when sampled, so they may
 * be bound before the engine starts and survive its restarts; while no capture of that prefix runs
 * they read NaN. The meter names come from the MXBean interfaces' getters ({@code
 * MilliSecondsBehindSource} becomes {@code redoline.streaming.milli.seconds.behind.source}), so a
 * metric added there appears here by itself. Each redo thread's figures ({@link RedoThreadMXBean})
 * are {@code redoline.thread.<name>} tagged {@code thread=<THREAD#>} as well: a thread's meters are
 * added when its MBean is registered (the capture registers one per thread as its steps see the
 * thread), and keep reading NaN while it is not; their totals are {@code
 * redoline.capture.logs.behind} and {@code redoline.capture.bytes.behind}.
 */
public final class RedolineMeterBinder implements MeterBinder {

  private final String prefix;

  /** Gauges of the capture whose {@code cdc.topic.prefix} is {@code prefix}. */
  public RedolineMeterBinder(String prefix) {
    this.prefix = Objects.requireNonNull(prefix, "prefix == null");
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    bind(
        registry,
        server,
        "redoline.streaming",
        StreamingMetricsMXBean.class,
        name("debezium.oracle:type=connector-metrics,context=streaming,server=" + prefix));
    bind(
        registry,
        server,
        "redoline.capture",
        CaptureMXBean.class,
        name("dev.redoline:type=CaptureEngine,name=" + ObjectName.quote(prefix)));
    bindThreads(registry, server);
  }

  /**
   * The meters of each redo thread: those registered now, and through the MBean server's
   * registration notifications, those registered later (a thread first seen by a later step, a
   * capture started after binding).
   */
  private void bindThreads(MeterRegistry registry, MBeanServer server) {
    ObjectName threads =
        name("dev.redoline:type=RedoThread,name=" + ObjectName.quote(prefix) + ",*");
    MBeanServerNotificationFilter registered = new MBeanServerNotificationFilter();
    registered.disableAllTypes();
    registered.enableType(MBeanServerNotification.REGISTRATION_NOTIFICATION);
    registered.enableAllObjectNames(); // a new filter selects no name at all
    NotificationListener listener =
        (notification, handback) -> {
          ObjectName name = ((MBeanServerNotification) notification).getMBeanName();
          if (threads.apply(name)) {
            bindThread(registry, server, name);
          }
        };
    try {
      server.addNotificationListener(MBeanServerDelegate.DELEGATE_NAME, listener, registered, null);
    } catch (InstanceNotFoundException e) {
      throw new IllegalStateException("the platform MBean server has no delegate", e);
    }
    server.queryNames(threads, null).forEach(name -> bindThread(registry, server, name));
  }

  private void bindThread(MeterRegistry registry, MBeanServer server, ObjectName name) {
    bind(
        registry,
        server,
        "redoline.thread",
        RedoThreadMXBean.class,
        name,
        Tags.of("server", prefix, "thread", name.getKeyProperty("thread")));
  }

  private <T> void bind(
      MeterRegistry registry, MBeanServer server, String base, Class<T> type, ObjectName name) {
    bind(registry, server, base, type, name, Tags.of("server", prefix));
  }

  private static <T> void bind(
      MeterRegistry registry,
      MBeanServer server,
      String base,
      Class<T> type,
      ObjectName name,
      Tags tags) {
    T proxy = JMX.newMXBeanProxy(server, name, type);
    Method[] getters = type.getMethods();
    Arrays.sort(getters, Comparator.comparing(Method::getName));
    for (Method getter : getters) {
      String attribute = attribute(getter);
      if (attribute == null) {
        continue;
      }
      Gauge.builder(
              base + "." + dotted(attribute),
              proxy,
              p -> server.isRegistered(name) ? read(getter, p) : Double.NaN)
          .tags(tags)
          .description("JMX attribute " + attribute + " of " + name)
          .strongReference(true) // the proxy has no other holder: a weak one would be collected
          .register(registry);
    }
  }

  /** The attribute a numeric or boolean getter reads, or {@code null} for any other method. */
  static String attribute(Method getter) {
    Class<?> type = getter.getReturnType();
    boolean numeric = type == long.class || type == int.class || type == BigInteger.class;
    if (getter.getParameterCount() == 0 && numeric && getter.getName().startsWith("get")) {
      return getter.getName().substring(3);
    }
    if (getter.getParameterCount() == 0
        && type == boolean.class
        && getter.getName().startsWith("is")) {
      return getter.getName().substring(2);
    }
    return null;
  }

  /** {@code MilliSecondsBehindSource} as {@code milli.seconds.behind.source}. */
  static String dotted(String attribute) {
    return attribute
        .replaceAll("([a-z0-9])([A-Z])", "$1.$2")
        .replaceAll("([A-Z])([A-Z][a-z])", "$1.$2")
        .toLowerCase(java.util.Locale.ROOT);
  }

  private static double read(Method getter, Object proxy) {
    try {
      Object value = getter.invoke(proxy);
      if (value instanceof Boolean b) {
        return b ? 1 : 0;
      }
      return ((Number) value).doubleValue();
    } catch (IllegalAccessException | InvocationTargetException | RuntimeException e) {
      return Double.NaN; // unregistered between the check and the read: a capture closing
    }
  }

  private static ObjectName name(String text) {
    try {
      return new ObjectName(text);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException(
          "cdc.topic.prefix " + text + " gives no JMX name: " + e.getMessage(), e);
    }
  }
}
