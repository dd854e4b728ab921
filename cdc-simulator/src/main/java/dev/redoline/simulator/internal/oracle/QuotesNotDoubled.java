package dev.redoline.simulator.internal.oracle;

import dev.redoline.simulator.internal.sql.SqlSink;

/**
 * A sink passing a text on to another with every doubled quote written once, pairs taken from the
 * left as {@code String.replace("''", "'")} takes them, a pair split between two appends included:
 * the SQL of a table whose {@link dev.redoline.simulator.SchemaChanges.RowText} leaves quotes
 * undoubled, for its text and its CSF count alike.
 */
final class QuotesNotDoubled implements SqlSink {
  private final SqlSink out;
  private boolean quote;

  QuotesNotDoubled(SqlSink out) {
    this.out = out;
  }

  @Override
  public SqlSink append(char c) {
    if (c == '\'') {
      if (quote) {
        out.append('\'');
      }
      quote = !quote;
      return this;
    }
    end();
    out.append(c);
    return this;
  }

  /** Passes on a last quote that no second one followed. */
  void end() {
    if (quote) {
      out.append('\'');
      quote = false;
    }
  }
}
