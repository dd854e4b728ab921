package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.internal.ConfigDocs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
        .as(
            "docs/configuration.md is stale; regenerate it with: "
                + "./mvnw -pl cdc-core test -Dtest=DocsTest -Dredoline.docs.write=true")
        .isEqualTo(expected);
  }

  @Test
  void runbook_hasSectionPerErrorCode() throws IOException {
    String runbook =
        Files.readString(ProjectRoot.path().resolve("docs/runbook.md"), StandardCharsets.UTF_8);
    List<String> missing = new ArrayList<>();
    for (ErrorCode code : ErrorCode.values()) {
      String heading = "\n## " + code.code() + " ";
      int at = runbook.indexOf(heading);
      int next = at < 0 ? -1 : runbook.indexOf("\n## ", at + 1);
      String section = at < 0 ? "" : runbook.substring(at, next < 0 ? runbook.length() : next);
      if (!section.contains("**Symptom**")
          || !section.contains("**Cause**")
          || !section.contains("**Action**")) {
        missing.add(code.code());
      }
      assertThat(code.runbook())
          .isEqualTo("docs/runbook.md#" + code.code().toLowerCase(Locale.ROOT));
    }
    assertThat(missing)
        .as("error codes without a runbook section (## CDC-NNNN title, Symptom, Cause, Action)")
        .isEmpty();
  }

  /** Design documents that live outside the repository, which a reader of a clone cannot open. */
  private static final Pattern OUTSIDE_DESIGN =
      Pattern.compile("\\b(ARCHITECTURE|LOGMINER|SEED)\\.md|shared" + "/design");

  /**
   * A page of docs/ and a section's anchor, named in code, then the further anchors of the same
   * reference.
   */
  private static final Pattern DOC_ANCHOR =
      Pattern.compile("docs/([a-z0-9-]+\\.md)#([a-z0-9-]+)((?:(?:,| and)\\s+#[a-z0-9-]+)*)");

  /** A markdown link from one page of docs/ to another's section. */
  private static final Pattern DOC_LINK =
      Pattern.compile("\\]\\(([a-z0-9-]+\\.md)#([a-z0-9-]+)\\)");

  @Test
  void sourcesAndDocs_nameNoDesignFileOutsideTheRepository() throws IOException {
    List<String> offenders = new ArrayList<>();
    for (Path file : repositoryTextFiles()) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      Matcher m = OUTSIDE_DESIGN.matcher(text);
      if (m.find()) {
        offenders.add(ProjectRoot.path().relativize(file) + ": " + m.group());
      }
    }
    assertThat(offenders)
        .as(
            "files naming a design document outside the repository; cite docs/architecture.md or "
                + "docs/logminer.md (with the section's anchor) instead")
        .isEmpty();
  }

  @Test
  void everyDocsAnchor_namesASectionThatExists() throws IOException {
    Path docs = ProjectRoot.path().resolve("docs");
    List<String> broken = new ArrayList<>();
    for (Path file : repositoryTextFiles()) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      Matcher code = DOC_ANCHOR.matcher(text);
      while (code.find()) {
        Set<String> anchors = new LinkedHashSet<>(List.of(code.group(2)));
        Matcher more = Pattern.compile("#([a-z0-9-]+)").matcher(code.group(3));
        while (more.find()) {
          anchors.add(more.group(1));
        }
        for (String anchor : anchors) {
          check(docs.resolve(code.group(1)), anchor, file, broken);
        }
      }
      if (file.startsWith(docs)) {
        Matcher link = DOC_LINK.matcher(text);
        while (link.find()) {
          check(docs.resolve(link.group(1)), link.group(2), file, broken);
        }
      }
    }
    assertThat(broken).as("references to a docs section that does not exist").isEmpty();
  }

  private static void check(Path page, String anchor, Path from, List<String> broken)
      throws IOException {
    if (page.getFileName().toString().equals("runbook.md") && anchor.startsWith("cdc-")) {
      return; // an error code's section, found by its code: runbook_hasSectionPerErrorCode checks
      // those
    }
    if (!Files.exists(page) || !anchorsOf(page).contains(anchor)) {
      broken.add(ProjectRoot.path().relativize(from) + " -> " + page.getFileName() + "#" + anchor);
    }
  }

  /** The anchors GitHub gives a page's headings: lower case, punctuation dropped, blanks to '-'. */
  static Set<String> anchorsOf(Path page) throws IOException {
    Set<String> anchors = new LinkedHashSet<>();
    boolean fenced = false;
    for (String line : Files.readAllLines(page, StandardCharsets.UTF_8)) {
      if (line.startsWith("```")) {
        fenced = !fenced;
      } else if (!fenced && line.startsWith("#")) {
        String title = line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT);
        anchors.add(title.replaceAll("[^a-z0-9 _-]", "").replace(' ', '-'));
      }
    }
    return anchors;
  }

  /**
   * Sources, build files, test resources, docs and the README: everything a reader of a clone
   * reads.
   */
  private static List<Path> repositoryTextFiles() throws IOException {
    Path root = ProjectRoot.path();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      walk.filter(Files::isRegularFile)
          .filter(
              p ->
                  !p.toString().contains("/target/")
                      && !p.toString().contains("/.git/")
                      && !p.toString().contains("/.mvn/"))
          .filter(
              p -> {
                String name = p.getFileName().toString();
                return name.endsWith(".java")
                    || name.endsWith(".md")
                    || name.endsWith(".xml")
                    || name.endsWith(".properties")
                    || name.endsWith(".cases");
              })
          .forEach(files::add);
    }
    return files;
  }
}
