package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;

/**
 * Which committed changes a snapshot chunk already holds the effect of, and so stay out of the
 * stream ({@link FirstChunks} says which). {@link Publisher} hands it with each transaction, and
 * {@link TransactionChanges} applies it as it streams the changes to the sink.
 */
@FunctionalInterface
interface Reflected {

  /** No change is left out. */
  Reflected NOTHING = (table, scn) -> false;

  /** Whether the changes of {@code table} committed at {@code commitScn} are already in a chunk. */
  boolean test(TableId table, Scn commitScn);
}
