package dev.redoline.logminer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.Scn;

/**
 * Which committed changes a snapshot chunk already holds the effect of, and so stay out of the
 * stream ({@link FirstChunks} says which). {@link Publisher} hands it with each transaction, and
 * {@link TransactionChanges} applies it as it streams the changes to the sink.
 */
@FunctionalInterface
interface Reflected {

  /** No change is left out. */
  Reflected NOTHING = (change, scn) -> false;

  /** Whether {@code change}, committed at {@code commitScn}, is already in a chunk. */
  boolean test(Change change, Scn commitScn);
}
