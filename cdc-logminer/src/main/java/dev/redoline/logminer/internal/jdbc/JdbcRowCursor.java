package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.RedoRow;
import dev.redoline.logminer.internal.RowCursor;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rows of one executed mining statement. {@link #cancel()} is {@code Statement.cancel()}, which
 * ojdbc allows from any thread: the running fetch then fails with ORA-01013.
 *
 * <pre>{@code
 * try (RowCursor rows = gateway.query(query)) {
 *   for (RedoRow row = rows.next(); row != null; row = rows.next()) { ... }
 * }
 * }</pre>
 */
final class JdbcRowCursor implements RowCursor {

  private static final Logger LOG = LoggerFactory.getLogger(JdbcRowCursor.class);

  private final PreparedStatement statement;
  private final ResultSet rows;
  private boolean done;

  JdbcRowCursor(PreparedStatement statement, ResultSet rows) {
    this.statement = statement;
    this.rows = rows;
  }

  @Override
  public RedoRow next() throws SQLException {
    if (done) {
      return null;
    }
    if (!rows.next()) {
      done = true;
      return null;
    }
    return RedoRowMapper.map(rows);
  }

  @Override
  public void cancel() {
    try {
      statement.cancel();
    } catch (SQLException e) {
      // The statement may have finished or closed meanwhile: nothing is left to cancel.
      LOG.debug("Statement.cancel() failed: {}", e.getMessage());
    }
  }

  @Override
  public void close() {
    try {
      rows.close();
    } catch (SQLException e) {
      LOG.debug("Closing the mining result set failed: {}", e.getMessage());
    }
    try {
      statement.close();
    } catch (SQLException e) {
      LOG.debug("Closing the mining statement failed: {}", e.getMessage());
    }
  }
}
