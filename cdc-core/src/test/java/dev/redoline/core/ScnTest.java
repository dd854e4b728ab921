package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScnTest {

  @Test
  void parse_maxValueOfCurrentLog() {
    Scn max = Scn.parse("18446744073709551615");
    assertThat(max).isEqualTo(Scn.MAX);
    assertThat(max.toString()).isEqualTo("18446744073709551615");
    assertThat(max.bits()).isEqualTo(-1L);
  }

  @Test
  void compareTo_isUnsignedAboveLongMax() {
    Scn belowSignBit = Scn.of(Long.MAX_VALUE);
    Scn aboveSignBit = Scn.parse("9223372036854775808");
    assertThat(aboveSignBit).isGreaterThan(belowSignBit);
    assertThat(Scn.MAX).isGreaterThan(aboveSignBit);
    assertThat(Scn.ZERO).isLessThan(Scn.of(1));
  }

  @Test
  void sort_ordersUnsigned() {
    List<Scn> scns =
        new ArrayList<>(List.of(Scn.MAX, Scn.of(5), Scn.parse("9223372036854775809"), Scn.ZERO));
    Collections.sort(scns);
    assertThat(scns)
        .containsExactly(Scn.ZERO, Scn.of(5), Scn.parse("9223372036854775809"), Scn.MAX);
  }

  @Test
  void parse_roundTripsText() {
    for (String text :
        List.of(
            "0",
            "1",
            "2161573",
            "9223372036854775807",
            "9223372036854775808",
            "18446744073709551614",
            "18446744073709551615")) {
      assertThat(Scn.parse(text).toString()).isEqualTo(text);
    }
  }

  @Test
  void parse_rejectsMalformedWithInput() {
    for (String bad : List.of("", " ", "-1", "+5", "12a", "18446744073709551616", "1.5")) {
      assertThatThrownBy(() -> Scn.parse(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'" + bad + "'");
    }
  }

  @Test
  void of_rejectsNegative() {
    assertThatThrownBy(() -> Scn.of(-3)).hasMessageContaining("-3");
  }

  @Test
  void plus_failsInsteadOfWrapping() {
    assertThat(Scn.parse("18446744073709551614").plus(1)).isEqualTo(Scn.MAX);
    assertThatThrownBy(() -> Scn.MAX.plus(1)).isInstanceOf(ArithmeticException.class);
    assertThatThrownBy(() -> Scn.ZERO.minus(1)).isInstanceOf(ArithmeticException.class);
    assertThat(Scn.of(10).minus(3)).isEqualTo(Scn.of(7));
    assertThat(Scn.of(10).plus(-3)).isEqualTo(Scn.of(7));
  }

  @Test
  void minMax_andBeforeAfter() {
    assertThat(Scn.min(Scn.MAX, Scn.of(3))).isEqualTo(Scn.of(3));
    assertThat(Scn.max(Scn.MAX, Scn.of(3))).isEqualTo(Scn.MAX);
    assertThat(Scn.of(3).isBefore(Scn.MAX)).isTrue();
    assertThat(Scn.MAX.isAfter(Scn.of(3))).isTrue();
    assertThat(Scn.of(3).isAfter(Scn.of(3))).isFalse();
  }
}
