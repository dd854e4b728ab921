package dev.redoline.logminer.internal;

import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.MDC;

/**
 * The threads of one capture: named after it, and carrying the logging context (slf4j MDC) of the
 * thread that opened the capture.
 *
 * <pre>{@code
 * CaptureThreads threads = CaptureThreads.of("shop", MDC.getCopyOfContextMap());
 * Thread capture = threads.newThread("capture", loop);        // "redoline-capture-shop"
 * ThreadFactory decode = threads.factory("decode");           // "redoline-decode-shop-1", ...
 * }</pre>
 *
 * <p>Why the context: a Kafka Connect worker puts {@code connector.context} ({@code [name|task-0]
 * }) in the MDC of the task thread that calls {@code start}. The capture and decode threads are
 * made there, so copying that map onto them gives their log lines the same connector and task as
 * the worker's own lines, in the worker's format. With several connectors in one worker, the name
 * in the thread tells them apart in a thread dump as well.
 */
final class CaptureThreads {

  private final String name;
  private final Map<String, String> context;

  private CaptureThreads(String name, Map<String, String> context) {
    this.name = name;
    this.context = context == null ? Map.of() : Map.copyOf(context);
  }

  /**
   * @param name the capture's name, put in every thread name
   * @param context the logging context to copy onto each thread, or {@code null} for none
   */
  static CaptureThreads of(String name, Map<String, String> context) {
    return new CaptureThreads(name, context);
  }

  /** A daemon thread {@code redoline-<role>-<name>} that runs {@code task} under the context. */
  Thread newThread(String role, Runnable task) {
    Thread t = new Thread(withContext(task), "redoline-" + role + "-" + name);
    t.setDaemon(true);
    return t;
  }

  /** Daemon threads {@code redoline-<role>-<name>-N}, each under the context. */
  ThreadFactory factory(String role) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread t =
          new Thread(
              withContext(task), "redoline-" + role + "-" + name + "-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  private Runnable withContext(Runnable task) {
    return () -> {
      if (context.isEmpty()) {
        MDC.clear();
      } else {
        MDC.setContextMap(context);
      }
      try {
        task.run();
      } finally {
        MDC.clear();
      }
    };
  }

  /** The logging context the threads carry. */
  Map<String, String> context() {
    return context;
  }
}
