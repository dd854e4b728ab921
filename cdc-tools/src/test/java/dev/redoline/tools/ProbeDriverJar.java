package dev.redoline.tools;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds a jar as an operator would drop into the tool's {@code lib/}: a JDBC driver of {@code
 * jdbc:probe:} URLs, registered for {@code ServiceLoader}, whose every connection attempt fails
 * with {@link #MESSAGE}, so the tool's output shows it was loaded. Compiled from source when the
 * test runs, so no class of it is on the test's own class path.
 */
final class ProbeDriverJar {

  /** What the driver's connection attempt fails with. */
  static final String MESSAGE = "probe driver from lib/ reached";

  private static final String SOURCE =
      """
      package probe;

      public final class ProbeDriver implements java.sql.Driver {
        public java.sql.Connection connect(String url, java.util.Properties info)
            throws java.sql.SQLException {
          if (!acceptsURL(url)) {
            return null;
          }
          throw new java.sql.SQLException("%s", "08001");
        }

        public boolean acceptsURL(String url) {
          return url.startsWith("jdbc:probe:");
        }

        public java.sql.DriverPropertyInfo[] getPropertyInfo(String url, java.util.Properties p) {
          return new java.sql.DriverPropertyInfo[0];
        }

        public int getMajorVersion() {
          return 1;
        }

        public int getMinorVersion() {
          return 0;
        }

        public boolean jdbcCompliant() {
          return false;
        }

        public java.util.logging.Logger getParentLogger() {
          return java.util.logging.Logger.getGlobal();
        }
      }
      """
          .formatted(MESSAGE);

  private ProbeDriverJar() {}

  /** Compiles the driver in {@code work} and writes its jar to {@code jar}. */
  static void write(Path work, Path jar) throws IOException {
    Path source = work.resolve("src/probe/ProbeDriver.java");
    Path classes = work.resolve("classes");
    Files.createDirectories(source.getParent());
    Files.createDirectories(classes);
    Files.writeString(source, SOURCE);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    if (javac == null) {
      throw new IllegalStateException("the tests need a JDK: no system Java compiler");
    }
    int status =
        javac.run(null, null, null, "-d", classes.toString(), "--release", "17", source.toString());
    if (status != 0) {
      throw new IllegalStateException("the probe driver did not compile: status " + status);
    }
    try (OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(new JarEntry("probe/ProbeDriver.class"));
      out.write(Files.readAllBytes(classes.resolve("probe/ProbeDriver.class")));
      out.closeEntry();
      out.putNextEntry(new JarEntry("META-INF/services/java.sql.Driver"));
      out.write("probe.ProbeDriver\n".getBytes(StandardCharsets.UTF_8));
      out.closeEntry();
    }
  }
}
