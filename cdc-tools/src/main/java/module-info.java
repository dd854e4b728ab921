/**
 * The {@code redoline} command-line tool. {@code dev.redoline.tools} holds its entry point ({@link
 * dev.redoline.tools.Redoline}); the commands are internal. It uses the capture engine through its
 * API only ({@code Database}: the preflight, redo availability) and the embedded engine's offset
 * file; the simulator's driver is on its path at run time, found as a service.
 */
module dev.redoline.tools {
  requires dev.redoline.embedded;
  requires dev.redoline.verify;

  exports dev.redoline.tools;
}
