package dev.redoline.decoder.internal;

import dev.redoline.core.Absent;
import dev.redoline.core.OracleType;
import dev.redoline.core.Row;
import java.math.BigDecimal;
import java.security.MessageDigest;

/**
 * Rows a snapshot read with a SELECT, made into the {@link Row} a streamed INSERT of the same
 * values decodes to: numbers take the decoder's number rule (a {@link Long} for a whole-number
 * type, else the declared scale), NUMBER(1) becomes a Boolean with {@code cdc.number.one.as.boolean},
 * hashed and truncated columns are shaped, and excluded columns are {@link Absent#EXCLUDED} (they
 * were never selected).
 */
final class SelectedValues {

  private SelectedValues() {}

  /** The row of {@code values} (one slot per layout column; left-out slots ignored). */
  static Row row(DecodePlan plan, Object[] values) {
    if (values.length != plan.size) {
      throw new IllegalArgumentException(values.length + " values for " + plan.size + " columns of "
          + plan.layout.table());
    }
    Object[] out = new Object[plan.size];
    MessageDigest digest = null;
    for (int i = 0; i < plan.size; i++) {
      if (plan.excluded[i]) {
        out[i] = Absent.EXCLUDED;
        continue;
      }
      Object v = values[i];
      if (v instanceof BigDecimal d && (plan.kinds[i] == OracleType.Kind.NUMBER
          || plan.kinds[i] == OracleType.Kind.FLOAT)) {
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
}
