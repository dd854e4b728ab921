package dev.redoline.verify.internal;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.Column;
import dev.redoline.core.TableLayout;
import dev.redoline.decoder.internal.RedoDecoder;
import java.util.ArrayList;
import java.util.List;

/**
 * The column rules of {@code cdc.columns.exclude}, {@code cdc.columns.mask.hash} and {@code
 * cdc.columns.truncate}, as the capture applies them: read from the decoder the capture builds from
 * the same configuration, so a verification can never disagree with what the sinks received. This
 * is the only class that names the decoder.
 */
public final class ColumnRules {

  private final RedoDecoder decoder;

  private ColumnRules(RedoDecoder decoder) {
    this.decoder = decoder;
  }

  public static ColumnRules of(CdcConfig config) {
    return new ColumnRules(RedoDecoder.fromConfig(config));
  }

  /**
   * The plan of {@code layout}: the columns compared (in layout order), and those left out with
   * why. An excluded column is in neither list: it is never read, and never named.
   */
  public Plan plan(TableLayout layout) {
    boolean[] selectable = decoder.selectable(layout);
    boolean[] hashed = decoder.hashed(layout);
    int[] truncated = decoder.truncatedTo(layout);
    List<ColumnCheck> compared = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (int i = 0; i < selectable.length; i++) {
      Column c = layout.column(i);
      if (!selectable[i]) {
        continue;
      }
      ColumnCheck.Shape shape =
          hashed[i]
              ? ColumnCheck.Shape.HASHED
              : truncated[i] > 0 ? ColumnCheck.Shape.TRUNCATED : ColumnCheck.Shape.AS_READ;
      boolean lob =
          c.type().kind() == dev.redoline.core.OracleType.Kind.CLOB
              || c.type().kind() == dev.redoline.core.OracleType.Kind.NCLOB;
      if (!ColumnCheck.comparable(c.type().kind()) || (lob && shape != ColumnCheck.Shape.AS_READ)) {
        skipped.add(c.name());
        continue;
      }
      compared.add(
          new ColumnCheck(
              c.name(), i, c.type().kind(), shape, truncated[i], ColumnCheck.fraction(c.type())));
    }
    return new Plan(List.copyOf(compared), List.copyOf(skipped));
  }

  /**
   * @param compared the columns compared, in layout order
   * @param skipped the columns read by the capture that a comparison cannot check (their type, or a
   *     LOB hashed or truncated), by name
   */
  public record Plan(List<ColumnCheck> compared, List<String> skipped) {

    /** The compared column named {@code name}, or null (excluded, skipped or absent). */
    public ColumnCheck column(String name) {
      return compared.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }
  }
}
