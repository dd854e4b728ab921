package dev.redoline.buffer.internal;

/**
 * A frame or payload that does not parse. Internal: the spill and journal readers catch it and
 * throw a {@link dev.redoline.core.CdcException} with the code of their file kind and the file
 * name.
 */
final class FrameFormatException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  FrameFormatException(String message) {
    super(message);
  }
}
