package dev.redoline.logminer.internal;

import dev.redoline.logminer.RedoThreadMXBean;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.management.ObjectName;

/**
 * A stream's {@link RedoThreadMXBean}s, one per redo thread the steps have seen, registered as the
 * threads appear (after each step's cursors, {@link StreamingFigures#onCursors}) and removed when
 * the stream closes. Each reads the thread's figures of the last step.
 */
final class ThreadJmx {

  private final StreamingFigures figures;
  private final Map<Integer, ObjectName> names = new ConcurrentHashMap<>();
  private volatile String prefix;

  ThreadJmx(StreamingFigures figures) {
    this.figures = figures;
  }

  void register(String prefix) {
    this.prefix = prefix;
    figures.onThreadsSeen(this::registerThreads);
    registerThreads();
  }

  private synchronized void registerThreads() {
    String p = prefix;
    if (p == null) {
      return;
    }
    for (int thread : figures.threads().keySet()) {
      names.computeIfAbsent(
          thread,
          t ->
              JmxNames.register(
                  new Bean(t),
                  i ->
                      "dev.redoline:type=RedoThread,name="
                          + ObjectName.quote(JmxNames.suffixed(p, i))
                          + ",thread="
                          + t));
    }
  }

  synchronized void unregister() {
    prefix = null;
    names.values().forEach(JmxNames::unregister);
    names.clear();
  }

  private final class Bean implements RedoThreadMXBean {
    private final int thread;

    Bean(int thread) {
      this.thread = thread;
    }

    private StreamingFigures.ThreadFigures now() {
      StreamingFigures.ThreadFigures t = figures.threads().get(thread);
      return t == null ? new StreamingFigures.ThreadFigures(thread, null, 0, 0) : t;
    }

    @Override
    public long getSequence() {
      return now().cursor() == null ? 0 : now().cursor().sequence();
    }

    @Override
    public long getBlock() {
      return now().cursor() == null ? 0 : now().cursor().block();
    }

    @Override
    public long getLogsBehind() {
      return now().logsBehind();
    }

    @Override
    public long getBytesBehind() {
      return now().bytesBehind();
    }
  }
}
