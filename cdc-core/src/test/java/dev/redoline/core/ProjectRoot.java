package dev.redoline.core;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the repository root from a module's test working directory (shared through the test-jar).
 */
public final class ProjectRoot {

  private ProjectRoot() {}

  /** The nearest directory at or above the working directory that holds {@code mvnw}. */
  public static Path path() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("No mvnw above " + Path.of("").toAbsolutePath());
    }
    return dir;
  }
}
