package dev.redoline.bench.decoder;

import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableLayout;
import java.util.Random;

/**
 * SQL_REDO texts shaped like LogMiner's for the decoder benchmarks: a repeating 10-column type mix.
 */
final class RowTexts {

  private static final String[] NAMES = {
    "ORDER_ID",
    "CUSTOMER_NAME",
    "AMOUNT",
    "ORDER_DATE",
    "UPDATED_AT",
    "COUNTRY",
    "DESCRIPTION",
    "WEIGHT",
    "SHIPPED_AT",
    "STATUS"
  };
  private static final String[] TYPES = {
    "NUMBER(10,0)",
    "VARCHAR2(40)",
    "NUMBER(12,2)",
    "DATE",
    "TIMESTAMP(6)",
    "CHAR(10)",
    "VARCHAR2(100)",
    "NUMBER",
    "TIMESTAMP(6) WITH TIME ZONE",
    "VARCHAR2(20)"
  };
  private static final String[] WORDS = {
    "alpha", "Bob's", "widget", "crate", "blue", "large", "spare", "part", "Grüße", "order"
  };

  /** Share of NULL values: about 15%, never in the key column. */
  private static final int NULL_PERCENT = 15;

  private RowTexts() {}

  static String name(int i) {
    return NAMES[i % 10] + "_" + i;
  }

  static OracleType type(int i) {
    return OracleType.parse(TYPES[i % 10]);
  }

  static String render(Random random, TableLayout layout, Operation op) {
    int n = layout.columns().size();
    String table = layout.table().quoted();
    StringBuilder sb = new StringBuilder(n * 60);
    if (op == Operation.INSERT) {
      sb.append("insert into ").append(table).append('(');
      for (int i = 0; i < n; i++) {
        sb.append(i == 0 ? "\"" : ",\"").append(name(i)).append('"');
      }
      sb.append(") values (");
      for (int i = 0; i < n; i++) {
        sb.append(i == 0 ? "" : ",").append(value(random, i));
      }
      return sb.append(");").toString();
    }
    if (op == Operation.UPDATE) {
      sb.append("update ")
          .append(table)
          .append(" set \"")
          .append(name(1))
          .append("\" = ")
          .append(value(random, 1))
          .append(", \"")
          .append(name(2))
          .append("\" = ")
          .append(value(random, 2));
    } else {
      sb.append("delete from ").append(table);
    }
    sb.append(" where ");
    for (int i = 0; i < n; i++) {
      String v = value(random, i);
      sb.append(i == 0 ? "\"" : " and \"")
          .append(name(i))
          .append(v.equals("NULL") ? "\" IS NULL" : "\" = " + v);
    }
    return sb.append(" and ROWID = 'AAAR32AAHAAAAFbAAA';").toString();
  }

  private static String value(Random random, int i) {
    if (i != 0 && random.nextInt(100) < NULL_PERCENT) {
      return "NULL";
    }
    switch (i % 10) {
      case 0:
        return "'" + (1 + random.nextInt(99_999_999)) + "'";
      case 1:
        return "'" + words(random, 3) + "'";
      case 2:
        return "'" + random.nextInt(100_000) + "." + (10 + random.nextInt(90)) + "'";
      case 3:
        return String.format(
            "TO_DATE(' 2024-%02d-%02d %02d:%02d:%02d', 'SYYYY-MM-DD HH24:MI:SS')",
            1 + random.nextInt(12),
            1 + random.nextInt(28),
            random.nextInt(24),
            random.nextInt(60),
            random.nextInt(60));
      case 4:
        return String.format(
            "TO_TIMESTAMP(' 2024-02-%02d 10:58:02.%06d000')",
            1 + random.nextInt(28), random.nextInt(1_000_000));
      case 5:
        return "'"
            + (char) ('A' + random.nextInt(26))
            + (char) ('A' + random.nextInt(26))
            + "        '";
      case 6:
        return "'" + words(random, 6) + "'";
      case 7:
        return "'" + random.nextInt(1000) + "." + random.nextInt(10) + "'";
      case 8:
        return String.format(
            "TO_TIMESTAMP_TZ(' 2024-02-14 10:%02d:02.202590000 +01:00')", random.nextInt(60));
      default:
        return random.nextBoolean() ? "'SHIPPED'" : "'PENDING'";
    }
  }

  private static String words(Random random, int count) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      String w = WORDS[random.nextInt(WORDS.length)];
      sb.append(i == 0 ? "" : " ").append(w.replace("'", "''"));
    }
    return sb.toString();
  }
}
