package dev.redoline.logminer;

/** Receives {@link OpsEvent}s on the capture thread; must return quickly and not throw. */
@FunctionalInterface
public interface OpsListener {

  void onEvent(OpsEvent event);
}
