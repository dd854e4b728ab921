package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ManualClock;
import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.logminer.seam.StreamEvent.Heartbeat;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

/** Heartbeat records: their time is the task's and never goes backwards (issue 11, point 5). */
class ControlRecordsTest {

  @Test
  void heartbeat_usesTheTaskClockAndNeverGoesBackInTime() {
    ManualClock clock = new ManualClock(Instant.parse("2026-03-01T12:00:00Z"));
    ControlRecords control =
        new ControlRecords(
            TopicNames.of(CdcConfig.from(ShopScript.settings("jdbc:redoline:sim:x"))), true, clock);
    // the engine's clock (a simulator's here) is far in the past: the record says when the task
    // sent it
    Heartbeat hb = new Heartbeat(Position.start(Scn.of(5)), Instant.parse("2020-01-01T00:00:00Z"));
    SourceRecord first = control.heartbeat(hb);
    clock.advance(Duration.ofSeconds(-30)); // the host clock stepped back
    SourceRecord second = control.heartbeat(hb);
    clock.advance(Duration.ofSeconds(60));
    SourceRecord third = control.heartbeat(hb);

    assertThat(first.timestamp()).isEqualTo(Instant.parse("2026-03-01T12:00:00Z").toEpochMilli());
    assertThat(((Struct) first.value()).getInt64("ts_ms")).isEqualTo(first.timestamp());
    assertThat(second.timestamp()).as("not before the previous one").isEqualTo(first.timestamp());
    assertThat(third.timestamp()).isEqualTo(Instant.parse("2026-03-01T12:00:30Z").toEpochMilli());
    assertThat(((Struct) third.value()).getString("resume_scn")).isEqualTo("5");
  }
}
