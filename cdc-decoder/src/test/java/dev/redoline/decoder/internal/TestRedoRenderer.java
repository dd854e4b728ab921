package dev.redoline.decoder.internal;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.Random;

/**
 * A test-only renderer of SQL_REDO the way LogMiner prints it (docs/logminer.md#statement-text and
 * #literals, session NLS of OracleNls), with the variations the spec allows: optional delimiter,
 * optional ROWID clause, a blank before the column list, long national strings split into UNISTR
 * chains, NaN/Inf spellings and numbers without a leading zero.
 */
final class TestRedoRenderer {

  private final Random random;

  TestRedoRenderer(Random random) {
    this.random = random;
  }

  String insert(TableLayout layout, Object[] values) {
    StringBuilder sb = new StringBuilder("insert into ").append(layout.table().quoted());
    sb.append(random.nextInt(4) == 0 ? " (" : "(");
    for (int i = 0; i < values.length; i++) {
      sb.append(i == 0 ? "" : ",").append('"').append(layout.column(i).name()).append('"');
    }
    sb.append(") values (");
    for (int i = 0; i < values.length; i++) {
      sb.append(i == 0 ? "" : ",").append(literal(layout.column(i).type(), values[i]));
    }
    return sb.append(')').append(delimiter()).toString();
  }

  /** {@code set} and {@code where} hold the values of the columns they name, others are skipped. */
  String update(
      TableLayout layout,
      boolean[] inSet,
      Object[] set,
      boolean[] inWhere,
      Object[] where,
      String rowId) {
    StringBuilder sb = new StringBuilder("update ").append(layout.table().quoted()).append(" set ");
    boolean first = true;
    for (int i = 0; i < set.length; i++) {
      if (inSet[i]) {
        sb.append(first ? "" : ", ")
            .append('"')
            .append(layout.column(i).name())
            .append("\" = ")
            .append(literal(layout.column(i).type(), set[i]));
        first = false;
      }
    }
    return sb.append(where(layout, inWhere, where, rowId)).append(delimiter()).toString();
  }

  String delete(TableLayout layout, boolean[] inWhere, Object[] where, String rowId) {
    return "delete from "
        + layout.table().quoted()
        + where(layout, inWhere, where, rowId)
        + delimiter();
  }

