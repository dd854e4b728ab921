package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * A table layout and the SCN it took effect at: what a schema history stores, so a restarted
 * capture knows which layout each row's SCN was written under, not only the newest one.
 *
 * @param layout the layout
 * @param from the SCN from which rows use it (the DDL's SCN, or where the capture first saw the
 *     table)
 */
public record LayoutVersion(TableLayout layout, Scn from) {

  public LayoutVersion {
    Checks.notNull(layout, "layout");
    Checks.notNull(from, "from");
  }
}
