package dev.redoline.decoder.internal;

import dev.redoline.core.OracleType;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;

/**
 * Date, time and interval values from Oracle's internal bytes (Dictionary Mismatch rows, see {@link
 * RawValues}). Stateless; failures are CDC-3002 {@link ScanFailure}s.
 *
 * <pre>{@code
 * RawTemporals.localDateTime(new byte[] {120, 124, 2, 1, 1, 1, 1}, OracleType.of(Kind.DATE));  // 2024-02-01T00:00
 * }</pre>
 *
 * <p>DATE (7 bytes), TIMESTAMP (11 bytes) and TIMESTAMP WITH TIME ZONE (13 bytes, zone hour+20 and
 * minute+60, each carrying the offset's sign) follow Oracle's documented storage formats. Inferred
 * from DUMP output, not documented: a 7-byte TIMESTAMP when the fraction is zero; WITH LOCAL TIME
 * ZONE as an 11-byte (or 7-byte) TIMESTAMP in UTC; INTERVAL YEAR TO MONTH as 4 bytes of years +
 * 2^31 and 1 byte of months + 60; INTERVAL DAY TO SECOND as 4 bytes of days + 2^31, hours, minutes
 * and seconds each + 60, and 4 bytes of nanoseconds + 2^31, every field carrying the value's sign.
 * Dates before year 0 (BC) and region time zones (high bit of byte 12 set) are refused rather than
 * guessed.
 */
final class RawTemporals {

  private static final int DATE_BYTES = 7;
  private static final int TIMESTAMP_BYTES = 11;
  private static final int TIMESTAMP_TZ_BYTES = 13;
  private static final int INTERVAL_YM_BYTES = 5;
  private static final int INTERVAL_DS_BYTES = 11;

  /** Fields stored with this excess (hours, minutes, seconds, months of intervals; TZ minute). */
  private static final int EXCESS_60 = 60;

  /** A zone hour is stored with this excess. */
  private static final int EXCESS_20 = 20;

  private RawTemporals() {}

  /** DATE (7 bytes) or TIMESTAMP (11 bytes, or 7 when the fraction is zero). */
  static LocalDateTime localDateTime(byte[] b, OracleType type) {
    boolean timestamp = type.kind() == OracleType.Kind.TIMESTAMP;
    if (b.length != DATE_BYTES && !(timestamp && b.length == TIMESTAMP_BYTES)) {
      throw ScanFailure.value(
          "A "
              + type.kind().sqlName()
              + " has "
              + (timestamp ? "7 or 11" : "7")
              + " bytes, not "
              + b.length);
    }
    return dateTime(b, type.kind().sqlName());
  }

  /** TIMESTAMP WITH TIME ZONE, 13 bytes: the UTC date and time, then the zone offset. */
  static OffsetDateTime offsetDateTime(byte[] b) {
    String what = "TIMESTAMP WITH TIME ZONE";
    if (b.length != TIMESTAMP_TZ_BYTES) {
      throw ScanFailure.value("A " + what + " has 13 bytes, not " + b.length);
    }
    int hourByte = b[11] & 0xFF;
    if ((hourByte & 0x80) != 0) {
      throw ScanFailure.value(
          "The "
              + what
              + " bytes carry a time zone region id, which is not decoded without "
              + "a dictionary; only offsets are");
    }
    ZoneOffset offset;
    try {
      offset = ZoneOffset.ofHoursMinutes(hourByte - EXCESS_20, (b[12] & 0xFF) - EXCESS_60);
    } catch (DateTimeException e) {
      throw ScanFailure.value(
          "The " + what + " zone bytes " + hex(b, 11, 13) + " are not an offset");
    }
    return dateTime(b, what).atOffset(ZoneOffset.UTC).withOffsetSameInstant(offset);
  }

