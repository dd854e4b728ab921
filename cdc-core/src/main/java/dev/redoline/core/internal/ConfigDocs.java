package dev.redoline.core.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigKey;
import java.util.Locale;

/**
 * Renders {@code docs/configuration.md} from the declarations in {@link CdcConfig}, so the docs
 * cannot drift from the code (a test compares the file with this output).
 */
public final class ConfigDocs {

  private ConfigDocs() {}

  /** The whole Markdown page. */
  public static String markdown() {
    StringBuilder sb = new StringBuilder();
    sb.append("# Configuration\n\n")
        .append("<!-- Generated from CdcConfig by ConfigDocs; do not edit. Regenerate with:\n")
        .append("     ./mvnw -pl cdc-core test -Dtest=DocsTest -Dredoline.docs.write=true -->\n\n")
        .append(
            "Every key Redoline reads, by group. Keys outside the `cdc.` namespace are ignored; an ")
        .append("unknown `cdc.` key stops the start with CDC-4002 and the closest known key. ")
        .append("Required keys have no default.\n");
    for (ConfigKey.Group group : ConfigKey.Group.values()) {
      sb.append("\n## ")
          .append(group.title())
          .append("\n\n")
          .append("| Key | Type | Default | Allowed | Importance | Description |\n")
          .append("|---|---|---|---|---|---|\n");
      for (ConfigKey<?> key : CdcConfig.KEYS) {
        if (key.group() != group) {
          continue;
        }
        sb.append("| `")
            .append(key.name())
            .append("` | ")
            .append(key.type().name())
            .append(" | ")
            .append(defaultCell(key))
            .append(" | ")
            .append(escape(key.validator().describe()))
            .append(" | ")
            .append(key.importance().name().toLowerCase(Locale.ROOT))
            .append(" | ")
            .append(escape(key.doc()))
            .append(" |\n");
      }
    }
    return sb.toString();
  }

  private static String defaultCell(ConfigKey<?> key) {
    if (key.required()) {
      return "(required)";
    }
    return key.defaultText().isEmpty() ? "(empty)" : "`" + key.defaultText() + "`";
  }

  private static String escape(String text) {
    return text.replace("|", "\\|");
  }
}
