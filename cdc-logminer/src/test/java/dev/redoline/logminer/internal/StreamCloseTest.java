package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.simulator.SimulatedOracle;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link dev.redoline.core.internal.CaptureStream#close()} from another thread wakes a blocked
 * poll.
 */
class StreamCloseTest {

  /** Far longer than the test may take: a poll that returns was woken, not timed out. */
  private static final Duration FOREVER = Duration.ofHours(1);

  @TempDir Path spill;

  /** Waits, boundedly, until {@code thread} is parked in a wait. */
  private static void awaitWaiting(Thread thread) throws InterruptedException {
    for (int i = 0; i < 10_000 && thread.getState() != Thread.State.TIMED_WAITING; i++) {
      Thread.sleep(1);
    }
    assertThat(thread.getState()).isEqualTo(Thread.State.TIMED_WAITING);
  }

  @Test
  void close_wakesAPollBlockedOnAnotherThread() throws Exception {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(71).build();
    oracle.createTable(ScenarioHarness.orders());
    try (ScenarioHarness h = new ScenarioHarness(oracle, spill)) {
      CaptureStream stream = h.open(Position.start(Scn.of(oracle.currentScn())));
      CompletableFuture<Thread> poller = new CompletableFuture<>();
      CompletableFuture<List<StreamEvent>> polled =
          CompletableFuture.supplyAsync(
              () -> {
                poller.complete(Thread.currentThread());
                try {
                  List<StreamEvent> batch;
                  do {
                    batch = stream.poll(FOREVER); // the first batches may hold the start's layouts
                  } while (!batch.isEmpty());
                  return batch;
                } catch (InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              });
      awaitWaiting(poller.get(1, TimeUnit.MINUTES));

      stream.close();
      assertThat(polled.get(1, TimeUnit.MINUTES)).isEmpty();
      assertThat(stream.poll(Duration.ZERO)).isEmpty();
    }
  }

  @Test
  void eventQueue_aFailureAlsoWakesTheBlockedPoll() throws Exception {
    EventQueue queue = new EventQueue(16);
    CompletableFuture<Thread> poller = new CompletableFuture<>();
    CompletableFuture<Throwable> thrown =
        CompletableFuture.supplyAsync(
            () -> {
              poller.complete(Thread.currentThread());
              try {
                queue.poll(FOREVER);
                return null;
              } catch (RuntimeException | InterruptedException e) {
                return e;
              }
            });
    awaitWaiting(poller.get(1, TimeUnit.MINUTES));

    queue.fail(new dev.redoline.core.CdcException(dev.redoline.core.ErrorCode.LOG_PURGED, "gone"));
    assertThat(thrown.get(1, TimeUnit.MINUTES))
        .isInstanceOf(dev.redoline.core.CdcException.class)
        .hasMessageContaining("gone");
  }
}
