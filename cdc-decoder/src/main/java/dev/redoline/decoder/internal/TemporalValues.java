package dev.redoline.decoder.internal;

import dev.redoline.core.internal.OracleNls;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * DATE, TIMESTAMP, TIMESTAMP WITH (LOCAL) TIME ZONE and INTERVAL literals in the session formats of
 * {@link OracleNls}, read field by field from the text.
 *
 * <p>Tolerated beyond the exact NLS form: 0 to 9 fractional digits and a trailing dot ({@code
 * '2020-02-01 00:00:00.'}), a missing time part, {@code T} between date and time, year 0, a region
 * name ({@code Europe/Paris}) instead of an offset, {@code Z} for UTC, and any number of day digits
 * in intervals.
 *
 * <p>BC years: under the {@code YYYY} masks Oracle prints a BC year without a sign, so such a date
 * cannot be told from the AD one (docs/record-format.md, "BC dates"). Under {@code SYYYY} masks it
 * prints {@code -} before a BC year and, for AD years, a blank (or nothing); both are read, with
 * either mask in {@code TO_DATE}. {@code -n} is BC year n, ISO year {@code 1 - n}. A leading blank
 * keeps the fast path.
 *
 * <h2>Implementation notes</h2>
 *
 * Past 400 lines because it is the decoder's hot path for date-times: the exact NLS form is read by
 * fixed offsets ({@code fixedLocal}) without a {@code DateTimeFormatter} or substring, and only
 * text that misses the fixed form falls to the tolerant field-by-field parse. Both read the same
 * fields and share the digit helpers, so they stay in one class.
 */
final class TemporalValues {

  private TemporalValues() {}

  /** The fields of one date-time text; one instance per call. */
  private static final class Parsed {
    int year;
    int month;
    int day;
    int hour;
    int minute;
    int second;
    int nanos;

    /** Where the text after the date-time starts. */
    int rest;
  }

