package dev.redoline.simulator.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.internal.OracleNls;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class SessionNlsTest {

  @Test
  void gateway_isOracleNls() {
    assertThat(SessionNls.GATEWAY)
        .isEqualTo(
            new SessionNls(
                OracleNls.DATE_FORMAT,
                OracleNls.TIMESTAMP_FORMAT,
                OracleNls.TIMESTAMP_TZ_FORMAT,
                OracleNls.NUMERIC_CHARACTERS,
                OracleNls.TIME_ZONE));
    assertThat(SessionNls.GATEWAY.zone()).isEqualTo(ZoneOffset.UTC);
    assertThat(SessionNls.GATEWAY.decimalCharacter()).isEqualTo('.');
  }

  @Test
  void oracleDefaults_areTerritoryAmericaMasks() {
    assertThat(SessionNls.ORACLE_DEFAULTS.dateFormat()).isEqualTo("DD-MON-RR");
    assertThat(SessionNls.ORACLE_DEFAULTS.timestampFormat()).isEqualTo("DD-MON-RR HH.MI.SSXFF AM");
    assertThat(SessionNls.ORACLE_DEFAULTS.timestampTzFormat())
        .isEqualTo("DD-MON-RR HH.MI.SSXFF AM TZR");
    assertThat(SessionNls.ORACLE_DEFAULTS.numericCharacters()).isEqualTo(".,");
  }

  @Test
  void zone_offsetsAndRegions() {
    assertThat(SessionNls.GATEWAY.withTimeZone("+02:00").zone()).isEqualTo(ZoneOffset.ofHours(2));
    assertThat(SessionNls.GATEWAY.withTimeZone("-05:30").zone())
        .isEqualTo(ZoneOffset.ofHoursMinutes(-5, -30));
    assertThat(SessionNls.GATEWAY.withTimeZone("7:00").zone()).isEqualTo(ZoneOffset.ofHours(7));
    assertThat(SessionNls.GATEWAY.withTimeZone("Europe/Berlin").zone())
        .isEqualTo(ZoneId.of("Europe/Berlin"));
  }

  @Test
  void withers_changeOneSettingOnly() {
    SessionNls n =
        SessionNls.GATEWAY
            .withNumericCharacters(",.")
            .withDateFormat("DD.MM.RR")
            .withTimestampFormat("DD.MM.RR HH24:MI:SSXFF")
            .withTimestampTzFormat("DD.MM.RR HH24:MI:SSXFF TZR")
            .withTimeZone("Europe/Berlin");
    assertThat(n)
        .isEqualTo(
            new SessionNls(
                "DD.MM.RR",
                "DD.MM.RR HH24:MI:SSXFF",
                "DD.MM.RR HH24:MI:SSXFF TZR",
                ",.",
                "Europe/Berlin"));
    assertThat(n.decimalCharacter()).isEqualTo(',');
  }

  @Test
  void constructor_unknownElement_isRefusedNamingSettingAndPosition() {
    assertThatThrownBy(() -> SessionNls.GATEWAY.withDateFormat("YYYY-MM-DD Q"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "NLS_DATE_FORMAT 'YYYY-MM-DD Q' has no format element the simulator renders at position 12 "
                + "('Q'); Oracle would refuse it with ORA-01821");
    assertThatThrownBy(() -> SessionNls.GATEWAY.withTimestampFormat("YYYY \"open"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "NLS_TIMESTAMP_FORMAT 'YYYY \"open' has an unclosed \" at position 6");
  }

  @Test
  void constructor_elementsOutOfPlace_areRefused() {
    assertThatThrownBy(() -> SessionNls.GATEWAY.withDateFormat("YYYY-MM-DD HH24:MI:SS.FF3"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "NLS_DATE_FORMAT 'YYYY-MM-DD HH24:MI:SS.FF3' has the element FF3, which only a "
                + "timestamp format may hold at position 23");
    assertThatThrownBy(() -> SessionNls.GATEWAY.withTimestampFormat("YYYY-MM-DD HH24:MI:SS TZH"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(
            "NLS_TIMESTAMP_FORMAT 'YYYY-MM-DD HH24:MI:SS TZH' has the element TZH, which only a "
                + "NLS_TIMESTAMP_TZ_FORMAT may hold");
  }

  @Test
  void constructor_badNumericCharacters_areRefused() {
    for (String bad : new String[] {",", ",,", "1,", ".+", ",.;"}) {
      assertThatThrownBy(() -> SessionNls.GATEWAY.withNumericCharacters(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "NLS_NUMERIC_CHARACTERS '"
                  + bad
                  + "' must be two different characters, neither a digit nor "
                  + "one of + - < > (decimal character, then group separator)");
    }
    assertThat(SessionNls.GATEWAY.withNumericCharacters(", ").decimalCharacter()).isEqualTo(',');
  }

  @Test
  void constructor_badTimeZone_isRefused() {
    for (String bad : new String[] {"Mars/Olympus", "+25:00", "", "+Europe/Paris"}) {
      assertThatThrownBy(() -> SessionNls.GATEWAY.withTimeZone(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "TIME_ZONE '"
                  + bad
                  + "' is neither an offset like '+02:00' nor a known time zone region "
                  + "like 'Europe/Berlin'");
    }
  }

  @Test
  void constructor_null_isRefusedByName() {
    assertThatThrownBy(() -> new SessionNls(null, "FF", "TZH", ".,", "00:00"))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("dateFormat == null");
    assertThatThrownBy(() -> SessionNls.GATEWAY.withTimeZone(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("timeZone == null");
  }
}
