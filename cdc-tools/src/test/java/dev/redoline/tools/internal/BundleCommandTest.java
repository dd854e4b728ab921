package dev.redoline.tools.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Position;
import dev.redoline.core.Scn;
import dev.redoline.embedded.FileOffsetStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code redoline bundle}: the bug-report bundle from a settings file, its password hidden. */
class BundleCommandTest {

  @TempDir Path dir;

  @Test
  void bundle_writesTheStateAndSettingsWithoutThePassword() throws IOException {
    Path state = Files.createDirectories(dir.resolve("state"));
    FileOffsetStore.open(state.resolve("offsets.json")).store(Position.start(Scn.of(4242)));
    Path settings = dir.resolve("capture.properties");
    Files.writeString(
        settings,
        "cdc.database.url=jdbc:redoline:sim:shop\ncdc.tables.include=SHOP.*\n"
            + "cdc.database.password=s3cret-Pa55\ncdc.state.dir="
            + state
            + "\nname=ignored-by-redoline\n");
    Path zip = dir.resolve("bug.zip");

    ToolRun run = ToolRun.of("bundle", "--config", settings.toString(), "--out", zip.toString());

    assertThat(run.exit()).as(run.err()).isEqualTo(ExitCode.OK);
    assertThat(run.out()).contains("state/offsets.json").contains("configuration.properties");
    List<String> names = new ArrayList<>();
    String configuration = null;
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(zip))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        names.add(e.getName());
        String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        assertThat(text).doesNotContain("s3cret-Pa55");
        if (e.getName().equals("configuration.properties")) {
          configuration = text;
        }
      }
    }
    assertThat(names).contains("state/offsets.json", "configuration.properties");
    assertThat(configuration).contains("cdc.database.password=[hidden]");
    assertThat(ToolRun.of("bundle", "--out", zip.toString()).exit()).isEqualTo(ExitCode.USAGE);
  }
}
