/**
 * Programs a user copies from. A module of their own, so that the compiler holds them to what the
 * library exports: an example that compiles here needs nothing a user cannot reach.
 */
@SuppressWarnings("requires-automatic") // kafka-clients names no module: its file name gives one
module dev.redoline.examples {
  requires dev.redoline.embedded;
  requires dev.redoline.simulator;
  requires kafka.clients;
}
