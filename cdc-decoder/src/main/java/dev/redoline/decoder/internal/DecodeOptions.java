package dev.redoline.decoder.internal;

/**
 * The decoder's settings that change how text becomes values, compiled into every {@link
 * DecodePlan} so the scanner reads them from the plan it already holds.
 *
 * @param numberOneAsBoolean {@code cdc.number.one.as.boolean}: NUMBER(1) values become Booleans
 * @param relaxedQuotes {@code cdc.decode.relaxed.quotes}: a quote LogMiner did not double stays in
 *     the value when what follows it cannot follow a literal
 */
record DecodeOptions(boolean numberOneAsBoolean, boolean relaxedQuotes) {

  /** Both settings off, as their defaults. */
  static final DecodeOptions DEFAULTS = new DecodeOptions(false, false);
}
