/**
 * The {@link dev.redoline.logminer.internal.LogMinerGateway} port over a JDBC connection (ojdbc11
 * to Oracle, or the Oracle simulator's driver), and the preflight checks that run before a capture
 * starts. {@link dev.redoline.logminer.internal.jdbc.JdbcDrivers} is the one place a URL becomes a
 * connection; {@link dev.redoline.logminer.internal.jdbc.JdbcSession} makes it a session the
 * gateway can use (NLS settings applied, statements run with bound values, closed quietly).
 *
 * <p>{@link dev.redoline.logminer.internal.jdbc.JdbcGateway} turns each port method into one or two
 * statements on the {@code V$} views, the dictionary views and {@code DBMS_LOGMNR}. Every value
 * travels as a bind variable, so table, user and file names never become SQL text; SCNs travel as
 * {@code NUMBER} binds and are read back as decimals, because they are unsigned 64-bit values.
 * Errors are ojdbc's own {@link java.sql.SQLException}s, unchanged, so the engine's classifier sees
 * the ORA number Oracle raised. {@link dev.redoline.logminer.internal.jdbc.Preflight} asks the same
 * port (so it runs on the simulator too) whether the database is ready for capture and answers with
 * typed problems that name the configuration key they concern; on the simulator the same SQL runs.
 * What the port cannot show (the session's grants, a table's own supplemental log groups) it asks
 * the {@link dev.redoline.logminer.internal.jdbc.PreflightProbe}, answered over JDBC by {@link
 * dev.redoline.logminer.internal.jdbc.JdbcProbes}.
 */
package dev.redoline.logminer.internal.jdbc;
