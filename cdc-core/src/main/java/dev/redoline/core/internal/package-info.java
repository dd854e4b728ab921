/**
 * What Redoline's own modules share and a user of the library never receives: the changes of a
 * transaction streamed from memory or a file ({@link dev.redoline.core.internal.ChangeSequence}),
 * what a position holds and the engine's operations on it ({@link
 * dev.redoline.core.internal.PositionState}, {@link dev.redoline.core.internal.SnapshotProgress}),
 * Oracle's NLS settings and error texts ({@link dev.redoline.core.internal.OracleNls}, {@link
 * dev.redoline.core.internal.OracleError}), the configuration reference generator, the argument
 * checks of the core values, and the little JSON of state files and the command-line tool ({@link
 * dev.redoline.core.internal.Json}).
 *
 * <p>cdc-core's module descriptor exports this package to the Redoline modules by name only; its
 * types are public so that those modules can use them, and are no API.
 */
package dev.redoline.core.internal;
