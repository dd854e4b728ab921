package dev.redoline.core;

import dev.redoline.core.internal.Checks;
import dev.redoline.core.internal.PositionState;
import java.util.Map;

/**
 * Where a capture stands: an opaque token that a sink stores with what it delivered and hands back
 * on restart, so that nothing repeats and nothing is skipped. Each transaction, change, schema
 * event and heartbeat carries one; the library makes them, a user only keeps them.
 *
 * <p>The {@linkplain #toMap() map form} holds primitives only (strings and numbers) and carries a
 * version key {@code v}, so Kafka Connect can store it as a source offset, the embedded engine as a
 * file, and a sink in its own table; {@link #fromMap} reads every version a release wrote before.
 * Two positions are equal when their map forms are.
 *
 * <pre>{@code
 * Position p = Position.start(Scn.parse("2161573"));
 * Map<String, Object> offset = p.toMap();
 * assert Position.fromMap(offset).equals(p);
 * }</pre>
 *
 * <p>What a position holds (per redo thread where to read again, the last delivered commit, the
 * progress of snapshots, ...) is the library's business: docs/offsets-and-recovery.md describes the
 * map form for operators, and {@code redoline position show} prints a stored one.
 */
public final class Position {

  static {
    PositionState.bind(Position::new, p -> p.state);
  }

  private final PositionState state;

  private Position(PositionState state) {
    this.state = Checks.notNull(state, "state");
  }

  /** A first position: read logs from {@code scn} on, nothing delivered yet. */
  public static Position start(Scn scn) {
    return PositionState.start(Checks.notNull(scn, "scn")).toPosition();
  }

  /**
   * Reads the map form of any version a release wrote.
   *
   * @throws CdcException with {@link ErrorCode#INVALID_POSITION} naming the key and value at fault
   *     when the map is not a position
   */
  public static Position fromMap(Map<String, ?> map) {
    return PositionState.fromMap(map).toPosition();
  }

  /**
   * The map form to store: primitive values in a stable key order, with the version key {@code v};
   * unmodifiable.
   */
  public Map<String, Object> toMap() {
    return state.toMap();
  }

  /**
   * The SCN this position stands at, for display: its last delivered commit's, or before the first
   * the SCN reading starts from.
   */
  public Scn scn() {
    return state.scn();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Position p && state.equals(p.state);
  }

  @Override
  public int hashCode() {
    return state.hashCode();
  }

  /** The map form as text, e.g. {@code Position{v=1, resume_scn=2161573, resume.1=0x...}}. */
  @Override
  public String toString() {
    return "Position" + toMap();
  }
}
