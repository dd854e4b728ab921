package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LiteralDateMaskTest {

  private static final LocalDateTime AFTERNOON =
      LocalDateTime.of(2021, 5, 15, 13, 45, 30, 987_654_321);

  @Test
  void mask_textElementsFollowTheirSpelling() {
    assertThat(format("DD-MON-YYYY", AFTERNOON)).isEqualTo("15-MAY-2021");
    assertThat(format("DD-Mon-YYYY", AFTERNOON)).isEqualTo("15-May-2021");
    assertThat(format("dd-mon-yyyy hh:mi:ss am", AFTERNOON)).isEqualTo("15-may-2021 01:45:30 pm");
    assertThat(format("HH12 A.M.", AFTERNOON)).isEqualTo("01 P.M.");
    assertThat(format("HH PM", AFTERNOON.withHour(9))).isEqualTo("09 AM");
    assertThat(format("HH24 HH", AFTERNOON.withHour(0))).isEqualTo("00 12");
  }

  @Test
  void mask_yearElementsAndFractions() {
    assertThat(format("YYYY RRRR YY RR", LocalDateTime.of(1999, 1, 1, 0, 0)))
        .isEqualTo("1999 1999 99 99");
    assertThat(format("YYYY/MM/DD;MI,SS", LocalDateTime.of(5, 3, 7, 0, 4, 6)))
        .isEqualTo("0005/03/07;04,06");
  }

  @Test
  void mask_fractionDigitsAreCutNotRounded() {
    LiteralDateMask m =
        LiteralDateMask.compile(
            "NLS_TIMESTAMP_FORMAT", "SSXFF SS.FF1 FF9", LiteralDateMask.Role.TIMESTAMP);
    assertThat(m.format(AFTERNOON, 3, null, null, ',')).isEqualTo("30,987 30.9 987654321");
  }

  @Test
  void mask_zoneElements() {
    LiteralDateMask m =
        LiteralDateMask.compile(
            "NLS_TIMESTAMP_TZ_FORMAT", "TZH TZM TZR tzr", LiteralDateMask.Role.TIMESTAMP_TZ);
    assertThat(m.format(AFTERNOON, 6, ZoneOffset.ofHoursMinutes(-3, -30), null, '.'))
        .isEqualTo("-03 30 -03:30 -03:30");
    assertThat(m.format(AFTERNOON, 6, ZoneOffset.ofHours(2), "Europe/Paris", '.'))
        .isEqualTo("+02 00 EUROPE/PARIS europe/paris");
  }

  @Test
  void mask_yearOutsideRange_isRefusedNamingTheMask() {
    assertThatThrownBy(() -> format("DD-MON-RR", LocalDateTime.of(10_000, 1, 1, 0, 0)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Year 10000 cannot be written with the mask DD-MON-RR (Oracle's years are 4712 BC, ISO -4711, "
                + "to 9999)");
  }

  @Test
  void mask_syyyy_signsBcYearsAndBlanksAd_yyyyDropsTheSign() {
    LocalDateTime bc = LocalDateTime.of(-4711, 1, 1, 0, 0); // 4712 BC, Oracle's first year
    assertThat(format("SYYYY-MM-DD", bc)).isEqualTo("-4712-01-01");
    assertThat(format("syyyy YYYY RRRR YY", bc)).isEqualTo("-4712 4712 4712 12");
    assertThat(format("SYYYY-MM-DD", LocalDateTime.of(-1, 6, 1, 0, 0))).isEqualTo("-0002-06-01");
    assertThat(format("SYYYY-MM-DD", LocalDateTime.of(0, 6, 1, 0, 0))).isEqualTo(" 0000-06-01");
    assertThat(format("SYYYY-MM-DD", LocalDateTime.of(2021, 5, 15, 0, 0))).isEqualTo(" 2021-05-15");
  }

  private static String format(String mask, LocalDateTime t) {
    return LiteralDateMask.compile("NLS_DATE_FORMAT", mask, LiteralDateMask.Role.DATE)
        .format(t, 0, null, null, '.');
  }
}
