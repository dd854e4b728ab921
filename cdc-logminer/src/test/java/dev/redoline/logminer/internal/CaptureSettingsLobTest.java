package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcConfig;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The stream threshold the capture uses: the lower of its own key and the buffer's memory budget.
 */
class CaptureSettingsLobTest {

  private static long threshold(String threshold, String budget) {
    Map<String, String> map = new HashMap<>();
    map.put("cdc.database.url", "jdbc:redoline:sim:test");
    map.put("cdc.tables.include", "SHOP.*");
    if (threshold != null) {
      map.put("cdc.lob.stream.threshold.bytes", threshold);
    }
    map.put("cdc.buffer.memory.max.bytes", budget);
    return CaptureSettings.of(CdcConfig.from(map)).lobStreamThresholdBytes();
  }

  @Test
  void aLobLargerThanTheMemoryBudget_alwaysStreams() {
    assertThat(threshold(null, Long.toString(256L << 20))).isEqualTo(1L << 20);
    assertThat(threshold(null, "65536")).isEqualTo(65536);
    assertThat(threshold("1000", "65536")).isEqualTo(1000);
    assertThat(threshold("0", "65536")).isZero();
  }
}
