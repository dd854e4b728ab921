package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.internal.ConfigDocs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The generated and hand-written docs that must follow the code. */
class DocsTest {

  @Test
  void configurationDoc_isGeneratedFromDeclarations() throws IOException {
    Path file = ProjectRoot.path().resolve("docs/configuration.md");
    String expected = ConfigDocs.markdown();
    if (Boolean.getBoolean("redoline.docs.write")) {
      Files.writeString(file, expected, StandardCharsets.UTF_8);
    }
    assertThat(Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "")
        .as("docs/configuration.md is stale; regenerate it with: "
            + "./mvnw -pl cdc-core test -Dtest=DocsTest -Dredoline.docs.write=true")
        .isEqualTo(expected);
  }

  @Test
  void runbook_hasSectionPerErrorCode() throws IOException {
    String runbook = Files.readString(ProjectRoot.path().resolve("docs/runbook.md"), StandardCharsets.UTF_8);
    List<String> missing = new ArrayList<>();
    for (ErrorCode code : ErrorCode.values()) {
      String heading = "\n## " + code.code() + " ";
      int at = runbook.indexOf(heading);
      int next = at < 0 ? -1 : runbook.indexOf("\n## ", at + 1);
      String section = at < 0 ? "" : runbook.substring(at, next < 0 ? runbook.length() : next);
      if (!section.contains("**Symptom**") || !section.contains("**Cause**") || !section.contains("**Action**")) {
        missing.add(code.code());
      }
      assertThat(code.runbook()).isEqualTo("docs/runbook.md#" + code.code().toLowerCase(Locale.ROOT));
    }
    assertThat(missing).as("error codes without a runbook section (## CDC-NNNN title, Symptom, Cause, Action)")
        .isEmpty();
  }
}
