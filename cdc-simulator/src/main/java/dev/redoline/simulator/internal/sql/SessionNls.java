package dev.redoline.simulator.internal.sql;

import dev.redoline.core.internal.OracleNls;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The NLS settings and time zone of one simulated database session: what LogMiner uses to write the
 * date, time and number literals of SQL_REDO (docs/logminer.md#literals, requirement 20).
 *
 * <p>A session starts with {@link #ORACLE_DEFAULTS}; a client's {@code ALTER SESSION SET
 * NLS_DATE_FORMAT = '...' ... TIME_ZONE = '...'} changes it ({@code AlterSession}), and queries run
 * after it render their literals so:
 *
 * <pre>{@code
 * SessionNls german = SessionNls.ORACLE_DEFAULTS.withNumericCharacters(",.")
 *     .withTimeZone("Europe/Berlin");                 // '3,5' and LTZ values in Berlin time
 * }</pre>
 *
 * <p>The masks may use the format elements {@code SYYYY YYYY RRRR YY RR MM MON DD HH24 HH12 HH MI
 * SS FF FF1..FF9 X AM PM A.M. P.M. TZH TZM TZR}, the punctuation {@code - / , . ; :} and space, and
 * {@code "quoted text"}; {@code MON} and the meridian follow the case of the element ({@code MON}
 * gives {@code MAY}, {@code Mon} gives {@code May}). {@code X} is the decimal character of {@link
 * #numericCharacters}. The date mask takes no fractional or zone element and the timestamp mask no
 * zone element, as Oracle refuses them there. Anything else is refused when the record is made, as
 * Oracle's {@code ALTER SESSION} refuses it with ORA-01821.
 *
 * @param dateFormat {@code NLS_DATE_FORMAT}, also the mask written into {@code TO_DATE(...,
 *     'mask')}
 * @param timestampFormat {@code NLS_TIMESTAMP_FORMAT}: TIMESTAMP literals
 * @param timestampTzFormat {@code NLS_TIMESTAMP_TZ_FORMAT}: TIMESTAMP WITH (LOCAL) TIME ZONE
 *     literals
 * @param numericCharacters {@code NLS_NUMERIC_CHARACTERS}: the decimal character, then the group
 *     separator (which SQL_REDO never shows)
 * @param timeZone the session {@code TIME_ZONE}, as Oracle spells it: {@code '+hh:mm'}, {@code
 *     'hh:mm'}, {@code '-hh:mm'} or a region name such as {@code 'Europe/Berlin'}; TIMESTAMP WITH
 *     LOCAL TIME ZONE values are shown in it
 */
public record SessionNls(
    String dateFormat,
    String timestampFormat,
    String timestampTzFormat,
    String numericCharacters,
    String timeZone) {

  /** {@code [+|-]hh:mm}; declared before the constants, which need it to be built. */
  private static final Pattern OFFSET = Pattern.compile("([+-]?)(\\d{1,2}):(\\d{2})");

  /**
   * The settings Redoline's JDBC gateway sets by ALTER SESSION on every connection ({@link
   * OracleNls}), the text the decoder reads: {@code TO_DATE(' 2020-02-01 00:00:00', 'SYYYY-MM-DD
   * HH24:MI:SS')}, {@code TO_TIMESTAMP('2019-02-01 00:00:00.123000000')}, UTC.
   */
  public static final SessionNls GATEWAY =
      new SessionNls(
          OracleNls.DATE_FORMAT,
          OracleNls.TIMESTAMP_FORMAT,
          OracleNls.TIMESTAMP_TZ_FORMAT,
          OracleNls.NUMERIC_CHARACTERS,
          OracleNls.TIME_ZONE);

  /**
   * Oracle's own defaults for {@code NLS_TERRITORY=AMERICA}, what a session has before any {@code
   * ALTER SESSION}: {@code TO_DATE('15-MAY-21', 'DD-MON-RR')}, {@code TO_TIMESTAMP('01-FEB-20
   * 12.00.00.000000 AM')}. Oracle takes the default TIME_ZONE from the client's operating system;
   * this constant says {@code 00:00} so that it does not depend on the machine.
   */
  public static final SessionNls ORACLE_DEFAULTS =
      new SessionNls(
          "DD-MON-RR", "DD-MON-RR HH.MI.SSXFF AM", "DD-MON-RR HH.MI.SSXFF AM TZR", ".,", "00:00");

  /**
   * Checks every setting.
   *
   * @throws IllegalArgumentException naming the setting and its value when a mask has an element
   *     the simulator does not render, the numeric characters are not two distinct allowed
   *     characters, or the time zone is neither an offset nor a known region
   */
  public SessionNls {
    requireNonNull(dateFormat, "dateFormat");
    requireNonNull(timestampFormat, "timestampFormat");
    requireNonNull(timestampTzFormat, "timestampTzFormat");
    requireNonNull(numericCharacters, "numericCharacters");
    requireNonNull(timeZone, "timeZone");
    LiteralDateMask.compile("NLS_DATE_FORMAT", dateFormat, LiteralDateMask.Role.DATE);
    LiteralDateMask.compile(
        "NLS_TIMESTAMP_FORMAT", timestampFormat, LiteralDateMask.Role.TIMESTAMP);
    LiteralDateMask.compile(
        "NLS_TIMESTAMP_TZ_FORMAT", timestampTzFormat, LiteralDateMask.Role.TIMESTAMP_TZ);
    checkNumericCharacters(numericCharacters);
    zoneOf(timeZone);
  }

  /** The decimal character: the first of {@link #numericCharacters}. */
  public char decimalCharacter() {
    return numericCharacters.charAt(0);
  }

  /** {@link #timeZone} as a Java zone: a {@link ZoneOffset} for an offset, else the region. */
  public ZoneId zone() {
    return zoneOf(timeZone);
  }

  /** The same settings with another {@code NLS_DATE_FORMAT}. */
  public SessionNls withDateFormat(String value) {
    return new SessionNls(value, timestampFormat, timestampTzFormat, numericCharacters, timeZone);
  }

  /** The same settings with another {@code NLS_TIMESTAMP_FORMAT}. */
  public SessionNls withTimestampFormat(String value) {
    return new SessionNls(dateFormat, value, timestampTzFormat, numericCharacters, timeZone);
  }

  /** The same settings with another {@code NLS_TIMESTAMP_TZ_FORMAT}. */
  public SessionNls withTimestampTzFormat(String value) {
    return new SessionNls(dateFormat, timestampFormat, value, numericCharacters, timeZone);
  }

  /** The same settings with other {@code NLS_NUMERIC_CHARACTERS}, for example {@code ",."}. */
  public SessionNls withNumericCharacters(String value) {
    return new SessionNls(dateFormat, timestampFormat, timestampTzFormat, value, timeZone);
  }

  /** The same settings with another session {@code TIME_ZONE}, for example {@code "-05:00"}. */
  public SessionNls withTimeZone(String value) {
    return new SessionNls(dateFormat, timestampFormat, timestampTzFormat, numericCharacters, value);
  }

  /**
   * Oracle's rule (ORA-12705 otherwise): two different characters, no digit, no {@code + - < >}.
   */
  private static void checkNumericCharacters(String value) {
    boolean ok = value.length() == 2 && value.charAt(0) != value.charAt(1);
    for (int i = 0; ok && i < 2; i++) {
      char c = value.charAt(i);
      ok = !Character.isDigit(c) && "+-<>".indexOf(c) < 0;
    }
    if (!ok) {
      throw new IllegalArgumentException(
          "NLS_NUMERIC_CHARACTERS '"
              + value
              + "' must be two different "
              + "characters, neither a digit nor one of + - < > (decimal character, then group separator)");
    }
  }

  private static ZoneId zoneOf(String value) {
    Matcher m = OFFSET.matcher(value);
    try {
      if (m.matches()) {
        int hours = Integer.parseInt(m.group(2));
        int minutes = Integer.parseInt(m.group(3));
        return m.group(1).equals("-")
            ? ZoneOffset.ofHoursMinutes(-hours, -minutes)
            : ZoneOffset.ofHoursMinutes(hours, minutes);
      }
      if (value.isEmpty() || value.charAt(0) == '+' || value.charAt(0) == '-') {
        throw new DateTimeException("not an offset");
      }
      return ZoneId.of(value);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          "TIME_ZONE '"
              + value
              + "' is neither an offset like '+02:00' "
              + "nor a known time zone region like 'Europe/Berlin'",
          e);
    }
  }

  private static void requireNonNull(Object value, String name) {
    if (value == null) {
      throw new NullPointerException(name + " == null");
    }
  }
}
