package dev.redoline.simulator.internal.sql;

import java.sql.Types;

/**
 * One column of a simulated view, typed as the SQL engine sees it: Oracle's NUMBER is {@code
 * NUMERIC(38)}, VARCHAR2 is {@code VARCHAR}, DATE is {@code TIMESTAMP(0)}, RAW is {@code
 * VARBINARY}.
 *
 * @param name the column name, as Oracle spells it ({@code THREAD#}, {@code DATA_OBJ#})
 * @param sqlType a {@link Types} constant
 * @param precision the precision or length
 * @param scale the scale
 */
public record ViewColumn(String name, int sqlType, int precision, int scale) {

  static ViewColumn number(String name) {
    return new ViewColumn(name, Types.NUMERIC, 38, 0);
  }

  static ViewColumn text(String name) {
    return new ViewColumn(name, Types.VARCHAR, 32_767, 0);
  }

  static ViewColumn date(String name) {
    return new ViewColumn(name, Types.TIMESTAMP, 26, 0);
  }

  static ViewColumn raw(String name) {
    return new ViewColumn(name, Types.VARBINARY, 2_000, 0);
  }
}
