package dev.redoline.decoder.internal;

import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;

/**
 * The outcome of decoding one {@link DecodeInput}: exactly one of a {@link Change} and a {@link
 * DecodeException}. {@link RedoDecoder#decodeAll} returns one per input row, so one bad row does
 * not hide the others.
 *
 * <pre>{@code
 * for (DecodeResult r : decoder.decodeAll(rows)) {
 *   if (r.isChange()) buffer.add(r.change()); else deadLetters.add(r.error());
 * }
 * }</pre>
 *
 * @param change the decoded change, or {@code null} on error
 * @param error the error, or {@code null} on success
 */
public record DecodeResult(Change change, DecodeException error) {

  public DecodeResult {
    if ((change == null) == (error == null)) {
      throw new IllegalArgumentException("exactly one of change and error must be set");
    }
  }

  static DecodeResult of(Change change) {
    return new DecodeResult(change, null);
  }

  static DecodeResult of(DecodeException error) {
    return new DecodeResult(null, error);
  }

  /** Whether decoding succeeded. */
  public boolean isChange() {
    return change != null;
  }

  /** The change, or throws the decode error. */
  public Change orThrow() {
    if (error != null) {
      throw error;
    }
    return change;
  }
}
