package dev.redoline.decoder.internal;

import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;

/**
 * The compiled {@code cdc.columns.mask.hash} and {@code cdc.columns.truncate} rules: which
 * character columns the scanner replaces by a salted hash or cuts to a length, as soon as it has
 * converted their literal, so the raw value never leaves the decoder.
 *
 * <pre>{@code
 * ColumnShaping s = ColumnShaping.of(List.of("SHOP.CUSTOMERS.EMAIL"), "pepper".getBytes(UTF_8),
 *     List.of("SHOP.CUSTOMERS.NOTES:20"));
 * s.hashes(TableId.of("SHOP", "CUSTOMERS"), "EMAIL");     // true
 * s.truncateTo(TableId.of("SHOP", "CUSTOMERS"), "NOTES"); // 20
 * }</pre>
 *
 * <p>Patterns are those of {@link ColumnExclusions}. The hash is SHA-256 over the salt's bytes then
 * the value's UTF-8 bytes, written as 64 lower-case hex digits. Truncation counts characters (code
 * points), so a surrogate pair is never split. Both apply to character columns only ({@link
 * #isCharacter}); the decoder excludes a non-character column that a hash pattern names rather than
 * let its value through unmasked.
 */
final class ColumnShaping {

  private static final ColumnShaping NONE =
      new ColumnShaping(ColumnExclusions.none(), new byte[0], List.of());

  private final ColumnExclusions hashed;
  private final byte[] salt;
  private final List<Rule> truncations;

  private record Rule(ColumnExclusions pattern, int length) {}

  private ColumnShaping(ColumnExclusions hashed, byte[] salt, List<Rule> truncations) {
    this.hashed = hashed;
    this.salt = salt;
    this.truncations = truncations;
  }

  static ColumnShaping none() {
    return NONE;
  }

  /**
   * Compiles the rules.
   *
   * @param truncateRules items {@code PATTERN:N}
   * @throws IllegalArgumentException quoting a pattern or rule that does not parse
   */
  static ColumnShaping of(List<String> hashPatterns, byte[] salt, List<String> truncateRules) {
    List<Rule> rules = new ArrayList<>();
    for (String rule : truncateRules) {
      int colon = rule.lastIndexOf(':');
      int length;
      try {
        length = colon > 0 ? Integer.parseInt(rule.substring(colon + 1).trim()) : -1;
      } catch (NumberFormatException e) {
        length = -1;
      }
      if (length < 1) {
        throw new IllegalArgumentException(
            "Not a truncation rule: '" + rule + "' (expected PATTERN:N, N >= 1)");
      }
      rules.add(new Rule(ColumnExclusions.parse(List.of(rule.substring(0, colon))), length));
    }
    ColumnExclusions hash = ColumnExclusions.parse(hashPatterns);
    if (hash.isEmpty() && rules.isEmpty()) {
      return NONE;
    }
    return new ColumnShaping(hash, salt.clone(), List.copyOf(rules));
  }

  boolean isEmpty() {
    return hashed.isEmpty() && truncations.isEmpty();
  }

  /** Whether a hash pattern names {@code column} of {@code table}. */
  boolean hashes(TableId table, String column) {
    return hashed.excludes(table, column);
  }

  /** Whether a hash or truncation pattern could name a column of {@code table}. */
  boolean mayShape(TableId table) {
    if (hashed.mayName(table)) {
      return true;
    }
    for (Rule r : truncations) {
      if (r.pattern.mayName(table)) {
        return true;
      }
    }
    return false;
  }

  /** The shortest length a truncation rule sets for the column, or 0 when none names it. */
  int truncateTo(TableId table, String column) {
    int shortest = 0;
    for (Rule r : truncations) {
      if (r.pattern.excludes(table, column) && (shortest == 0 || r.length < shortest)) {
        shortest = r.length;
      }
    }
    return shortest;
  }

  /** The types whose values are text, which hashing and truncation apply to. */
  static boolean isCharacter(OracleType.Kind kind) {
    return switch (kind) {
      case CHAR, NCHAR, VARCHAR2, NVARCHAR2, CLOB, NCLOB, LONG -> true;
      default -> false;
    };
  }

  /** A new SHA-256 digest, one per scanner (digests are not thread-safe). */
  static MessageDigest newDigest() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** The salted hash of {@code value} as 64 lower-case hex digits. */
  String hash(MessageDigest digest, String value) {
    digest.reset();
    digest.update(salt);
    byte[] sum = digest.digest(value.getBytes(StandardCharsets.UTF_8));
    char[] hex = new char[sum.length * 2];
    for (int i = 0; i < sum.length; i++) {
      hex[2 * i] = Character.forDigit((sum[i] >> 4) & 0xF, 16);
      hex[2 * i + 1] = Character.forDigit(sum[i] & 0xF, 16);
    }
    return new String(hex);
  }

  /** {@code value} cut to at most {@code length} code points. */
  static String truncate(String value, int length) {
    if (value.length() <= length) {
      return value;
    }
    int points = value.codePointCount(0, value.length());
    return points <= length ? value : value.substring(0, value.offsetByCodePoints(0, length));
  }
}
