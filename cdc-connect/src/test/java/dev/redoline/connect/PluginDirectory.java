package dev.redoline.connect;

import dev.redoline.simulator.SimulatorServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A {@code plugin.path} directory set up as docs/connect.md tells a user to for a crash drill: the
 * plugin archive unzipped, and the simulator's jar copied into the plugin's own {@code lib/}
 * (beside the connector's jars, in its class loader) so that it can reach a simulator server.
 */
final class PluginDirectory {

  private PluginDirectory() {}

  /**
   * Unzips {@code archive} into {@code plugins} and adds the simulator's jar; returns {@code
   * plugins}.
   */
  static Path withSimulator(Path archive, Path plugins) throws IOException {
    Files.createDirectories(plugins);
    PluginArchiveIT.unzip(archive, plugins);
    Path lib;
    try (Stream<Path> dirs = Files.list(plugins)) {
      lib = dirs.findFirst().orElseThrow().resolve("lib");
    }
    Path simulator =
        Path.of(
            SimulatorServer.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    Path target = lib.resolve("cdc-simulator.jar");
    if (Files.isDirectory(simulator)) {
      jar(simulator, target); // run from an IDE: the module's classes, not its jar
    } else {
      Files.copy(simulator, target);
    }
    return plugins;
  }

  private static void jar(Path classes, Path target) throws IOException {
    try (OutputStream out = Files.newOutputStream(target);
        JarOutputStream jar = new JarOutputStream(out);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
        jar.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        try (InputStream in = Files.newInputStream(f)) {
          in.transferTo(jar);
        }
        jar.closeEntry();
      }
    }
  }
}
