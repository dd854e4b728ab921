/**
 * What Redoline's own modules share and a user of the library never receives: a transaction on its
 * way from the buffer to a sink ({@link dev.redoline.core.internal.Transaction}, {@link
 * dev.redoline.core.internal.ChangeSequence}), Oracle's NLS settings and error texts ({@link
 * dev.redoline.core.internal.OracleNls}, {@link dev.redoline.core.internal.OracleError}), the
 * configuration reference generator, the argument checks of the core values, and the little JSON of
 * state files and the command-line tool ({@link dev.redoline.core.internal.Json}).
 *
 * <p>cdc-core's module descriptor exports this package to the Redoline modules by name only; its
 * types are public so that those modules can use them, and are no API.
 */
package dev.redoline.core.internal;
