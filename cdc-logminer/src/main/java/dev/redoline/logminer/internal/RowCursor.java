package dev.redoline.logminer.internal;

import dev.redoline.core.RedoRow;
import java.sql.SQLException;

/**
 * The rows of one mining query, read forward once.
 *
 * <pre>{@code
 * try (RowCursor rows = gateway.query(query)) {
 *   for (RedoRow row = rows.next(); row != null; row = rows.next()) {
 *     handle(row);
 *   }
 * }
 * }</pre>
 */
public interface RowCursor extends AutoCloseable {

  /**
   * The next row, or {@code null} after the last. Errors found while reading the redo surface here,
   * as with {@code ResultSet.next()}: ORA-00310 for an online log reused while read, ORA-01013
   * after {@link #cancel()} or the query timeout, ORA-04036 past the PGA limit.
   */
  RedoRow next() throws SQLException;

  /**
   * Cancels the query ({@code Statement.cancel()}): the next {@link #next()} throws ORA-01013. The
   * LogMiner session stays usable. May be called from any thread.
   */
  void cancel();

  /** Closes the cursor; never throws. */
  @Override
  void close();
}