  /** TIMESTAMP WITH LOCAL TIME ZONE: a TIMESTAMP in UTC (the database time zone). */
  static Instant instant(byte[] b) {
    if (b.length != DATE_BYTES && b.length != TIMESTAMP_BYTES) {
      throw ScanFailure.value(
          "A TIMESTAMP WITH LOCAL TIME ZONE has 7 or 11 bytes, not " + b.length);
    }
    return dateTime(b, "TIMESTAMP WITH LOCAL TIME ZONE").toInstant(ZoneOffset.UTC);
  }

  /** INTERVAL YEAR TO MONTH, 5 bytes; the same Period shape as the literal path. */
  static Period yearMonth(byte[] b) {
    if (b.length != INTERVAL_YM_BYTES) {
      throw ScanFailure.value("An INTERVAL YEAR TO MONTH has 5 bytes, not " + b.length);
    }
    int years = int32(b, 0) + Integer.MIN_VALUE;
    int months = (b[4] & 0xFF) - EXCESS_60;
    if (months <= -12 || months >= 12 || (long) years * months < 0) {
      throw ScanFailure.value(
          "INTERVAL YEAR TO MONTH bytes "
              + hex(b, 0, 5)
              + " have months "
              + months
              + " beside years "
              + years);
    }
    return Period.of(years, months, 0);
  }

  /** INTERVAL DAY TO SECOND, 11 bytes. */
  static Duration daySecond(byte[] b) {
    if (b.length != INTERVAL_DS_BYTES) {
      throw ScanFailure.value("An INTERVAL DAY TO SECOND has 11 bytes, not " + b.length);
    }
    long days =
        int32(b, 0) ^ Integer.MIN_VALUE; // stored plus 2^31: flipping the top bit takes it off
    int hours = (b[4] & 0xFF) - EXCESS_60;
    int minutes = (b[5] & 0xFF) - EXCESS_60;
    int seconds = (b[6] & 0xFF) - EXCESS_60;
    long nanos = int32(b, 7) ^ Integer.MIN_VALUE;
    if (Math.abs(hours) > 23
        || Math.abs(minutes) > 59
        || Math.abs(seconds) > 59
        || Math.abs(nanos) > 999_999_999) {
      throw ScanFailure.value(
          "INTERVAL DAY TO SECOND bytes " + hex(b, 0, 11) + " have a field out of range");
    }
    return Duration.ofDays(days)
        .plusHours(hours)
        .plusMinutes(minutes)
        .plusSeconds(seconds)
        .plusNanos(nanos);
  }

  /** The first 7 bytes as a date and time, plus the nanoseconds of bytes 8-11 when present. */
  private static LocalDateTime dateTime(byte[] b, String what) {
    int century = (b[0] & 0xFF) - 100;
    int yearOfCentury = (b[1] & 0xFF) - 100;
    if (century < 0 || yearOfCentury < 0 || yearOfCentury > 99) {
      throw ScanFailure.value(
          "The " + what + " bytes " + hex(b, 0, 2) + " are a year before 0 (BC) or no year");
    }
    int nanos = b.length >= TIMESTAMP_BYTES ? int32(b, 7) : 0;
    try {
      return LocalDateTime.of(
          century * 100 + yearOfCentury,
          b[2] & 0xFF,
          b[3] & 0xFF,
          (b[4] & 0xFF) - 1,
          (b[5] & 0xFF) - 1,
          (b[6] & 0xFF) - 1,
          nanos);
    } catch (DateTimeException e) {
      throw ScanFailure.value(
          "The "
              + what
              + " bytes "
              + hex(b, 0, Math.min(b.length, TIMESTAMP_BYTES))
              + " are not a valid date and time");
    }
  }

  private static int int32(byte[] b, int at) {
    return (b[at] & 0xFF) << 24
        | (b[at + 1] & 0xFF) << 16
        | (b[at + 2] & 0xFF) << 8
        | (b[at + 3] & 0xFF);
  }

  private static String hex(byte[] b, int from, int to) {
    StringBuilder sb = new StringBuilder(2 * (to - from));
    for (int i = from; i < to; i++) {
      sb.append(Character.forDigit((b[i] >> 4) & 0xF, 16))
          .append(Character.forDigit(b[i] & 0xF, 16));
    }
    return sb.toString();
  }
}
