package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.ResumePoint;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ManualClock;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.internal.PositionState;
import dev.redoline.logminer.seam.StreamEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Heartbeats never go backwards in position or time (issue 11, point 5). */
class PublisherHeartbeatTest {

  static final Duration INTERVAL = Duration.ofSeconds(10);

  static RedoAddress at(long sequence, long block) {
    return new RedoAddress(1, sequence, block, 16);
  }

  static Positions.Held held(RedoAddress cursor, Optional<Scn> openScn, long floor) {
    ResumePoint open =
        openScn.map(scn -> new ResumePoint(Optional.of(scn), Map.of())).orElse(ResumePoint.NONE);
    return new Positions.Held(
        new TreeMap<>(Map.of(1, cursor)),
        open,
        List.of(),
        Scn.of(floor),
        a -> null,
        java.util.Set.of(),
        null,
        java.util.Set.of());
  }

  static List<StreamEvent> drain(EventQueue queue) throws InterruptedException {
    return queue.poll(Duration.ZERO);
  }

  @Test
  void heartbeatIfDue_behindTheLastQueuedEventIsNotSentAndALowerResumeScnIs() throws Exception {
    ManualClock clock = new ManualClock();
    EventQueue queue = new EventQueue(64);
    Publisher publisher = new Publisher(queue, PositionState.start(Scn.of(100)), clock, INTERVAL);

    clock.advance(INTERVAL);
    publisher.heartbeatIfDue(held(at(5, 30), Optional.empty(), 500));
    clock.advance(INTERVAL);
    publisher.heartbeatIfDue(
        held(at(5, 20), Optional.empty(), 500)); // a cursor behind the last one
    clock.advance(INTERVAL);
    // an open transaction whose redo has an older SCN (a late private strand): the SCN bound drops
    publisher.heartbeatIfDue(held(at(5, 40), Optional.of(Scn.of(450)), 500));

    List<StreamEvent> events = drain(queue);
    assertThat(events).hasSize(2).allMatch(e -> e instanceof StreamEvent.Heartbeat);
    StreamEvent.Heartbeat first = (StreamEvent.Heartbeat) events.get(0);
    StreamEvent.Heartbeat second = (StreamEvent.Heartbeat) events.get(1);
    assertThat(PositionState.of(first.position()).resume().get(1)).isEqualTo(at(5, 30));
    assertThat(PositionState.of(second.position()).resume().get(1)).isEqualTo(at(5, 40));
    assertThat(PositionState.of(second.position()).resumeScn()).isEqualTo(Scn.of(450));
    assertThat(second.time()).isEqualTo(first.time().plus(INTERVAL.multipliedBy(2)));
  }

  @Test
  void heartbeatIfDue_aClockSteppedBackSendsNothingUntilAnIntervalAfterTheLastOne()
      throws Exception {
    ManualClock clock = new ManualClock();
    EventQueue queue = new EventQueue(64);
    Publisher publisher = new Publisher(queue, PositionState.start(Scn.of(100)), clock, INTERVAL);
    clock.advance(INTERVAL);
    publisher.heartbeatIfDue(held(at(5, 10), Optional.empty(), 500));
    Instant sent = clock.instant();
    clock.advance(Duration.ofMinutes(5).negated());
    publisher.heartbeatIfDue(held(at(5, 11), Optional.empty(), 500));
    clock.set(sent.plus(INTERVAL));
    publisher.heartbeatIfDue(held(at(5, 12), Optional.empty(), 500));

    List<StreamEvent> events = drain(queue);
    assertThat(events)
        .extracting(e -> ((StreamEvent.Heartbeat) e).time())
        .containsExactly(sent, sent.plus(INTERVAL));
  }

  @Test
  void notBehind_comparesEveryPart() {
    CommitMark c1 = new CommitMark(Scn.of(600), at(5, 40));
    CommitMark c2 = new CommitMark(Scn.of(700), at(5, 50));
    PositionState p =
        PositionState.start(Scn.of(500))
            .withResume(Scn.of(500), Map.of(1, at(5, 30)))
            .withDelivered(c1, PositionState.WHOLE);
    assertThat(Publisher.notBehind(p, p)).isTrue();
    assertThat(Publisher.notBehind(p.withDelivered(c2, PositionState.WHOLE), p)).isTrue();
    assertThat(Publisher.notBehind(p.withDelivered(c1, 3), p))
        .as("inside the same commit")
        .isFalse();
    assertThat(Publisher.notBehind(p.withResume(Scn.of(499), p.resume()), p))
        .as("a lower SCN bound")
        .isTrue();
    assertThat(Publisher.notBehind(p.withResume(Scn.of(500), Map.of(1, at(5, 29))), p))
        .as("lower address")
        .isFalse();
    assertThat(Publisher.notBehind(p.withResume(Scn.of(500), Map.of()), p))
        .as("thread missing")
        .isFalse();
    assertThat(Publisher.notBehind(PositionState.start(Scn.of(900)), p))
        .as("no commit after one")
        .isFalse();
  }
}
