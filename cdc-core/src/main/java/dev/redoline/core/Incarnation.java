package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;

/**
 * A database incarnation: what an OPEN RESETLOGS (Data Guard failover, point-in-time recovery,
 * FLASHBACK DATABASE) starts. Oracle names an incarnation by the SCN and the time of its RESETLOGS
 * ({@code V$DATABASE.RESETLOGS_CHANGE#} and {@code RESETLOGS_TIME}, the rows of {@code
 * V$DATABASE_INCARNATION}). Log sequences restart at 1 in a new incarnation and its SCNs start
 * again from the RESETLOGS SCN, so a redo address or an SCN means something only together with the
 * incarnation it was read in.
 *
 * <pre>{@code
 * Incarnation i = Incarnation.parse("1867402@2026-12-01T22:40:05");
 * assert i.resetlogsScn().equals(Scn.of(1_867_402));
 * }</pre>
 *
 * @param resetlogsScn RESETLOGS_CHANGE#: the first SCN of the incarnation
 * @param resetlogsTime RESETLOGS_TIME, to the second (a DATE)
 */
public record Incarnation(Scn resetlogsScn, LocalDateTime resetlogsTime) {

  /** Seconds always written, so one incarnation has one text. */
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

  public Incarnation {
    Checks.notNull(resetlogsScn, "resetlogsScn");
    resetlogsTime = Checks.notNull(resetlogsTime, "resetlogsTime").truncatedTo(ChronoUnit.SECONDS);
  }

  /**
   * Reads {@link #toString()}'s form, {@code <RESETLOGS_CHANGE#>@<RESETLOGS_TIME>}.
   *
   * @throws IllegalArgumentException when {@code text} is not of that form
   */
  public static Incarnation parse(String text) {
    Checks.notNull(text, "text");
    int at = text.indexOf('@');
    Checks.argument(at > 0, "'%s' is not <RESETLOGS_CHANGE#>@<RESETLOGS_TIME>", text);
    try {
      return new Incarnation(
          Scn.parse(text.substring(0, at)), LocalDateTime.parse(text.substring(at + 1)));
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'" + text + "' has no ISO-8601 RESETLOGS_TIME after '@': " + e.getMessage(), e);
    }
  }

  /** {@code <RESETLOGS_CHANGE#>@<RESETLOGS_TIME>}, e.g. {@code 1867402@2026-12-01T22:40:05}. */
  @Override
  public String toString() {
    return resetlogsScn + "@" + TIME.format(resetlogsTime);
  }
}
