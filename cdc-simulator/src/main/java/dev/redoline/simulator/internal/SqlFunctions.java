package dev.redoline.simulator.internal;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Objects;

/**
 * The functions the simulator's SQL engine calls by name while it evaluates a client's SELECT: one
 * table function behind every view, and the Oracle functions the clients use ({@code SYS_CONTEXT},
 * {@code SCN_TO_TIMESTAMP}, {@code TIMESTAMP_TO_SCN}, the database clock, and the hashing and text
 * functions of a verification's checksums: {@code STANDARD_HASH}, {@code DBMS_CRYPTO.HASH}, {@code
 * RAWTOHEX}, {@code TO_CHAR(n, 'TM9')}, {@code TO_NUMBER(hex, 'XX..')}). The engine reaches Java
 * code only through public static methods, so they are here, in a package the simulator does not
 * export; each forwards to the simulator through {@link Hooks}. A function that depends on the
 * session takes H2's connection as its first parameter (H2 passes it), by which the simulator finds
 * the session whose statement runs.
 */
public final class SqlFunctions {

  /** What the functions forward to; installed once by the simulator before its engine runs. */
  public interface Hooks {
    ResultSet view(Connection connection, String name, boolean columnsOnly) throws SQLException;

    /**
     * The rows of user table {@code owner.table}: committed now, or as of {@code scn} when not
     * null.
     */
    ResultSet table(
        Connection connection, String owner, String table, BigDecimal scn, boolean columnsOnly)
        throws SQLException;

    String sysContext(Connection connection, String namespace, String parameter)
        throws SQLException;

    LocalDateTime scnToTimestamp(Connection connection, BigDecimal scn) throws SQLException;

    BigDecimal timestampToScn(Connection connection, LocalDateTime time) throws SQLException;

    OffsetDateTime systimestamp(Connection connection);

    String dbTimeZone(Connection connection);
  }

  private static volatile Hooks hooks;

  private SqlFunctions() {}

  /**
   * Installs the simulator's hooks (idempotent: the simulator installs the same object each time).
   */
  public static void install(Hooks simulator) {
    hooks = Objects.requireNonNull(simulator, "simulator == null");
  }

  private static Hooks hooks() {
    Hooks h = hooks;
    if (h == null) {
      throw new IllegalStateException(
          "the simulator's SQL functions were called before the simulator started");
    }
    return h;
  }

  /** The rows of view {@code name}; only its columns while the engine compiles a statement. */
  public static ResultSet view(Connection connection, String name) throws SQLException {
    boolean compiling = connection.getMetaData().getURL().startsWith("jdbc:columnlist:");
    return hooks().view(connection, name, compiling);
  }

  /** The rows of a user table, as of {@code scn} when it is not null (a flashback query). */
  public static ResultSet table(Connection connection, String owner, String table, BigDecimal scn)
      throws SQLException {
    boolean compiling = connection.getMetaData().getURL().startsWith("jdbc:columnlist:");
    return hooks().table(connection, owner, table, scn, compiling);
  }

  public static String sysContext(Connection connection, String namespace, String parameter)
      throws SQLException {
    return hooks().sysContext(connection, namespace, parameter);
  }

  public static LocalDateTime scnToTimestamp(Connection connection, BigDecimal scn)
      throws SQLException {
    return hooks().scnToTimestamp(connection, scn);
  }

  public static BigDecimal timestampToScn(Connection connection, LocalDateTime time)
      throws SQLException {
    return hooks().timestampToScn(connection, time);
  }

  public static OffsetDateTime systimestamp(Connection connection) {
    return hooks().systimestamp(connection);
  }

  /**
   * Oracle's {@code NLSSORT(text, 'NLS_SORT = sort')}, as a text whose binary order is the sort's:
   * what a user table's ORDER BY sorts by under a linguistic NLS_SORT.
   */
  public static String nlsSort(String text, String sort) {
    return dev.redoline.simulator.internal.sql.NlsSort.key(text, sort);
  }

  /** DBTIMEZONE: the database time zone, a region name or an offset. */
  public static String dbTimeZone(Connection connection) {
    return hooks().dbTimeZone(connection);
  }

