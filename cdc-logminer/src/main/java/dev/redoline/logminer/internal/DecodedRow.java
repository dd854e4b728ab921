package dev.redoline.logminer.internal;

import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.RedoRow;
import dev.redoline.decoder.internal.LobPiece;

/**
 * A row of a step with what decoding made of it: what {@link StepApplier#decode} hands to {@link
 * StepApplier#apply}. Decoding covers a whole step (or chunk) before any row touches the buffer, so
 * each row carries its outcome to the apply stage; the kinds are closed, and every kind says what
 * the apply stage receives, so no outcome is an untyped value or a {@code null} to be told apart by
 * a cast.
 */
sealed interface DecodedRow {

  /** The row, in redo order. */
  RedoRow row();

  /**
   * Not decoded, and nothing to decode it into: a control row (START, COMMIT, DDL, ...), an undo
   * row, a row of an excluded user's transaction or of a skipped operation, a LOB row of a table
   * not captured or a write nothing would use.
   */
  record Undecoded(RedoRow row) implements DecodedRow {}

  /** A DML row decoded into its change. */
  record Decoded(RedoRow row, Change change) implements DecodedRow {}

  /** A LOB row decoded into its piece, for the {@link LobAssembler}. */
  record Lob(RedoRow row, LobPiece piece) implements DecodedRow {}

  /**
   * A DML or LOB row that could not be decoded: it stops the capture or becomes a dead letter when
   * applied.
   */
  record Failed(RedoRow row, DecodeException error) implements DecodedRow {}
}
