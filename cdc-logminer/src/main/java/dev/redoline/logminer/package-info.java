/**
 * The capture engine's view of Oracle: the {@link dev.redoline.logminer.LogMinerGateway} port and
 * the immutable values it takes and returns.
 *
 * <p>The port speaks LogMiner operations (list the logs, add a log, start a session, run a mining
 * query), never SQL strings, so that the engine reads as LogMiner's protocol. It has one
 * implementation, {@link dev.redoline.logminer.jdbc.JdbcGateway}, used against Oracle and, in
 * tests, demos and trials, against the Oracle simulator ({@code cdc-simulator}), which is reached
 * through its own JDBC driver, so the gateway's SQL runs for real in every test. Each method maps to
 * one or a few statements of LOGMINER.md sections 3 and 4. Errors are {@link java.sql.SQLException}s
 * exactly as ojdbc shows them: the ORA number as the error code, the {@code ORA-NNNNN: text} message
 * (with {@code ORA-06512} frames for PL/SQL calls) and the SQLSTATE where Oracle sets one; fatal
 * connection errors are {@link java.sql.SQLRecoverableException}s. No {@code ResultSet} leaks past
 * the port: rows are {@link dev.redoline.logminer.RedoRow} records.
 */
package dev.redoline.logminer;