  static LocalDateTime localDateTime(String text, int start, int end, String what) {
    int from = afterSignBlank(text, start, end);
    if (fixedLength(text, from, end) == end - from) {
      return fixedLocal(text, from, end - from, end, what);
    }
    Parsed p = parse(text, start, end, what);
    if (skipBlanks(text, p.rest, end) != end) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end) + " is not a " + what + " value");
    }
    return toLocal(p, text, start, end, what);
  }

  /**
   * The session's date mask with the other year element: {@code YYYY} for {@code SYYYY} and back.
   */
  private static final String OTHER_YEAR_DATE_FORMAT =
      OracleNls.DATE_FORMAT.startsWith("S")
          ? OracleNls.DATE_FORMAT.substring(1)
          : "S" + OracleNls.DATE_FORMAT;

  /**
   * {@code TO_DATE}'s mask must be the session's, or the text means something else; the mask with
   * {@code SYYYY} for {@code YYYY} (or back) is accepted too, so redo mined before and after a
   * change of the gateway's mask both decode.
   */
  static void requireDateMask(String text, int maskStart, int maskEnd) {
    if (maskStart < 0) {
      return;
    }
    if (!isMask(text, maskStart, maskEnd, OracleNls.DATE_FORMAT)
        && !isMask(text, maskStart, maskEnd, OTHER_YEAR_DATE_FORMAT)) {
      throw ScanFailure.value(
          "TO_DATE format "
              + NumberValues.quote(text, maskStart, maskEnd)
              + " is not the session NLS_DATE_FORMAT '"
              + OracleNls.DATE_FORMAT
              + "' (or '"
              + OTHER_YEAR_DATE_FORMAT
              + "')");
    }
  }

  private static boolean isMask(String text, int maskStart, int maskEnd, String mask) {
    // LogMiner prints the mask in upper case: an exact comparison first, case folding only if that
    // fails
    return maskEnd - maskStart == mask.length()
        && (text.startsWith(mask, maskStart)
            || text.regionMatches(true, maskStart, mask, 0, mask.length()));
  }

  /** Past the blank {@code SYYYY} writes before an AD year, or {@code start}. */
  private static int afterSignBlank(String text, int start, int end) {
    return start < end && text.charAt(start) == ' ' ? start + 1 : start;
  }

  /** An OffsetDateTime for a numeric offset, a ZonedDateTime for a region name. */
  static Object zoned(String text, int start, int end) {
    int from = afterSignBlank(text, start, end);
    int fixed = fixedLength(text, from, end);
    LocalDateTime local;
    int rest;
    if (fixed > 0) {
      local = fixedLocal(text, from, fixed, end, "TIMESTAMP WITH TIME ZONE");
      rest = from + fixed;
    } else {
      Parsed p = parse(text, start, end, "TIMESTAMP WITH TIME ZONE");
      local = toLocal(p, text, start, end, "TIMESTAMP WITH TIME ZONE");
      rest = p.rest;
    }
    int i = skipBlanks(text, rest, end);
    if (i == end) {
      throw ScanFailure.value(NumberValues.quote(text, start, end) + " has no time zone");
    }
    char c = text.charAt(i);
    try {
      if (c == '+' || c == '-') {
        return OffsetDateTime.of(local, offset(text, i, end));
      }
      if ((c == 'Z' || c == 'z') && skipBlanks(text, i + 1, end) == end) {
        return OffsetDateTime.of(local, ZoneOffset.UTC);
      }
      int regionEnd = i;
      while (regionEnd < end && text.charAt(regionEnd) != ' ') {
        regionEnd++;
      }
      // a trailing abbreviation (TZD, e.g. "CET") is informative only
      return ZonedDateTime.of(local, ZoneId.of(text.substring(i, regionEnd)));
    } catch (DateTimeException e) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end) + " has a time zone Java does not know");
    }
  }

  /** A WITH LOCAL TIME ZONE value: the session zone is UTC, so a text without a zone is UTC. */
  static java.time.Instant instant(String text, int start, int end) {
    Parsed p = parse(text, start, end, "TIMESTAMP WITH LOCAL TIME ZONE");
    if (skipBlanks(text, p.rest, end) == end) {
      return toLocal(p, text, start, end, "TIMESTAMP WITH LOCAL TIME ZONE")
          .toInstant(ZoneOffset.UTC);
    }
    Object zoned = zoned(text, start, end);
    return zoned instanceof OffsetDateTime o ? o.toInstant() : ((ZonedDateTime) zoned).toInstant();
  }

  private static ZoneOffset offset(String text, int i, int end) {
    int sign = text.charAt(i) == '-' ? -1 : 1;
    int j = i + 1;
    int hoursEnd = digitsEnd(text, j, end);
    int hours = number(text, j, hoursEnd);
    int minutes = 0;
    j = hoursEnd;
    if (j < end && text.charAt(j) == ':') {
      int minutesEnd = digitsEnd(text, j + 1, end);
      minutes = number(text, j + 1, minutesEnd);
      j = minutesEnd;
    }
    if (hours < 0 || minutes < 0 || skipBlanks(text, j, end) != end) {
      throw new DateTimeException("bad offset");
    }
    return ZoneOffset.ofHoursMinutes(sign * hours, sign * minutes);
  }

  /** {@code TO_YMINTERVAL('-03-06')}: sign, years, months. */
  static Period yearMonth(String text, int start, int end) {
    int i = skipBlanks(text, start, end);
    int sign = 1;
    if (i < end && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
      sign = text.charAt(i) == '-' ? -1 : 1;
      i++;
    }
    int yearsEnd = digitsEnd(text, i, end);
    int years = number(text, i, yearsEnd);
    int months =
        yearsEnd < end && text.charAt(yearsEnd) == '-'
            ? number(text, yearsEnd + 1, digitsEnd(text, yearsEnd + 1, end))
            : -1;
    int after = months < 0 ? end : skipBlanks(text, digitsEnd(text, yearsEnd + 1, end), end);
    if (years < 0 || months < 0 || after != end) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end) + " is not an INTERVAL YEAR TO MONTH value");
    }
    return Period.of(sign * years, sign * months, 0);
  }

  /** {@code TO_DSINTERVAL('-001 02:03:04.56')}: sign, days, then a time of day with fraction. */
  static Duration daySecond(String text, int start, int end) {
    int i = skipBlanks(text, start, end);
    long sign = 1;
    if (i < end && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
      sign = text.charAt(i) == '-' ? -1 : 1;
      i++;
    }
    int daysEnd = digitsEnd(text, i, end);
    long days = daysEnd - i > 9 ? -1 : number(text, i, daysEnd);
    Parsed p = new Parsed();
    int after = daysEnd < end && text.charAt(daysEnd) == ' ' ? time(text, daysEnd + 1, end, p) : -1;
    if (days < 0
        || after < 0
        || skipBlanks(text, after, end) != end
        || p.hour > 23
        || p.minute > 59
        || p.second > 59) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end) + " is not an INTERVAL DAY TO SECOND value");
    }
    long seconds = days * 86_400 + p.hour * 3_600L + p.minute * 60L + p.second;
    return Duration.ofSeconds(sign * seconds, sign * p.nanos);
  }

  private static LocalDateTime toLocal(Parsed p, String text, int start, int end, String what) {
    try {
      return LocalDateTime.of(p.year, p.month, p.day, p.hour, p.minute, p.second, p.nanos);
    } catch (DateTimeException e) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end)
              + " is not a valid "
              + what
              + " ("
              + e.getMessage()
              + ")");
    }
  }

  /** Offsets in the session form {@code YYYY-MM-DD HH24:MI:SS.FF} of a date-time. */
  private static final int MONTH = 5;

  private static final int DAY = 8;
  private static final int HOUR = 11;
  private static final int MINUTE = 14;
  private static final int SECOND = 17;
  private static final int FRACTION = 20;

  /**
   * The length of the date-time at {@code start} when it has exactly the session form ({@code
   * YYYY-MM-DD HH24:MI:SS} and an optional {@code .} with up to 9 digits), which LogMiner always
   * prints; -1 for any other form, which {@link #parse} reads.
   */
  private static int fixedLength(String text, int start, int end) {
    if (end - start < SECOND + 2
        || !digits(text, start, 4)
        || text.charAt(start + 4) != '-'
        || !digits(text, start + MONTH, 2)
        || text.charAt(start + MONTH + 2) != '-'
        || !digits(text, start + DAY, 2)
        || text.charAt(start + DAY + 2) != ' '
        || !digits(text, start + HOUR, 2)
        || text.charAt(start + HOUR + 2) != ':'
        || !digits(text, start + MINUTE, 2)
        || text.charAt(start + MINUTE + 2) != ':'
        || !digits(text, start + SECOND, 2)) {
      return -1;
    }
    int i = start + SECOND + 2;
    if (i == end) {
      return i - start;
    }
    if (text.charAt(i) != '.') {
      return isDigit(text.charAt(i)) ? -1 : i - start; // a third seconds digit: let parse decide
    }
    int fractionEnd = digitsEnd(text, i + 1, end);
    return fractionEnd - i - 1 > 9 ? -1 : fractionEnd - start;
  }

  /** The date-time of {@code text[start, start + n)}, which {@link #fixedLength} accepted. */
  private static LocalDateTime fixedLocal(String text, int start, int n, int end, String what) {
    int nanos = 0;
    if (n > FRACTION) {
      nanos = number(text, start + FRACTION, start + n);
      for (int k = n - FRACTION; k < 9; k++) {
        nanos *= 10;
      }
    }
    try {
      return LocalDateTime.of(
          number(text, start, start + 4),
          number(text, start + MONTH, start + MONTH + 2),
          number(text, start + DAY, start + DAY + 2),
          number(text, start + HOUR, start + HOUR + 2),
          number(text, start + MINUTE, start + MINUTE + 2),
          number(text, start + SECOND, start + SECOND + 2),
          nanos);
    } catch (DateTimeException e) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end)
              + " is not a valid "
              + what
              + " ("
              + e.getMessage()
              + ")");
    }
  }

  private static boolean digits(String text, int from, int n) {
    for (int i = from; i < from + n; i++) {
      if (!isDigit(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /** {@code [-|+]YYYY-MM-DD[( |T)HH24:MI:SS[.F{0,9}]]}, blanks first. */
  private static Parsed parse(String text, int start, int end, String what) {
    Parsed p = new Parsed();
    int i = skipBlanks(text, start, end);
    boolean bc = i < end && text.charAt(i) == '-';
    if (bc || (i < end && text.charAt(i) == '+')) {
      i++;
    }
    int yearEnd = digitsEnd(text, i, end);
    int monthEnd =
        yearEnd < end && text.charAt(yearEnd) == '-' ? digitsEnd(text, yearEnd + 1, end) : -1;
    int dayEnd =
        monthEnd > 0 && monthEnd < end && text.charAt(monthEnd) == '-'
            ? digitsEnd(text, monthEnd + 1, end)
            : -1;
    if (dayEnd < 0 || yearEnd - i > 5) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end) + " is not a " + what + " value");
    }
    p.year = number(text, i, yearEnd);
    if (p.year < 0) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end) + " is not a " + what + " value");
    }
    // Oracle has no year 0 on its own calendar, but the text shows one; BC year n is ISO year 1 - n
    p.year = bc ? 1 - p.year : p.year;
    p.month = number(text, yearEnd + 1, monthEnd);
    p.day = number(text, monthEnd + 1, dayEnd);
    p.rest = dayEnd;
    if (dayEnd < end
        && (text.charAt(dayEnd) == ' ' || text.charAt(dayEnd) == 'T')
        && dayEnd + 1 < end
        && isDigit(text.charAt(dayEnd + 1))) {
      int after = time(text, dayEnd + 1, end, p);
      if (after < 0) {
        throw ScanFailure.value(
            NumberValues.quote(text, start, end) + " is not a " + what + " value");
      }
      p.rest = after;
    }
    if (p.month < 0 || p.day < 0) {
      throw ScanFailure.value(
          NumberValues.quote(text, start, end) + " is not a " + what + " value");
    }
    return p;
  }

  /** {@code HH:MI:SS[.F{0,9}]} into p; returns the index after it, or -1. */
  private static int time(String text, int i, int end, Parsed p) {
    int hourEnd = digitsEnd(text, i, end);
    if (hourEnd >= end || text.charAt(hourEnd) != ':') {
      return -1;
    }
    int minuteEnd = digitsEnd(text, hourEnd + 1, end);
    if (minuteEnd >= end || text.charAt(minuteEnd) != ':') {
      return -1;
    }
    int secondEnd = digitsEnd(text, minuteEnd + 1, end);
    p.hour = number(text, i, hourEnd);
    p.minute = number(text, hourEnd + 1, minuteEnd);
    p.second = number(text, minuteEnd + 1, secondEnd);
    if (p.hour < 0 || p.minute < 0 || p.second < 0) {
      return -1;
    }
    int j = secondEnd;
    if (j < end && text.charAt(j) == '.') {
      int fractionEnd = digitsEnd(text, j + 1, end);
      int n = fractionEnd - j - 1;
      if (n > 9) {
        return -1;
      }
      int nanos = n == 0 ? 0 : number(text, j + 1, fractionEnd);
      for (int k = n; k < 9; k++) {
        nanos *= 10;
      }
      p.nanos = nanos;
      j = fractionEnd;
    }
    return j;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static int digitsEnd(String text, int i, int end) {
    while (i < end && isDigit(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The value of the digits in [from, to), or -1 when there are none or more than 9. */
  private static int number(String text, int from, int to) {
    if (from >= to || to - from > 9) {
      return -1;
    }
    int v = 0;
    for (int i = from; i < to; i++) {
      v = v * 10 + (text.charAt(i) - '0');
    }
    return v;
  }

  private static int skipBlanks(String text, int i, int end) {
    while (i < end && text.charAt(i) == ' ') {
      i++;
    }
    return i;
  }
}
