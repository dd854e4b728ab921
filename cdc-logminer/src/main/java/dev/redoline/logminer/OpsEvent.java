package dev.redoline.logminer;

import java.time.Instant;

/**
 * Something an operator may want to know that is not a change: a dead letter, an orphaned
 * transaction, the window growing or shrinking, a session restarted, a reconnect.
 *
 * @param type what happened
 * @param time when (engine clock)
 * @param message one line for people; never holds column values
 */
public record OpsEvent(Type type, Instant time, String message) {

  /** The kinds of ops events. */
  public enum Type {
    DEAD_LETTER, ORPHAN, WINDOW_CHANGED, SESSION_RESTARTED, RECONNECT, REMINE, WAITING_FOR_ARCHIVE
  }
}
