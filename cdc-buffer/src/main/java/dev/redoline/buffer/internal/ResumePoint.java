package dev.redoline.buffer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the open, un-journaled part of the buffer requires of the restart position
 * (docs/architecture.md#positions, rule 4). Empty when nothing is held back: the engine then uses
 * its cursor.
 *
 * <pre>{@code
 * ResumePoint held = buffer.resumePoint();
 * RedoAddress thread1 = held.addresses().getOrDefault(1, cursor.thread(1));
 * Scn scn = held.scn().map(s -> Scn.min(s, cursorScn)).orElse(cursorScn);
 * }</pre>
 *
 * @param scn the lowest SCN of the redo that a restart must read again, if any
 * @param addresses per redo thread, the first redo a restart must read again
 */
public record ResumePoint(Optional<Scn> scn, Map<Integer, RedoAddress> addresses) {

  /** Nothing held back. */
  public static final ResumePoint NONE = new ResumePoint(Optional.empty(), Map.of());

  public ResumePoint {
    Objects.requireNonNull(scn, "scn == null");
    addresses = Map.copyOf(Objects.requireNonNull(addresses, "addresses == null"));
  }
}
