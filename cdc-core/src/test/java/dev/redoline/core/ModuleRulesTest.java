package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ModuleRulesTest {

  @Test
  void tree_followsModuleMap() {
    assertThat(ModuleRules.checkTree(ProjectRoot.path()))
        .as("imports that break docs/architecture.md#modules (see ModuleRules)")
        .isEmpty();
  }

  @Test
  void check_rejectsJdbcInDecoder() {
    String fixture =
        "package dev.redoline.decoder.internal;\n\nimport java.sql.Connection;\nimport java.util.List;\n";
    assertThat(ModuleRules.check("cdc-decoder", "Bad.java", fixture))
        .containsExactly("Bad.java:3: import java.sql.Connection;");
  }

  @Test
  void check_rejectsUpwardAndFullyQualifiedReferences() {
    String fixture =
        "class X {\n  // java.sql.Connection in a comment is fine\n"
            + "  dev.redoline.logminer.internal.LogMinerGateway g;\n  org.apache.kafka.connect.data.Struct s;\n}\n";
    assertThat(ModuleRules.check("cdc-buffer", "X.java", fixture))
        .containsExactly(
            "X.java:3: dev.redoline.logminer.internal.LogMinerGateway g;",
            "X.java:4: org.apache.kafka.connect.data.Struct s;");
  }

  @Test
  void check_allowsWhatTheModuleMayUse() {
    String fixture =
        "import java.sql.SQLException;\nimport dev.redoline.decoder.internal.RedoDecoder;\n"
            + "import oracle.jdbc.OracleConnection;\n";
    assertThat(ModuleRules.check("cdc-logminer", "Ok.java", fixture)).isEmpty();
    assertThat(ModuleRules.check("cdc-core", "Core.java", "import org.slf4j.Logger;\n")).isEmpty();
  }

  /**
   * The one package of the engine the two sinks (cdc-embedded, cdc-connect) use beyond the public
   * API packages: the seam between the engine and its sinks
   * (docs/architecture.md#the-seam-between-the-engine-and-its-sinks).
   */
  static final String SEAM = "dev.redoline.logminer.seam";

  /**
   * Internal types a sink names besides the seam: none of the engine's. This list may only shrink;
   * a sink that needs more of the engine gets it through the seam.
   */
  static final Set<String> BESIDE_THE_SEAM =
      Set.of(
          // The little JSON of the embedded engine's state files: shared with the command-line
          // tool and verification, none of the engine's.
          "dev.redoline.core.internal.Json");

  private static final Pattern NON_API_REFERENCE =
      Pattern.compile(
          "dev\\.redoline\\.[a-z]+\\.(?:internal|seam)(?:\\.[a-z]+)*\\.[A-Z][A-Za-z0-9]*");

  @Test
  void sinks_useNoEngineInternalsBeyondTheSeam() throws IOException {
    Set<String> used = new TreeSet<>();
    for (String sink : new String[] {"cdc-embedded", "cdc-connect"}) {
      try (Stream<Path> files =
          Files.walk(ProjectRoot.path().resolve(sink).resolve("src/main/java"))) {
        for (Path file :
            (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
          Matcher m = NON_API_REFERENCE.matcher(Files.readString(file, StandardCharsets.UTF_8));
          while (m.find()) {
            used.add(m.group());
          }
        }
      }
    }
    assertThat(used).as("seam types the sinks use").anyMatch(t -> t.startsWith(SEAM + "."));
    assertThat(used)
        .as("non-API types a sink uses beyond the seam")
        .allMatch(
            t ->
                t.startsWith(SEAM + ".") && t.indexOf('.', SEAM.length() + 1) < 0
                    || BESIDE_THE_SEAM.contains(t));
  }
}
