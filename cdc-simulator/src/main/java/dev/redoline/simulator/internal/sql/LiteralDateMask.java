package dev.redoline.simulator.internal.sql;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One compiled Oracle datetime format mask ({@code NLS_DATE_FORMAT} and its two timestamp
 * siblings), writing values as {@code TO_CHAR} would under a session's NLS settings.
 *
 * <pre>{@code
 * LiteralDateMask m = LiteralDateMask.compile("NLS_TIMESTAMP_FORMAT", "DD-MON-RR HH.MI.SSXFF AM",
 *     LiteralDateMask.Role.TIMESTAMP);
 * m.format(LocalDateTime.of(2020, 2, 1, 0, 0, 0, 5_000), 6, null, null, '.');
 * // "01-FEB-20 12.00.00.000005 AM"; with no fraction "01-FEB-20 12.00.00 AM"
 * }</pre>
 *
 * <p>Elements (matched without regard to case, longest first): {@code SYYYY} a sign ({@code -} for
 * a BC year, a blank for AD) then four year digits; {@code YYYY}/{@code RRRR} four year digits with
 * no sign, so a BC year reads as the AD year of the same number (Oracle SQL Language Reference,
 * "Datetime Format Elements": only {@code S} prefixes BC dates with a minus sign); {@code
 * YY}/{@code RR} the last two; {@code MM}; {@code MON} the English month abbreviation
 * (NLS_DATE_LANGUAGE AMERICAN); {@code DD}; {@code HH24}; {@code HH}/{@code HH12} 01 to 12; {@code
 * MI}; {@code SS}; {@code FF1}..{@code FF9} that many fractional digits, cut not rounded, and
 * {@code FF} the digits of the column type ({@code TIMESTAMP(3)}: 3, 6 when undeclared), or
 * nothing, with the decimal point before it, when the stored value has no fraction (see {@link
 * #noFraction}); {@code X} the session's decimal character; {@code AM}/{@code PM} and {@code
 * A.M.}/{@code P.M.} the meridian of the value whichever is written; {@code TZH} {@code +01};
 * {@code TZM} {@code 00}; {@code TZR} the value's region name in capitals ({@code EUROPE/BERLIN}),
 * or {@code +01:00} when it has only an offset. Text elements take the case of their spelling: all
 * capitals when the first two letters are capitals, capitalized when only the first is, else lower
 * case. Punctuation {@code - / , . ; :} and spaces are copied; {@code "text"} is copied without
 * quotes. This class is immutable.
 */
public final class LiteralDateMask {

  /**
   * Which setting a mask is: Oracle refuses fractional seconds in a date mask and zones outside TZ.
   */
  enum Role {
    DATE,
    TIMESTAMP,
    TIMESTAMP_TZ
  }

  private enum Element {
    HH24,
    HH12,
    HH,
    SYYYY,
    YYYY,
    RRRR,
    YY,
    RR,
    MON,
    MM,
    MI,
    DD,
    SS,
    FF,
    TZH,
    TZM,
    TZR,
    MERIDIAN_DOTS,
    MERIDIAN,
    X,
    TEXT
  }

  /**
   * One piece of a mask: an element with its spelling (for case) or copied text; FF digits, 0 =
   * type's.
   */
  private record Token(Element element, String text, int digits) {}

  private static final String[] MONTHS = {
    "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"
  };

  /** Element spellings tried at each position, longest and most specific first. */
  private static final String[][] SPELLINGS = {
    {"HH24", "HH24"},
    {"HH12", "HH12"},
    {"HH", "HH"},
    {"SYYYY", "SYYYY"},
    {"YYYY", "YYYY"},
    {"RRRR", "RRRR"},
    {"YY", "YY"},
    {"RR", "RR"},
    {"MON", "MON"},
    {"MM", "MM"},
    {"MI", "MI"},
    {"DD", "DD"},
    {"SS", "SS"},
    {"FF", "FF"},
    {"TZH", "TZH"},
    {"TZM", "TZM"},
    {"TZR", "TZR"},
    {"A.M.", "MERIDIAN_DOTS"},
    {"P.M.", "MERIDIAN_DOTS"},
    {"AM", "MERIDIAN"},
    {"PM", "MERIDIAN"},
    {"X", "X"}
  };

  private final String mask;
  private final List<Token> tokens;
  private final Role role;

  private LiteralDateMask(String mask, List<Token> tokens, Role role) {
    this.mask = mask;
    this.tokens = List.copyOf(tokens);
    this.role = role;
  }

  /**
   * Compiles {@code mask}, the value of the NLS parameter named {@code setting}.
   *
   * @throws IllegalArgumentException naming the setting, the mask and the position of the first
   *     piece the simulator does not render, or an element that {@code role} does not allow
   */
  static LiteralDateMask compile(String setting, String mask, Role role) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    while (i < mask.length()) {
      char c = mask.charAt(i);
      if ("-/,.;: ".indexOf(c) >= 0) {
        tokens.add(new Token(Element.TEXT, String.valueOf(c), 0));
        i++;
      } else if (c == '"') {
        int close = mask.indexOf('"', i + 1);
        if (close < 0) {
          throw refused(setting, mask, i, "an unclosed \"");
        }
        tokens.add(new Token(Element.TEXT, mask.substring(i + 1, close), 0));
        i = close + 1;
      } else {
        i = element(setting, mask, i, role, tokens);
      }
    }
    return new LiteralDateMask(mask, tokens, role);
  }

  private static int element(String setting, String mask, int at, Role role, List<Token> tokens) {
    for (String[] s : SPELLINGS) {
      if (mask.regionMatches(true, at, s[0], 0, s[0].length())) {
        Element e = Element.valueOf(s[1]);
        int end = at + s[0].length();
        int digits = 0;
        if (e == Element.FF
            && end < mask.length()
            && mask.charAt(end) >= '1'
            && mask.charAt(end) <= '9') {
          digits = mask.charAt(end++) - '0';
        }
        boolean zone = e == Element.TZH || e == Element.TZM || e == Element.TZR;
        if ((zone && role != Role.TIMESTAMP_TZ) || (e == Element.FF && role == Role.DATE)) {
          throw refused(
              setting,
              mask,
              at,
              "the element "
                  + mask.substring(at, end)
                  + ", which only a "
                  + (zone ? "NLS_TIMESTAMP_TZ_FORMAT" : "timestamp format")
                  + " may hold");
        }
        tokens.add(new Token(e, mask.substring(at, end), digits));
        return end;
      }
    }
    throw refused(setting, mask, at, "no format element the simulator renders");
  }

  private static IllegalArgumentException refused(
      String setting, String mask, int at, String what) {
    return new IllegalArgumentException(
        setting
            + " '"
            + mask
            + "' has "
            + what
            + " at position "
            + (at + 1)
            + " ('"
            + mask.substring(at)
            + "'); Oracle would refuse it with ORA-01821");
  }

  /** The mask as given. */
  String mask() {
    return mask;
  }

  /**
   * The text of a value under this mask.
   *
   * @param t the date and time shown (already in the zone shown)
   * @param typeDigits fractional digits of the column type, for {@code FF} without a number
   * @param offset the offset shown by {@code TZH}, {@code TZM} and {@code TZR}; null when the mask
   *     has no zone element
   * @param region the region name {@code TZR} shows, or null to show the offset
   * @param decimal the session's decimal character, for {@code X}
   * @throws IllegalArgumentException for a year Oracle does not have (before 4712 BC, ISO year
   *     -4711, or after 9999), or an offset with seconds
   */
  String format(LocalDateTime t, int typeDigits, ZoneOffset offset, String region, char decimal) {
    int iso = t.getYear();
    if (iso < -4711 || iso > 9999) {
      throw new IllegalArgumentException(
          "Year "
              + iso
              + " cannot be written with the mask "
              + mask
              + " (Oracle's years are 4712 BC, ISO -4711, to 9999)");
    }
    // ISO year -43 is 44 BC; ISO year 0 stays Oracle's own year 0, which date arithmetic reaches.
    boolean bc = iso < 0;
    int year = bc ? 1 - iso : iso;
    StringBuilder sb = new StringBuilder(mask.length() + 16);
    Token previous = null;
    int previousStart = 0;
    for (Token k : tokens) {
      int start = sb.length();
      if (k.element() == Element.FF && noFraction(t, k.digits(), typeDigits)) {
        if (isDecimalPoint(previous)) {
          sb.setLength(previousStart);
        }
        previous = k;
        previousStart = start;
        continue;
      }
      switch (k.element()) {
        case SYYYY -> pad(sb.append(bc ? '-' : ' '), year, 4);
        case YYYY, RRRR -> pad(sb, year, 4);
        case YY, RR -> pad(sb, year % 100, 2);
        case MM -> pad(sb, t.getMonthValue(), 2);
        case MON -> sb.append(cased(MONTHS[t.getMonthValue() - 1], k.text()));
        case DD -> pad(sb, t.getDayOfMonth(), 2);
        case HH24 -> pad(sb, t.getHour(), 2);
        case HH, HH12 -> pad(sb, t.getHour() % 12 == 0 ? 12 : t.getHour() % 12, 2);
        case MI -> pad(sb, t.getMinute(), 2);
        case SS -> pad(sb, t.getSecond(), 2);
        case FF -> fraction(sb, t.getNano(), k.digits() > 0 ? k.digits() : typeDigits);
        case X -> sb.append(decimal);
        case MERIDIAN -> sb.append(cased(t.getHour() < 12 ? "AM" : "PM", k.text()));
        case MERIDIAN_DOTS -> sb.append(cased(t.getHour() < 12 ? "A.M." : "P.M.", k.text()));
        case TZH -> tzh(sb, offset);
        case TZM -> pad(sb, Math.abs(minutes(offset)) % 60, 2);
        case TZR -> sb.append(region != null ? regionText(region, k.text()) : offsetText(offset));
        default -> sb.append(k.text());
      }
      previous = k;
      previousStart = start;
    }
    return sb.toString();
  }

  /**
   * Whether {@code FF} writes nothing, and the decimal point before it goes too. {@code FF} without
   * a digit count shows the fraction the stored value has: none for a TIMESTAMP(0), and none for a
   * TIMESTAMP or TIMESTAMP WITH LOCAL TIME ZONE whose fraction is zero, which Oracle stores in 7
   * bytes instead of 11 (SQL Language Reference, "Data Types": TIMESTAMP "7 or 11 bytes"; TIMESTAMP
   * WITH TIME ZONE is always 13). LogMiner writes such values as {@code 15-JUN-25 10.30.00 AM}
   * (rows recorded on a real 23 Free, the public rophy/OpenLogReplicator suite's {@code
   * timestamp-variants} scenario, TIMESTAMP(0) to (9) under {@code HH.MI.SSXFF AM}). {@code FFn}
   * always writes n digits, zeros included.
   */
  private boolean noFraction(LocalDateTime t, int maskDigits, int typeDigits) {
    if (maskDigits > 0) {
      return false;
    }
    return typeDigits == 0 || (role != Role.TIMESTAMP_TZ && t.getNano() == 0);
  }

  private static boolean isDecimalPoint(Token k) {
    return k != null
        && (k.element() == Element.X
            || (k.element() == Element.TEXT && (k.text().equals(".") || k.text().equals(","))));
  }

  private static void tzh(StringBuilder sb, ZoneOffset offset) {
    int minutes = minutes(offset);
    sb.append(minutes < 0 ? '-' : '+');
    pad(sb, Math.abs(minutes) / 60, 2);
  }

  private static int minutes(ZoneOffset offset) {
    int seconds = offset.getTotalSeconds();
    if (seconds % 60 != 0) {
      throw new IllegalArgumentException(
          "Offset " + offset + " has seconds; TZH:TZM cannot show it");
    }
    return seconds / 60;
  }

  /** {@code TZH:TZM}, as {@code +01:00} or {@code -05:30}. */
  static String offsetText(ZoneOffset offset) {
    StringBuilder sb = new StringBuilder(6);
    tzh(sb, offset);
    sb.append(':');
    pad(sb, Math.abs(minutes(offset)) % 60, 2);
    return sb.toString();
  }

  /** The first {@code digits} of the nine-digit nanoseconds: Oracle cuts, it does not round. */
  private static void fraction(StringBuilder sb, int nanos, int digits) {
    StringBuilder nine = new StringBuilder(9);
    pad(nine, nanos, 9);
    sb.append(nine, 0, digits);
  }

  /**
   * A region name under {@code TZR}: Oracle's own output spells it in capitals ({@code
   * AUSTRALIA/NORTH}); {@code tzr} gives lower case; a mixed spelling keeps the stored name.
   */
  private static String regionText(String region, String spelling) {
    if (Character.isLowerCase(spelling.charAt(0))) {
      return region.toLowerCase(Locale.ROOT);
    }
    return Character.isUpperCase(spelling.charAt(1)) ? region.toUpperCase(Locale.ROOT) : region;
  }

  /** {@code word} (upper case) in the case of the element's spelling; see the class Javadoc. */
  private static String cased(String word, String spelling) {
    char first = spelling.charAt(0);
    if (Character.isLowerCase(first)) {
      return word.toLowerCase(Locale.ROOT);
    }
    char second = spelling.length() > 1 ? spelling.charAt(1) : first;
    if (Character.isLetter(second) && Character.isLowerCase(second)) {
      return word.charAt(0) + word.substring(1).toLowerCase(Locale.ROOT);
    }
    return word;
  }

  static void pad(StringBuilder sb, long value, int width) {
    String digits = Long.toString(value);
    for (int i = digits.length(); i < width; i++) {
      sb.append('0');
    }
    sb.append(digits);
  }
}
