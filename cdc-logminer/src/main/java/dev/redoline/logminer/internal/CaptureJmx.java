package dev.redoline.logminer.internal;

import dev.redoline.buffer.BufferMetrics;
import dev.redoline.logminer.CaptureMXBean;
import dev.redoline.logminer.CaptureMetrics;
import java.time.Duration;
import java.util.function.Supplier;
import javax.management.ObjectName;

/** Registers a stream's {@link CaptureMXBean} and removes it when the stream closes. */
final class CaptureJmx implements CaptureMXBean {

  private final Supplier<CaptureMetrics> metrics;
  private final CaptureStats stats;
  private final StreamingFigures figures;
  private ObjectName name;

  CaptureJmx(Supplier<CaptureMetrics> metrics, CaptureStats stats) {
    this.metrics = metrics;
    this.stats = stats;
    this.figures = stats.figures();
  }

  /**
   * Registers under {@code name}, or {@code name-2}, {@code -3}... when taken. Never fails the
   * capture.
   */
  void register(String prefix) {
    name =
        JmxNames.register(
            this,
            i ->
                "dev.redoline:type=CaptureEngine,name="
                    + ObjectName.quote(JmxNames.suffixed(prefix, i)));
  }

  void unregister() {
    JmxNames.unregister(name);
    name = null;
  }

  private BufferMetrics buffer() {
    return metrics.get().buffer();
  }

  @Override
  public long getSteps() {
    return metrics.get().steps();
  }

  @Override
  public long getRowsMined() {
    return metrics.get().rows();
  }

  @Override
  public long getRedoCharactersMined() {
    return metrics.get().bytes();
  }

  @Override
  public long getRemines() {
    return metrics.get().remines();
  }

  @Override
  public long getReconnects() {
    return metrics.get().reconnects();
  }

  @Override
  public long getLastStepMillis() {
    return metrics.get().lastStepDuration().toMillis();
  }

  @Override
  public long getLastDecodeMillis() {
    return metrics.get().lastDecodeDuration().toMillis();
  }

  @Override
  public int getWindowLogs() {
    return metrics.get().windowLogs();
  }

  @Override
  public long getSessionAgeMillis() {
    return metrics.get().sessionAge().toMillis();
  }

  @Override
  public int getSessionRestarts() {
    return metrics.get().sessionRestarts();
  }

  @Override
  public long getScnLag() {
    return metrics.get().scnLag();
  }

  @Override
  public long getMillisBehind() {
    return metrics.get().behind().toMillis();
  }

  @Override
  public int getQueuedChanges() {
    return metrics.get().queued();
  }

  @Override
  public int getOpenTransactions() {
    return buffer() == null ? 0 : buffer().openTransactions();
  }

  @Override
  public long getBufferedBytesInMemory() {
    return buffer() == null ? 0 : buffer().memoryBytes();
  }

  @Override
  public long getBufferedBytesOnDisk() {
    return buffer() == null ? 0 : buffer().diskBytes();
  }

  @Override
  public int getSpilledTransactions() {
    return buffer() == null ? 0 : buffer().spilledTransactions();
  }

  @Override
  public int getJournaledTransactions() {
    return buffer() == null ? 0 : buffer().journaledTransactions();
  }

  @Override
  public long getOrphans() {
    return buffer() == null ? 0 : buffer().orphans();
  }

  @Override
  public long getPartialRollbacks() {
    return buffer() == null ? 0 : buffer().partialRollbacks();
  }

  @Override
  public long getOldestOpenTransactionMillis() {
    return buffer() == null ? 0 : buffer().oldestAge().map(Duration::toMillis).orElse(0L);
  }

  @Override
  public long getLastQueryMillis() {
    return stats.lastFetch().toMillis();
  }

  @Override
  public long getLogsBehind() {
    return figures.threads().values().stream()
        .mapToLong(StreamingFigures.ThreadFigures::logsBehind)
        .max()
        .orElse(0);
  }

  @Override
  public long getBytesBehind() {
    long total = 0;
    for (StreamingFigures.ThreadFigures t : figures.threads().values()) {
      if (t.bytesBehind() < 0) {
        return -1;
      }
      total += t.bytesBehind();
    }
    return total;
  }

  @Override
  public String[] getThreadPositions() {
    return figures.threads().values().stream()
        .map(t -> t.thread() + ": " + (t.cursor() == null ? "not read yet" : t.cursor()))
        .toArray(String[]::new);
  }
}
