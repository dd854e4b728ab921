package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.buffer.internal.OrphanEvent;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import dev.redoline.logminer.OpsEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The buffer's orphan listener: each dropped transaction reported at once and handed on once. */
class OrphansTest {

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2024-02-14T10:00:00Z"), ZoneOffset.UTC);

  private static OrphanEvent orphan(Xid xid) {
    return new OrphanEvent(
        xid, Scn.of(100), 3, RedoAddress.start(1), RedoAddress.start(1), Scn.of(200));
  }

  @Test
  void droppedTransactions_reportedAtOnce_handedOnOnceAfterTheStep() {
    List<OpsEvent> events = new ArrayList<>();
    Orphans orphans = new Orphans(Duration.ofMinutes(1), List.of(), CLOCK, events::add);
    Xid first = new Xid(1, 2, 3);
    Xid second = new Xid(4, 5, 6);

    orphans.accept(orphan(first));
    orphans.accept(orphan(second));

    assertThat(events)
        .extracting(OpsEvent::type)
        .containsExactly(OpsEvent.Type.ORPHAN, OpsEvent.Type.ORPHAN);
    assertThat(events.get(0).message()).contains(first.toString()).contains("3 changes");
    List<Xid> forgotten = new ArrayList<>();
    orphans.forgetDropped(forgotten::add);
    assertThat(forgotten).containsExactly(first, second);
    forgotten.clear();
    orphans.forgetDropped(forgotten::add);
    assertThat(forgotten).isEmpty();
  }
}