  private String where(TableLayout layout, boolean[] inWhere, Object[] values, String rowId) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      if (!inWhere[i]) {
        continue;
      }
      sb.append(sb.length() == 0 ? " where " : " and ")
          .append('"')
          .append(layout.column(i).name())
          .append('"');
      sb.append(
          values[i] == null ? " IS NULL" : " = " + literal(layout.column(i).type(), values[i]));
    }
    if (rowId != null) {
      sb.append(sb.length() == 0 ? " where " : " and ")
          .append("ROWID = '")
          .append(rowId)
          .append('\'');
    }
    return sb.toString();
  }

  private String delimiter() {
    return random.nextInt(5) == 0 ? "" : ";";
  }

  String literal(OracleType type, Object value) {
    if (value == null) {
      return "NULL";
    }
    switch (type.kind()) {
      case NUMBER:
      case FLOAT:
        return "'" + number(value) + "'";
      case BINARY_FLOAT:
      case BINARY_DOUBLE:
        return "'" + binary(((Number) value).doubleValue(), value.toString()) + "'";
      case NCHAR:
      case NVARCHAR2:
      case NCLOB:
        return national((String) value);
      case CHAR:
      case VARCHAR2:
      case CLOB:
        return quote((String) value);
      case DATE:
        return "TO_DATE('" + dateTime((LocalDateTime) value, -1) + "', 'YYYY-MM-DD HH24:MI:SS')";
      case TIMESTAMP:
        return "TO_TIMESTAMP('" + dateTime((LocalDateTime) value, 9) + "')";
      case TIMESTAMP_TZ:
        {
          OffsetDateTime o = (OffsetDateTime) value;
          return "TO_TIMESTAMP_TZ('"
              + dateTime(o.toLocalDateTime(), 9)
              + " "
              + offset(o.getOffset())
              + "')";
        }
      case TIMESTAMP_LTZ:
        return "TO_TIMESTAMP_TZ('"
            + dateTime(LocalDateTime.ofInstant((Instant) value, ZoneOffset.UTC), 9)
            + " +00:00')";
      case INTERVAL_YM:
        {
          Period p = (Period) value;
          boolean negative = p.getYears() < 0 || p.getMonths() < 0;
          return String.format(
              "TO_YMINTERVAL('%s%02d-%02d')",
              negative ? "-" : "+", Math.abs(p.getYears()), Math.abs(p.getMonths()));
        }
      case INTERVAL_DS:
        return dsInterval((Duration) value);
      case RAW:
      case BLOB:
        return "HEXTORAW('" + ((Bytes) value).toHex() + "')";
      default:
        throw new IllegalArgumentException("renderer does not render " + type);
    }
  }

  /** Oracle's number text: no leading zero before the point, no trailing zeros after it. */
  private String number(Object value) {
    if (value instanceof Long l) {
      return l.toString();
    }
    BigDecimal d = ((BigDecimal) value).stripTrailingZeros();
    if (d.scale() < -20 && random.nextBoolean()) {
      return d.toString();
    }
    String plain = d.toPlainString();
    if (plain.startsWith("0.")) {
      return plain.substring(1);
    }
    return plain.startsWith("-0.") ? "-" + plain.substring(2) : plain;
  }

  private String binary(double v, String javaText) {
    if (Double.isNaN(v)) {
      return random.nextBoolean() ? "NaN" : "Nan";
    }
    if (Double.isInfinite(v)) {
      return (v < 0 ? "-" : "") + (random.nextBoolean() ? "Inf" : "INF");
    }
    return javaText;
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }

  /** Plain literal for ASCII text, else UNISTR chains of at most 8 UTF-16 units each. */
  private String national(String s) {
    boolean ascii = s.chars().allMatch(c -> c < 128);
    if (ascii && random.nextBoolean()) {
      return quote(s);
    }
    StringBuilder sb = new StringBuilder();
    int units = 0;
    sb.append("UNISTR('");
    for (int i = 0; i < s.length(); i++) {
      if (units == 8) {
        sb.append("') || UNISTR('");
        units = 0;
      }
      char c = s.charAt(i);
      if (c >= 128 || c == '\\') {
        sb.append(String.format("\\%04X", (int) c));
      } else {
        sb.append(c == '\'' ? "''" : String.valueOf(c));
      }
      units++;
    }
    return sb.append("')").toString();
  }

  private static String dateTime(LocalDateTime t, int fractionDigits) {
    String s =
        String.format(
            "%04d-%02d-%02d %02d:%02d:%02d",
            t.getYear(),
            t.getMonthValue(),
            t.getDayOfMonth(),
            t.getHour(),
            t.getMinute(),
            t.getSecond());
    return fractionDigits < 0 ? s : s + String.format(".%09d", t.getNano());
  }

  private static String offset(ZoneOffset offset) {
    int total = offset.getTotalSeconds();
    int abs = Math.abs(total);
    return String.format("%s%02d:%02d", total < 0 ? "-" : "+", abs / 3600, abs / 60 % 60);
  }

  private static String dsInterval(Duration d) {
    boolean negative = d.isNegative();
    Duration a = d.abs();
    long seconds = a.getSeconds();
    return String.format(
        "TO_DSINTERVAL('%s%03d %02d:%02d:%02d.%09d')",
        negative ? "-" : "+",
        seconds / 86400,
        seconds / 3600 % 24,
        seconds / 60 % 60,
        seconds % 60,
        a.getNano());
  }

  /** Kinds this renderer handles. */
  static final Kind[] KINDS = {
    Kind.NUMBER,
    Kind.FLOAT,
    Kind.BINARY_FLOAT,
    Kind.BINARY_DOUBLE,
    Kind.CHAR,
    Kind.NCHAR,
    Kind.VARCHAR2,
    Kind.NVARCHAR2,
    Kind.CLOB,
    Kind.NCLOB,
    Kind.DATE,
    Kind.TIMESTAMP,
    Kind.TIMESTAMP_TZ,
    Kind.TIMESTAMP_LTZ,
    Kind.INTERVAL_YM,
    Kind.INTERVAL_DS,
    Kind.RAW,
    Kind.BLOB
  };
}
