package dev.redoline.logminer.internal;

import dev.redoline.logminer.OpsEvent;
import dev.redoline.logminer.OpsListener;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the capture's parts report ops events: each is logged (WARN when a user should notice it,
 * DEBUG when routine, {@link OpsEvent.Type#noticeable()}) and handed to the {@link OpsListener},
 * stamped with the engine clock.
 */
final class OpsLog {

  private static final Logger LOG = LoggerFactory.getLogger(OpsLog.class);

  private final OpsListener listener;
  private final Clock clock;

  OpsLog(OpsListener listener, Clock clock) {
    this.listener = listener;
    this.clock = clock;
  }

  void event(OpsEvent.Type type, String message) {
    if (type.noticeable()) {
      LOG.warn("{}: {}", type, message);
    } else {
      LOG.debug("{}: {}", type, message);
    }
    listener.onEvent(new OpsEvent(type, clock.instant(), message));
  }
}
