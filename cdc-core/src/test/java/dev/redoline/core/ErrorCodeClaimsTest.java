package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps what the docs and the comments say about error codes true to the code: every {@code
 * CDC-NNNN} named in {@code docs/}, the README or a library source exists, and a Javadoc
 * {@code @throws} that names a code is backed by its {@link ErrorCode} constant in the same package
 * (a comment promising CDC-4001 where the package only ever throws CDC-2104 is the drift this
 * catches). The package, not the file, because a method often passes on what a package-private
 * collaborator throws.
 */
class ErrorCodeClaimsTest {

  private static final Pattern CODE = Pattern.compile("CDC-(\\d{4})");

  /** A Javadoc {@code @throws} tag up to the next tag or the end of the comment. */
  private static final Pattern THROWS =
      Pattern.compile("@throws\\s+([\\w.]+)((?:(?!\\*/|\\n\\s*\\*\\s*@).)*)", Pattern.DOTALL);

  private static List<Path> sources() {
    Path root = ProjectRoot.path();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(root)) {
      walk.filter(Files::isRegularFile)
          .filter(
              p -> {
                String rel = root.relativize(p).toString().replace('\\', '/');
                boolean library = rel.matches("cdc-[a-z]+/src/main/java/.*\\.java");
                boolean doc =
                    rel.startsWith("docs/") && rel.endsWith(".md") || rel.equals("README.md");
                return library || doc;
              })
          .forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ErrorCode known(int number) {
    for (ErrorCode code : ErrorCode.values()) {
      if (code.number() == number) {
        return code;
      }
    }
    return null;
  }

  @Test
  void everyCodeNamedInDocsAndSourcesExists() {
    List<String> unknown = new ArrayList<>();
    for (Path file : sources()) {
      Matcher m = CODE.matcher(read(file));
      while (m.find()) {
        if (known(Integer.parseInt(m.group(1))) == null) {
          unknown.add(ProjectRoot.path().relativize(file) + ": " + m.group());
        }
      }
    }
    assertThat(unknown).as("codes named but not in ErrorCode").isEmpty();
  }

  /** The text of every Java file in the directory of {@code file}: its package. */
  private static String packageText(Path file) {
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.list(file.getParent())) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> text.append(read(p)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  /**
   * The text of every Java file of the module {@code file} belongs to. A facade package (the
   * engine's seam) states what its calls throw while the module's internals raise it.
   */
  private static String moduleText(Path file) {
    Path root = file;
    while (root != null && !root.endsWith(Path.of("src", "main", "java"))) {
      root = root.getParent();
    }
    if (root == null) {
      return "";
    }
    StringBuilder text = new StringBuilder();
    try (Stream<Path> files = Files.walk(root)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> text.append(read(p)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return text.toString();
  }

  @Test
  void everyThrowsClaimIsBackedByItsConstantInTheSamePackage_orTheSeamsModule() {
    List<String> unbacked = new ArrayList<>();
    for (Path file : sources()) {
      if (!file.toString().endsWith(".java")) {
        continue;
      }
      String text = read(file);
      String pkg = packageText(file);
      Matcher tag = THROWS.matcher(text);
      while (tag.find()) {
        Matcher code = CODE.matcher(tag.group(2));
        while (code.find()) {
          int number = Integer.parseInt(code.group(1));
          ErrorCode claimed = known(number);
          // ConfigException is CDC-4001 or CDC-4002 by its own contract, whoever throws it
          boolean configProblem =
              tag.group(1).endsWith("ConfigException") && (number == 4001 || number == 4002);
          if (claimed == null || configProblem) {
            continue;
          }
          Pattern constant = Pattern.compile("\\b" + claimed.name() + "\\b");
          boolean backed =
              constant.matcher(pkg).find()
                  || (file.getParent().endsWith("seam")
                      && constant.matcher(moduleText(file)).find());
          if (!backed) {
            unbacked.add(
                ProjectRoot.path().relativize(file)
                    + ": @throws ... "
                    + code.group()
                    + " but its package never uses ErrorCode."
                    + claimed.name());
          }
        }
      }
    }
    assertThat(unbacked).as("@throws claims the file does not back").isEmpty();
  }

  @Test
  void theCodeOfAHandlerFailureIsTheOneTheDocsName() throws IOException {
    String embedded =
        Files.readString(ProjectRoot.path().resolve("docs/embedded.md"), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("`HandlerException`[^.]*?(CDC-\\d{4})").matcher(embedded);
    while (m.find()) {
      assertThat(m.group(1)).isEqualTo(ErrorCode.HANDLER_FAILED.code());
    }
  }
}
