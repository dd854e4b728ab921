/**
 * A capture recording ({@code cdc.recording.dir}) opened as a database: the simulator's driver
 * hands out a {@link dev.redoline.simulator.internal.replay.ReplayDatabase} connection for {@code
 * jdbc:redoline:sim:replay?file=<directory or part>}, which answers each statement the capture's
 * gateway sends with what the same statement (text and binds) answered when it was recorded, in the
 * order it was recorded. {@link dev.redoline.simulator.internal.replay.Recording} reads the parts
 * ({@code dev.redoline.core.internal.RecordingFormat}); the connection, statements and result sets
 * are proxies of the JDBC interfaces in {@link dev.redoline.simulator.internal.replay.ReplayJdbc}.
 * Nothing here uses the rest of the simulator: a replay has no redo model, only the recording.
 */
package dev.redoline.simulator.internal.replay;
