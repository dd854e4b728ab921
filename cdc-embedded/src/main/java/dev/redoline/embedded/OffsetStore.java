package dev.redoline.embedded;

import dev.redoline.core.Position;
import java.util.Optional;

/**
 * Where the embedded engine keeps the position of the last transaction its handler finished, so a
 * restart repeats nothing and skips nothing.
 *
 * <pre>{@code
 * OffsetStore offsets = FileOffsetStore.open(Path.of("redoline-state/offsets.json"));
 * EmbeddedEngine engine = EmbeddedEngine.builder().config(config).handler(handler)
 *     .offsetStore(offsets).build();
 * }</pre>
 *
 * <p>A user implementation may keep the position in the sink's own database, written in the same
 * transaction as the handler's writes (exactly-once): the handler reads {@link
 * CommittedTransaction#position()} and writes it itself, {@link #store} then has nothing left to
 * do, and {@link #load} reads it back.
 *
 * <h2>Contract</h2>
 *
 * <ul>
 *   <li>{@link #load} returns the last stored position, or empty when none was ever stored.
 *   <li>{@link #store} is durable when it returns; a crash during it leaves the previous position
 *       or the new one, never a mix.
 * </ul>
 *
 * Both are called from the engine's delivery thread only. {@code OffsetStoreContractTest} is the
 * test an implementation passes.
 */
public interface OffsetStore {

  /** The last stored position, or empty before the first. */
  Optional<Position> load();

  /** Replaces the stored position, durably. */
  void store(Position position);

  /** A store in memory: for tests, or a capture that must start afresh each time. */
  static OffsetStore inMemory() {
    return new OffsetStore() {
      private volatile Position stored;

      @Override
      public Optional<Position> load() {
        return Optional.ofNullable(stored);
      }

      @Override
      public void store(Position position) {
        stored = java.util.Objects.requireNonNull(position, "position == null");
      }
    };
  }
}
