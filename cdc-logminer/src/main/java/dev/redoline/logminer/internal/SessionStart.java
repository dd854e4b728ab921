package dev.redoline.logminer.internal;

import dev.redoline.core.Scn;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * The arguments of one {@code DBMS_LOGMNR.START_LOGMNR} call. Both SCN bounds are inclusive: only
 * records with {@code startScn <= SCN <= endScn} are returned.
 *
 * <pre>{@code
 * SessionStart s = SessionStart.of(Scn.of(1000), Scn.of(2000),
 *     MiningOption.DICT_FROM_ONLINE_CATALOG, MiningOption.NO_ROWID_IN_STMT);
 * }</pre>
 *
 * @param startScn the lowest SCN returned
 * @param endScn the highest SCN returned, or {@code null} for the end of the added redo
 * @param options the options, summed into the call's {@code OPTIONS}
 */
public record SessionStart(Scn startScn, Scn endScn, Set<MiningOption> options) {

  public SessionStart {
    Objects.requireNonNull(startScn, "startScn == null");
    Objects.requireNonNull(options, "options == null");
    options = options.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(options));
  }

  /** A start with both bounds and the given options. */
  public static SessionStart of(Scn startScn, Scn endScn, MiningOption... options) {
    return new SessionStart(startScn, endScn, Set.of(options));
  }

  /** Whether {@code option} is given. */
  public boolean has(MiningOption option) {
    return options.contains(option);
  }
}
