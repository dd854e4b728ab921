/**
 * The decoder of LogMiner's SQL_REDO text into typed changes. Only the capture engine calls it, so
 * its one package is internal and exported by name to {@code dev.redoline.logminer} and to {@code
 * dev.redoline.verify}, which shapes compared values by the same column rules.
 */
@SuppressWarnings("module") // the qualified export names a module built after this one
module dev.redoline.decoder {
  requires dev.redoline.core;
  requires com.github.benmanes.caffeine;

  exports dev.redoline.decoder.internal to
      dev.redoline.logminer,
      dev.redoline.verify;
}
