/**
 * Redoline's values, configuration and errors: what every other module builds on and what a user of
 * the library receives (changes, rows, positions, table layouts, configuration keys, error codes).
 * {@code dev.redoline.core.internal} holds what the library's own modules share and users never
 * receive (a transaction before delivery, the stream a sink consumes, Oracle's NLS and error
 * parsing); it is exported to those modules alone.
 */
@SuppressWarnings("module") // the qualified exports name modules built after this one
module dev.redoline.core {
  requires org.slf4j;

  exports dev.redoline.core;
  exports dev.redoline.core.internal to
      dev.redoline.decoder,
      dev.redoline.buffer,
      dev.redoline.logminer,
      dev.redoline.simulator,
      dev.redoline.embedded,
      dev.redoline.connect,
      dev.redoline.tools;
}
