package dev.redoline.verify.internal;

import dev.redoline.core.TableLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The SQL a comparison sends to Oracle, all of it flashback queries ({@code AS OF SCN ?}) of one
 * table in key order, with binds appended to a list in marker order.
 *
 * <ul>
 *   <li>{@link #boundary}: the key of the n-th row after a key: only key columns cross, and an
 *       index on the key answers it;
 *   <li>{@link #checksum}: the row count and the sum of the rows' digest numbers over a key range
 *       {@code (after, upper]}, computed in the database: one row crosses per chunk;
 *   <li>{@link #pieces}: the key and each column's piece of every row in a range, only for a chunk
 *       whose checksum differs.
 * </ul>
 *
 * <p><b>Why these functions.</b> {@code STANDARD_HASH} (12.1 on, so in every release Redoline
 * supports) computes MD5 of a value's bytes with a documented, standard algorithm, so a target's
 * copy can be digested identically outside the database. {@code ORA_HASH} cannot: its algorithm is
 * not documented (nor is H2's namesake the same), and its 32 bits would make colliding sums likely.
 * STANDARD_HASH takes no LOB, so CLOB, NCLOB and BLOB columns go through {@code DBMS_CRYPTO.HASH(c,
 * 2)} (MD5, the CLOB converted to AL32UTF8), which needs {@code EXECUTE ON SYS.DBMS_CRYPTO}.
 * Numbers and date-times are hashed as text with explicit formats ({@code TO_CHAR(n, 'TM9')},
 * {@code 'YYYY-MM-DD HH24:MI:SS.FF6'} for a TIMESTAMP(6)), because STANDARD_HASH of a NUMBER hashes
 * its internal bytes, which no sink keeps; NCHAR and NVARCHAR2 are converted with {@code TO_CHAR}
 * to the database character set first. A hashed column ({@code cdc.columns.mask.hash}) is hashed in
 * SQL as the decoder hashes it (SHA-256 of the salt followed by the value, in lower-case hex), the
 * salt a bind; a truncated one is cut with {@code SUBSTR}, which counts characters as the decoder
 * counts code points.
 */
public final class SourceSql {

  private final TableLayout layout;
  private final List<ColumnCheck> compared;
  private final List<ColumnCheck> key;
  private final String salt;

  /**
   * @param salt the salt of {@code cdc.columns.mask.hash}, bound for hashed columns
   */
  public SourceSql(
      TableLayout layout, List<ColumnCheck> compared, List<ColumnCheck> key, String salt) {
    this.layout = Objects.requireNonNull(layout, "layout == null");
    this.compared = List.copyOf(compared);
    this.key = List.copyOf(key);
    this.salt = salt == null ? "" : salt;
  }

  /** The key of the {@code n}-th row after {@code after} (from the start when empty). */
  public String boundary(List<Object> after, int n, Object scn, List<Object> binds) {
    StringBuilder sql = new StringBuilder("SELECT ").append(keyList()).append(from(scn, binds));
    if (!after.isEmpty()) {
      sql.append(" WHERE ").append(afterCondition(after, binds));
    }
    return sql.append(" ORDER BY ")
        .append(keyList())
        .append(" OFFSET ")
        .append(n - 1)
        .append(" ROWS FETCH NEXT 1 ROWS ONLY")
        .toString();
  }

  /**
   * {@code COUNT(*)} and the sum of the rows' numbers over {@code (after, upper]} (open ends when
   * empty).
   */
  public String checksum(List<Object> after, List<Object> upper, Object scn, List<Object> binds) {
    StringBuilder sql =
        new StringBuilder("SELECT COUNT(*), SUM(TO_NUMBER(SUBSTR(RAWTOHEX(STANDARD_HASH(");
    sql.append(concatenation(binds))
        .append(", 'MD5')), 1, 15), 'XXXXXXXXXXXXXXX'))")
        .append(from(scn, binds));
    return sql.append(range(after, upper, binds)).toString();
  }

  /**
   * Per row of {@code (after, upper]} in key order: the key columns, then one piece per compared
   * column.
   */
  public String pieces(List<Object> after, List<Object> upper, Object scn, List<Object> binds) {
    StringBuilder sql = new StringBuilder("SELECT ").append(keyList());
    for (ColumnCheck c : compared) {
      sql.append(", ").append(piece(c, binds));
    }
    sql.append(from(scn, binds)).append(range(after, upper, binds));
    return sql.append(" ORDER BY ").append(keyList()).toString();
  }

  /**
   * The key columns and pieces, as {@link #pieces}, of the rows with the given keys only (values of
   * the key columns in key order): {@code (K1 = ? AND K2 = ?) OR ...}, for a confirmation of keys
   * that differed.
   */
  public String piecesOf(List<List<Object>> keys, Object scn, List<Object> binds) {
    StringBuilder sql = new StringBuilder("SELECT ").append(keyList());
    for (ColumnCheck c : compared) {
      sql.append(", ").append(piece(c, binds));
    }
    sql.append(from(scn, binds)).append(" WHERE ");
    List<String> rows = new ArrayList<>();
    for (List<Object> k : keys) {
      List<String> parts = new ArrayList<>();
      for (int i = 0; i < key.size(); i++) {
        parts.add(quote(key.get(i).name()) + " = ?");
        binds.add(k.get(i));
      }
      rows.add("(" + String.join(" AND ", parts) + ")");
    }
    return sql.append(String.join(" OR ", rows)).toString();
  }

  private String from(Object scn, List<Object> binds) {
    binds.add(scn);
    return " FROM " + layout.table().quoted() + " AS OF SCN ?";
  }

  private String range(List<Object> after, List<Object> upper, List<Object> binds) {
    List<String> conditions = new ArrayList<>();
    if (!after.isEmpty()) {
      conditions.add(afterCondition(after, binds));
    }
    if (!upper.isEmpty()) {
      conditions.add("NOT " + afterCondition(upper, binds));
    }
    return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions);
  }

  /** {@code (K1 > ?) OR (K1 = ? AND K2 > ?) ...}: Oracle has no row-value comparison. */
  private String afterCondition(List<Object> after, List<Object> binds) {
    List<String> alternatives = new ArrayList<>();
    for (int i = 0; i < key.size(); i++) {
      StringBuilder one = new StringBuilder("(");
      for (int j = 0; j < i; j++) {
        one.append(quote(key.get(j).name())).append(" = ? AND ");
        binds.add(after.get(j));
      }
      one.append(quote(key.get(i).name())).append(" > ?)");
      binds.add(after.get(i));
      alternatives.add(one.toString());
    }
    return "(" + String.join(" OR ", alternatives) + ")";
  }

  private String keyList() {
    return String.join(", ", key.stream().map(c -> quote(c.name())).toList());
  }

  /**
   * The pieces joined, in groups of {@link Digests#GROUP} digested first (see {@link Digests#row}).
   */
  private String concatenation(List<Object> binds) {
    List<String> level = new ArrayList<>();
    for (ColumnCheck c : compared) {
      level.add(piece(c, binds));
    }
    if (level.isEmpty()) {
      return "'-'"; // a table of key columns alone still has a row to count
    }
    while (level.size() > Digests.GROUP) {
      List<String> next = new ArrayList<>();
      for (int i = 0; i < level.size(); i += Digests.GROUP) {
        next.add(
            "RAWTOHEX(STANDARD_HASH("
                + String.join(" || ", level.subList(i, Math.min(level.size(), i + Digests.GROUP)))
                + ", 'MD5'))");
      }
      level = next;
    }
    return String.join(" || ", level);
  }

  /** One column's piece: {@code '-'} for NULL, else the hex MD5 of its canonical text or bytes. */
  private String piece(ColumnCheck c, List<Object> binds) {
    String name = quote(c.name());
    String digest;
    if (c.lob()) {
      digest = "DBMS_CRYPTO.HASH(" + name + ", 2)";
    } else {
      String text =
          switch (c.kind()) {
            case NUMBER, FLOAT -> "TO_CHAR(" + name + ", 'TM9')";
            case DATE -> "TO_CHAR(" + name + ", 'YYYY-MM-DD HH24:MI:SS')";
            case TIMESTAMP ->
                "TO_CHAR(" + name + ", '" + Digests.timestampMask(c.fraction()) + "')";
            case NCHAR, NVARCHAR2 -> "TO_CHAR(" + name + ")";
            default -> name;
          };
      if (c.shape() == ColumnCheck.Shape.TRUNCATED) {
        text = "SUBSTR(" + text + ", 1, " + c.truncateTo() + ")";
      } else if (c.shape() == ColumnCheck.Shape.HASHED) {
        binds.add(salt);
        text = "LOWER(RAWTOHEX(STANDARD_HASH(? || " + text + ", 'SHA256')))";
      }
      digest = "STANDARD_HASH(" + text + ", 'MD5')";
    }
    return "CASE WHEN " + name + " IS NULL THEN '-' ELSE RAWTOHEX(" + digest + ") END";
  }

  static String quote(String name) {
    return '"' + name.replace("\"", "\"\"") + '"';
  }
}
