package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class RedoAddressTest {

  @Test
  void parseRsId_realExample() {
    RedoAddress a = RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c ");
    assertThat(a).isEqualTo(new RedoAddress(1, 7, 100909, 156));
    assertThat(a.rsId()).isEqualTo(" 0x000007.00018a2d.009c ");
  }

  @Test
  void parseRsId_toleratesCaseWidthAndNoSpaces() {
    assertThat(RedoAddress.parseRsId(2, "0X7.18A2D.9C"))
        .isEqualTo(new RedoAddress(2, 7, 100909, 156));
  }

  @Test
  void parse_roundTripsToString() {
    RedoAddress a = new RedoAddress(3, 0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF);
    assertThat(a.toString()).isEqualTo("3:0xffffffff.ffffffff.ffff");
    assertThat(RedoAddress.parse(a.toString())).isEqualTo(a);
  }

  @Test
  void compareTo_ordersBySequenceThenBlockThenOffset() {
    RedoAddress a = new RedoAddress(1, 7, 100, 500);
    RedoAddress b = new RedoAddress(1, 7, 101, 0);
    RedoAddress c = new RedoAddress(1, 8, 0, 0);
    RedoAddress d = new RedoAddress(1, 7, 101, 16);
    List<RedoAddress> list = new ArrayList<>(List.of(c, d, b, a));
    Collections.sort(list);
    assertThat(list).containsExactly(a, b, d, c);
    assertThat(c.isAfter(d)).isTrue();
    assertThat(a.isAfter(a)).isFalse();
  }

  @Test
  void isAfter_rejectsOtherThread() {
    assertThatThrownBy(() -> new RedoAddress(1, 1, 1, 1).isAfter(new RedoAddress(2, 1, 1, 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Addresses of different threads have no redo order: 1:0x000001.00000001.0001 vs 2:0x000001.00000001.0001");
  }

  @Test
  void parseRsId_rejectsMalformedWithInput() {
    for (String bad :
        List.of(
            "",
            "000007.00018a2d.009c",
            "0x7.8",
            "0x7.8.9.1",
            "0xzz.1.1",
            "0x1.1.10000",
            "0x123456789.1.1")) {
      assertThatThrownBy(() -> RedoAddress.parseRsId(1, bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + bad + "'");
    }
  }

  @Test
  void parse_rejectsMissingThread() {
    assertThatThrownBy(() -> RedoAddress.parse("0x7.1.1")).hasMessageContaining("'0x7.1.1'");
    assertThatThrownBy(() -> RedoAddress.parse("x:0x7.1.1")).hasMessageContaining("'x:0x7.1.1'");
  }

  @Test
  void constructor_rejectsOutOfRange() {
    assertThatThrownBy(() -> new RedoAddress(-1, 0, 0, 0)).hasMessageContaining("-1");
    assertThatThrownBy(() -> new RedoAddress(1, 1L << 32, 0, 0)).hasMessageContaining("4294967296");
    assertThatThrownBy(() -> new RedoAddress(1, 0, 0, 65536)).hasMessageContaining("65536");
  }
}
