package dev.redoline.decoder.internal;

import dev.redoline.core.ErrorCode;

/**
 * Why a scan stopped, before it becomes a {@link dev.redoline.core.DecodeException} with the table
 * and a redacted excerpt. Internal and cheap: no stack trace, since bad rows can be many.
 */
final class ScanFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  final ErrorCode code;
  final String problem;
  final String column;
  final int offset;

  /** The excerpt may show text up to here and no further (see {@link Excerpts}). */
  final int limit;

  ScanFailure(ErrorCode code, String problem, String column, int offset, int limit) {
    super(problem, null, false, false);
    this.code = code;
    this.problem = problem;
    this.column = column;
    this.offset = offset;
    this.limit = limit;
  }

  /** A conversion failure; the scanner adds the column and position. */
  static ScanFailure value(String problem) {
    return new ScanFailure(ErrorCode.VALUE_NOT_CONVERTIBLE, problem, null, -1, -1);
  }
}
