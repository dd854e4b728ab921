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
  void rsId_isZeroPaddedHexOfEveryWidth_andParsesBack() {
    java.util.Random random = new java.util.Random(24);
    List<RedoAddress> addresses =
        new ArrayList<>(
            List.of(
                new RedoAddress(1, 0, 0, 0),
                new RedoAddress(1, 0xFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF),
                new RedoAddress(1, 0x100_0000L, 1, 1),
                new RedoAddress(1, 0xFFFF_FFFFL, 0xFFFF_FFFFL, 0xFFFF)));
    for (int i = 0; i < 1_000; i++) {
      addresses.add(
          new RedoAddress(
              1,
              random.nextInt(3) == 0 ? random.nextLong() & 0xFFFF_FFFFL : random.nextInt(1 << 24),
              random.nextLong() & 0xFFFF_FFFFL,
              random.nextInt(1 << 16)));
    }
    for (RedoAddress a : addresses) {
      String expected =
          String.format(
              " 0x%06x.%08x.%04x ", a.sequence(), a.block(), a.offset()); // the slow, plain form
      assertThat(a.rsId()).isEqualTo(expected);
      assertThat(RedoAddress.parseRsId(1, a.rsId())).isEqualTo(a);
      assertThat(
              RedoAddress.parseRsId(
                  1, "\t" + a.rsId().trim().toUpperCase(java.util.Locale.ROOT) + "  \n"))
          .isEqualTo(a);
    }
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
            "0x123456789.1.1",
            " 0x",
            " 0x1.2. ",
            " 0x1..2 ",
            "0x1.2.3 .4",
            "0y1.2.3",
            "   ")) {
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
