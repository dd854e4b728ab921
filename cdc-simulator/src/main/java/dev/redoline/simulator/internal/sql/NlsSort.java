package dev.redoline.simulator.internal.sql;

import java.text.Collator;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;

/**
 * A session's {@code NLS_SORT}: {@code BINARY}, or a linguistic sort that orders text as a language
 * does. Under a linguistic sort Oracle's {@code ORDER BY} of a character column follows the
 * language, while a comparison such as {@code k > ?} stays binary as long as {@code NLS_COMP} is
 * {@code BINARY}, its default (Oracle Database Reference, NLS_SORT and NLS_COMP).
 *
 * <p>A new session's sort derives from its language, which Oracle's JDBC driver takes from the
 * client JVM's locale (Reference, NLS_LANGUAGE: "overridden by a client-side value if the client
 * uses the Oracle JDBC driver"; NLS_SORT: "Derived from NLS_LANGUAGE"): {@code GERMAN} under {@code
 * Locale.GERMANY}, {@code BINARY} under {@code Locale.US}. The languages below are the ones
 * modelled; any other gives {@code BINARY}. A linguistic sort is Java's {@link Collator} for the
 * language (the suffix {@code _CI} ignores case, {@code _AI} accents and case), which orders like
 * Oracle's for the cases that matter here: letters before case, so {@code 'a' < 'B'}.
 *
 * @param name the sort as Oracle spells it, upper case
 * @param language the collation's language, or null for {@code BINARY}
 * @param strength {@link Collator#TERTIARY}, {@code SECONDARY} (_CI) or {@code PRIMARY} (_AI)
 */
public record NlsSort(String name, Locale language, int strength) {

  /** Binary order: the bytes of the database character set, which H2 compares as it stands. */
  public static final NlsSort BINARY = new NlsSort("BINARY", null, Collator.TERTIARY);

  /** Oracle's language names and the sorts that derive from them, by the JVM locale's language. */
  private static final Map<String, String[]> LANGUAGES =
      Map.of(
          "de", new String[] {"GERMAN", "GERMAN"},
          "fr", new String[] {"FRENCH", "FRENCH"},
          "es", new String[] {"SPANISH", "SPANISH"},
          "it", new String[] {"ITALIAN", "ITALIAN"},
          "nl", new String[] {"DUTCH", "DUTCH"},
          "sv", new String[] {"SWEDISH", "SWEDISH"},
          "da", new String[] {"DANISH", "DANISH"},
          "en", new String[] {"AMERICAN", "BINARY"});

  /** The sort a session of a client running under {@code locale} starts with. */
  public static NlsSort forLocale(Locale locale) {
    String[] language = LANGUAGES.get(locale.getLanguage());
    return language == null ? BINARY : named(language[1]);
  }

  /** The sort that derives from {@code NLS_LANGUAGE = language}. */
  public static NlsSort forLanguage(String language) {
    String upper = language.toUpperCase(Locale.ROOT);
    for (String[] known : LANGUAGES.values()) {
      if (known[0].equals(upper)) {
        return named(known[1]);
      }
    }
    throw new IllegalArgumentException("no NLS data for language " + language);
  }

  /**
   * The sort {@code NLS_SORT = name} sets.
   *
   * @throws IllegalArgumentException for a sort the simulator has no language for (Oracle:
   *     ORA-12705)
   */
  public static NlsSort named(String name) {
    String upper = name.toUpperCase(Locale.ROOT);
    if (upper.equals("BINARY")) {
      return BINARY;
    }
    int strength = Collator.TERTIARY;
    String base = upper;
    if (upper.endsWith("_CI")) {
      strength = Collator.SECONDARY;
      base = upper.substring(0, upper.length() - 3);
    } else if (upper.endsWith("_AI")) {
      strength = Collator.PRIMARY;
      base = upper.substring(0, upper.length() - 3);
    }
    String sort = base.startsWith("X") ? base.substring(1) : base; // XGERMAN: GERMAN's extension
    for (Map.Entry<String, String[]> e : LANGUAGES.entrySet()) {
      if (e.getValue()[0].equals(sort) && !sort.equals("AMERICAN")) {
        return new NlsSort(upper, Locale.forLanguageTag(e.getKey()), strength);
      }
    }
    throw new IllegalArgumentException("no linguistic sort " + name);
  }

  /** Whether {@code ORDER BY} of text differs from binary order. */
  public boolean linguistic() {
    return language != null;
  }

  /**
   * A text whose binary order is the linguistic order of {@code text} under sort {@code name}
   * (Oracle's {@code NLSSORT}): the hex of the collation key, or null for null.
   */
  public static String key(String text, String name) {
    if (text == null) {
      return null;
    }
    NlsSort sort = named(name);
    if (!sort.linguistic()) {
      return HexFormat.of().formatHex(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    Collator collator = Collator.getInstance(sort.language);
    collator.setStrength(sort.strength);
    return HexFormat.of().formatHex(collator.getCollationKey(text).toByteArray());
  }
}
