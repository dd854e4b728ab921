package dev.redoline.tools.internal;

/**
 * A command line that cannot be carried out as written: exit {@link ExitCode#USAGE} with the
 * message.
 */
public final class UsageException extends Exception {

  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
