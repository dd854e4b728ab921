package dev.redoline.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The import half of docs/architecture.md#modules (the enforcer's bannedDependencies rule in each
 * POM is the dependency half): which packages each module's main code may name.
 *
 * <p>JDBC ({@code java.sql}) belongs to cdc-logminer (its client) and cdc-simulator (its server
 * side) and cdc-verify (which reads Oracle and JDBC targets), the SQL engine H2 to cdc-simulator
 * alone and Kafka to cdc-connect and cdc-verify (its topic target), and a module names only the
 * Redoline modules below it; the sinks also name cdc-buffer, whose {@code TransactionJournal} port
 * they implement. A line is checked unless it is a comment or the package declaration.
 */
final class ModuleRules {

  /** Packages no module may name unless its rule lists them as allowed. */
  private static final List<String> GUARDED =
      List.of(
          "java.sql.",
          "javax.sql.",
          "org.apache.kafka.",
          "oracle.jdbc.",
          "oracle.sql.",
          "com.github.benmanes.caffeine.",
          "org.h2.",
          "dev.redoline.");

  /** Per module: the guarded packages it may name. */
  static final Map<String, List<String>> ALLOWED =
      Map.of(
          "cdc-core", List.of("dev.redoline.core."),
          "cdc-decoder",
              List.of(
                  "dev.redoline.core.", "dev.redoline.decoder.", "com.github.benmanes.caffeine."),
          "cdc-buffer", List.of("dev.redoline.core.", "dev.redoline.buffer."),
          "cdc-logminer",
              List.of(
                  "dev.redoline.core.",
                  "dev.redoline.decoder.",
                  "dev.redoline.buffer.",
                  "dev.redoline.logminer.",
                  "java.sql.",
                  "javax.sql.",
                  "oracle.jdbc.",
                  "oracle.sql."),
          "cdc-simulator",
              List.of("dev.redoline.core.", "dev.redoline.simulator.", "java.sql.", "org.h2."),
          "cdc-verify",
              List.of(
                  "dev.redoline.core.",
                  "dev.redoline.decoder.",
                  "dev.redoline.logminer.",
                  "dev.redoline.verify.",
                  "java.sql.",
                  "org.apache.kafka."),
          "cdc-embedded",
              List.of(
                  "dev.redoline.core.",
                  "dev.redoline.buffer.",
                  "dev.redoline.logminer.",
                  "dev.redoline.embedded."),
          "cdc-connect",
              List.of(
                  "dev.redoline.core.",
                  "dev.redoline.buffer.",
                  "dev.redoline.logminer.",
                  "dev.redoline.connect.",
                  "dev.redoline.verify.",
                  "org.apache.kafka."),
          "cdc-tools",
              List.of(
                  "dev.redoline.core.",
                  "dev.redoline.logminer.",
                  "dev.redoline.embedded.",
                  "dev.redoline.verify.",
                  "dev.redoline.tools."));

  private ModuleRules() {}

  /** Violations in one source text of {@code module}, as {@code file:line: text}. */
  static List<String> check(String module, String fileName, String source) {
    List<String> allowed = ALLOWED.get(module);
    List<String> violations = new ArrayList<>();
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].trim();
      if (line.startsWith("//")
          || line.startsWith("*")
          || line.startsWith("/*")
          || line.startsWith("package ")) {
        continue;
      }
      for (String guarded : GUARDED) {
        int at = line.indexOf(guarded);
        if (at >= 0 && !isAllowed(line.substring(at), allowed)) {
          violations.add(fileName + ":" + (i + 1) + ": " + line);
          break;
        }
      }
    }
    return violations;
  }

  private static boolean isAllowed(String reference, List<String> allowed) {
    return allowed.stream().anyMatch(reference::startsWith);
  }

  /** Violations in all main sources of every ruled module under {@code root}. */
  static List<String> checkTree(Path root) {
    List<String> violations = new ArrayList<>();
    for (String module : ALLOWED.keySet()) {
      Path sources = root.resolve(module).resolve("src/main/java");
      if (!Files.isDirectory(sources)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(sources)) {
        // module-info.java names modules, not packages: javac checks its requires against the
        // POM's.
        for (Path file :
            (Iterable<Path>)
                files.filter(f -> f.toString().endsWith(".java") && !f.endsWith("module-info.java"))
                    ::iterator) {
          String text = Files.readString(file, StandardCharsets.UTF_8);
          violations.addAll(check(module, root.relativize(file).toString(), text));
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return violations;
  }
}