  /**
   * Oracle's TO_NUMBER of text, which H2's Oracle mode lacks; ORA-01722 for text that is no number.
   */
  public static BigDecimal toNumber(String text) throws SQLException {
    if (text == null) {
      return null;
    }
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw new SQLException("ORA-01722: invalid number", "42000", 1722);
    }
  }

  /**
   * Oracle's {@code TO_NUMBER(text, 'XXXX')}: hexadecimal text read with an {@code X} format (one X
   * per digit at most); other formats are not modelled and fail as Oracle would for a mismatch
   * (ORA-01722).
   */
  public static BigDecimal toNumber(String text, String format) throws SQLException {
    if (text == null) {
      return null;
    }
    String t = text.trim();
    if (format == null
        || !format.matches("[Xx]+")
        || t.length() > format.length()
        || !t.matches("[0-9A-Fa-f]+")) {
      throw new SQLException("ORA-01722: invalid number", "42000", 1722);
    }
    return new BigDecimal(new java.math.BigInteger(t, 16));
  }

  /**
   * Oracle's {@code STANDARD_HASH(expr, method)}: the digest of a character value's bytes (the SQL
   * engine hands text over as UTF-8, the database character set AL32UTF8) or of a RAW's bytes. A
   * NULL is hashed as no bytes, as Oracle does. Oracle hashes a NUMBER or a date in its internal
   * format, which the simulator does not model: callers hash their text ({@code TO_CHAR}).
   */
  public static byte[] standardHash(byte[] value, String method) throws SQLException {
    String algorithm =
        switch (method == null ? "" : method.trim().toUpperCase(java.util.Locale.ROOT)) {
          case "MD5" -> "MD5";
          case "SHA1" -> "SHA-1";
          case "SHA256" -> "SHA-256";
          case "SHA384" -> "SHA-384";
          case "SHA512" -> "SHA-512";
          default ->
              throw new SQLException(
                  "ORA-00936: missing expression (STANDARD_HASH method " + method + ")",
                  "42000",
                  936);
        };
    return digest(algorithm, value == null ? new byte[0] : value);
  }

  /** {@code STANDARD_HASH(expr)}: SHA1, Oracle's default method. */
  public static byte[] standardHash(byte[] value) throws SQLException {
    return standardHash(value, "SHA1");
  }

  /**
   * {@code DBMS_CRYPTO.HASH(src, typ)} of a CLOB (hashed as AL32UTF8, as Oracle converts it), a
   * BLOB or a RAW; {@code typ} is the package's constant (2 HASH_MD5, 3 HASH_SH1, 4 HASH_SH256, 5
   * HASH_SH384, 6 HASH_SH512). NULL gives NULL.
   */
  public static byte[] cryptoHash(byte[] source, int type) throws SQLException {
    if (source == null) {
      return null;
    }
    String algorithm =
        switch (type) {
          case 2 -> "MD5";
          case 3 -> "SHA-1";
          case 4 -> "SHA-256";
          case 5 -> "SHA-384";
          case 6 -> "SHA-512";
          default ->
              throw new SQLException(
                  "ORA-06502: PL/SQL: numeric or value error (DBMS_CRYPTO.HASH type " + type + ")",
                  "65000",
                  6502);
        };
    return digest(algorithm, source);
  }

  /** Oracle's {@code RAWTOHEX}: upper-case digits (H2's own gives lower case). */
  public static String rawToHex(byte[] raw) {
    if (raw == null) {
      return null;
    }
    StringBuilder out = new StringBuilder(raw.length * 2);
    for (byte b : raw) {
      out.append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xF, 16)))
          .append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
    }
    return out.toString();
  }

  /**
   * Oracle's {@code TO_CHAR(n, 'TM9')}: the shortest text of the number, no leading zero before the
   * decimal point ({@code .5}, {@code -.5}; H2's gives {@code -0.5}), in scientific notation when
   * the plain text passes 64 characters.
   */
  public static String toCharTm9(BigDecimal n) {
    return n == null ? null : dev.redoline.core.internal.OracleNumberText.tm9(n);
  }

  private static byte[] digest(String algorithm, byte[] bytes) {
    try {
      return java.security.MessageDigest.getInstance(algorithm).digest(bytes);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has " + algorithm, e);
    }
  }

  public static LocalDateTime sysdate(Connection connection) {
    return hooks().systimestamp(connection).toLocalDateTime().withNano(0);
  }
}
