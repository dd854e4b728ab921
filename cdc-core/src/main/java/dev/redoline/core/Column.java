package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * One column of a {@link TableLayout}.
 *
 * @param name the column name exactly as stored in the dictionary
 * @param position the 1-based column id ({@code COLUMN_ID}), which is also LogMiner's {@code "COL
 *     <n>"} number
 * @param type the declared type
 * @param nullable whether the column accepts NULL
 */
public record Column(String name, int position, OracleType type, boolean nullable) {

  public Column {
    Checks.notNull(name, "name");
    Checks.notNull(type, "type");
    Checks.argument(!name.isEmpty(), "column name must not be empty");
    Checks.argument(position >= 1, "position must be 1 or more: %s", position);
  }
}
