package dev.redoline.core.internal;

import java.util.List;

/**
 * The NLS settings of every session Redoline mines with: the one definition that the JDBC gateway
 * applies with {@code ALTER SESSION}, the simulator renders literals with, and the decoder parses
 * literals with.
 *
 * <p>With these settings LogMiner writes, for example, {@code TO_DATE(' 2020-02-01 00:00:00',
 * 'SYYYY-MM-DD HH24:MI:SS')}, {@code TO_TIMESTAMP(' 2019-02-01 00:00:00.123000000')} and {@code
 * TO_TIMESTAMP_TZ(' 2024-02-14 10:58:02.202590000 +01:00')}; 44 BC is {@code TO_DATE('-0044-03-15
 * 00:00:00', 'SYYYY-MM-DD HH24:MI:SS')}. The year is {@code SYYYY} because only the {@code S}
 * prefix gives a BC year its minus sign (Oracle SQL Language Reference, "Datetime Format
 * Elements"): under {@code YYYY} a BC date reads as the AD date of the same number
 * (docs/record-format.md, "BC dates and the NLS masks"). Numbers use {@code .} as the decimal
 * separator; TIMESTAMP WITH LOCAL TIME ZONE values come out in UTC because the session time zone is
 * {@code 00:00}.
 */
public final class OracleNls {

  /** {@code NLS_DATE_FORMAT}: DATE literals. */
  public static final String DATE_FORMAT = "SYYYY-MM-DD HH24:MI:SS";

  /** {@code NLS_TIMESTAMP_FORMAT}: TIMESTAMP literals, always nine fractional digits. */
  public static final String TIMESTAMP_FORMAT = "SYYYY-MM-DD HH24:MI:SS.FF9";

  /** {@code NLS_TIMESTAMP_TZ_FORMAT}: TIMESTAMP WITH (LOCAL) TIME ZONE literals. */
  public static final String TIMESTAMP_TZ_FORMAT = "SYYYY-MM-DD HH24:MI:SS.FF9 TZH:TZM";

  /** {@code NLS_NUMERIC_CHARACTERS}: decimal point then group separator. */
  public static final String NUMERIC_CHARACTERS = ".,";

  /** The session {@code TIME_ZONE}, so local-time-zone values are shown in UTC. */
  public static final String TIME_ZONE = "00:00";

  /**
   * {@code NLS_SORT} and {@code NLS_COMP}: binary. Oracle's JDBC driver sets NLS_LANGUAGE from the
   * JVM's locale, and NLS_SORT follows it (GERMAN under {@code Locale.GERMANY}), so ORDER BY would
   * sort linguistically while {@code >} (NLS_COMP BINARY) compares bytes: a snapshot paged by key
   * would skip rows. Binary for both keeps ORDER BY and the key comparison in one order.
   */
  public static final String SORT = "BINARY";

  private OracleNls() {}

  /** The statements the JDBC gateway runs once per connection before mining. */
  public static List<String> alterSessionStatements() {
    return List.of(
        "ALTER SESSION SET NLS_DATE_FORMAT = '"
            + DATE_FORMAT
            + "'"
            + " NLS_TIMESTAMP_FORMAT = '"
            + TIMESTAMP_FORMAT
            + "'"
            + " NLS_TIMESTAMP_TZ_FORMAT = '"
            + TIMESTAMP_TZ_FORMAT
            + "'"
            + " NLS_NUMERIC_CHARACTERS = '"
            + NUMERIC_CHARACTERS
            + "'"
            + " NLS_SORT = '"
            + SORT
            + "' NLS_COMP = '"
            + SORT
            + "'",
        "ALTER SESSION SET TIME_ZONE = '" + TIME_ZONE + "'");
  }
}
