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
   * The engine's internal types the two sinks (cdc-embedded, cdc-connect) use: the seam between the
   * engine and its sinks (docs/architecture.md#the-seam-between-the-engine-and-its-sinks). This
   * list may only shrink; a sink that needs more of the engine gets it through the seam's types.
   */
  static final Set<String> SEAM =
      Set.of(
          "dev.redoline.logminer.internal.CaptureEngine",
          "dev.redoline.logminer.internal.CaptureStream",
          "dev.redoline.core.internal.StreamEvent",
          "dev.redoline.core.internal.ChangeSequence",
          "dev.redoline.core.internal.Json",
          "dev.redoline.core.internal.KeyColumns",
          "dev.redoline.buffer.internal.TransactionJournal",
          "dev.redoline.buffer.internal.FileTransactionJournal",
          "dev.redoline.buffer.internal.JournalCodec",
          "dev.redoline.buffer.internal.JournalEntry",
          "dev.redoline.buffer.internal.JournaledTransaction",
          "dev.redoline.buffer.internal.TransactionInfo");

  private static final Pattern INTERNAL_REFERENCE =
      Pattern.compile("dev\\.redoline\\.[a-z]+\\.internal(?:\\.[a-z]+)*\\.[A-Z][A-Za-z0-9]*");

  @Test
  void sinks_useNoEngineInternalsBeyondTheSeam() throws IOException {
    Set<String> used = new TreeSet<>();
    for (String sink : new String[] {"cdc-embedded", "cdc-connect"}) {
      try (Stream<Path> files =
          Files.walk(ProjectRoot.path().resolve(sink).resolve("src/main/java"))) {
        for (Path file :
            (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
          Matcher m = INTERNAL_REFERENCE.matcher(Files.readString(file, StandardCharsets.UTF_8));
          while (m.find()) {
            used.add(m.group());
          }
        }
      }
    }
    assertThat(used).as("engine internals the sinks use").isNotEmpty();
    assertThat(used).as("engine internals a sink uses beyond the seam").isSubsetOf(SEAM);
  }
}
