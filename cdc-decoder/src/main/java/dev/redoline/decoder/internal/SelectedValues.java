package dev.redoline.decoder.internal;

import dev.redoline.core.Absent;
import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import java.math.BigDecimal;
import java.security.MessageDigest;

/**
 * Rows a snapshot read with a SELECT, made into the {@link Row} a streamed INSERT of the same
 * values decodes to: numbers take the decoder's number rule (a {@link Long} for a whole-number
 * type, else the declared scale), NUMBER(1) becomes a Boolean with {@code
 * cdc.number.one.as.boolean}, hashed and truncated columns are shaped, and excluded columns are
 * {@link Absent#EXCLUDED} (they were never selected).
 *
 * <p>INTERVAL and VECTOR values are selected as text ({@code TO_CHAR}, {@code FROM_VECTOR}): the
 * same text LogMiner writes inside {@code TO_YMINTERVAL}, {@code TO_DSINTERVAL} and {@code
 * TO_VECTOR}, so they are parsed by the rules that decode the redo's literals and become the same
 * {@link java.time.Period}, {@link java.time.Duration} and {@link dev.redoline.core.VectorValue}.
 */
final class SelectedValues {

  private SelectedValues() {}

  /** The row of {@code values} (one slot per layout column; left-out slots ignored). */
  static Row row(DecodePlan plan, Object[] values) {
    if (values.length != plan.size) {
      throw new IllegalArgumentException(
          values.length + " values for " + plan.size + " columns of " + plan.layout.table());
    }
    Object[] out = new Object[plan.size];
    MessageDigest digest = null;
    for (int i = 0; i < plan.size; i++) {
      if (plan.excluded[i]) {
        out[i] = Absent.EXCLUDED;
        continue;
      }
      Object v = values[i];
      if (v instanceof String text && isText(plan.kinds[i])) {
        v = fromText(plan, i, text);
      }
      if (v instanceof BigDecimal d
          && (plan.kinds[i] == OracleType.Kind.NUMBER || plan.kinds[i] == OracleType.Kind.FLOAT)) {
        // Oracle stores no trailing zeros: the redo's literal has none either
        String text = d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
        v = NumberValues.number(text, 0, text.length(), plan.types[i]);
      }
      if (plan.anyAsBoolean && plan.asBoolean[i]) {
        v = LiteralConverter.numberOneAsBoolean(v);
      }
      if (plan.shaped[i] && v instanceof String text) {
        if (plan.hashed[i]) {
          digest = digest == null ? ColumnShaping.newDigest() : digest;
          v = plan.shaping.hash(digest, text);
        } else {
          v = ColumnShaping.truncate(text, plan.truncateTo[i]);
        }
      }
      out[i] = v;
    }
    return Row.of(out);
  }

  /** Whether a selected value of this kind arrives as text to be parsed (see the class comment). */
  private static boolean isText(OracleType.Kind kind) {
    return kind == OracleType.Kind.INTERVAL_YM
        || kind == OracleType.Kind.INTERVAL_DS
        || kind == OracleType.Kind.VECTOR;
  }

  private static Object fromText(DecodePlan plan, int i, String text) {
    try {
      return switch (plan.kinds[i]) {
        case INTERVAL_YM -> TemporalValues.yearMonth(text, 0, text.length());
        case INTERVAL_DS -> TemporalValues.daySecond(text, 0, text.length());
        default -> Oracle23aiValues.vectorText(text, plan.types[i]);
      };
    } catch (ScanFailure e) {
      throw new CdcException(
          ErrorCode.SNAPSHOT_COLUMN_UNREADABLE,
          "Snapshot of "
              + plan.layout.table()
              + ": column "
              + plan.layout.columns().get(i).name()
              + " of type "
              + plan.types[i]
              + " was selected as text the decoder cannot read: "
              + e.getMessage(),
          e);
    }
  }
}
