package dev.redoline.embedded;

/**
 * The user's code: called once per committed transaction, in commit order, on the engine's delivery
 * thread.
 *
 * <pre>{@code
 * ChangeHandler print = tx -> {
 *   for (Change change : tx.changes()) {
 *     System.out.println(tx.xid() + " " + change.operation() + " " + change.table());
 *   }
 * };
 * }</pre>
 *
 * <p>When {@code handle} returns, the transaction counts as handled: its position is stored with
 * the next offset write (writes are grouped by {@code cdc.offset.flush.interval.ms} and {@code
 * cdc.offset.flush.max.transactions}), and it is not delivered again unless the process dies before
 * that write, when it comes again with the others handled since. When it throws, the position is
 * not stored; the engine stops (or retries, see {@link EmbeddedEngine.Builder#handlerRetries}) and
 * the transaction is delivered again, whole, after a restart. A handler must therefore be
 * idempotent for the transactions handled since the last offset write and the one it was handling
 * when it failed, or store the position itself in the same transaction as its writes (see {@link
 * OffsetStore}).
 *
 * <p>The changes stream in while the handler iterates them: a transaction larger than the engine's
 * queue ({@code cdc.queue.max.records}) is never held whole in memory, and a slow handler slows the
 * capture down rather than letting memory grow.
 */
@FunctionalInterface
public interface ChangeHandler {

  /**
   * Handles one committed transaction.
   *
   * @throws Exception to refuse the transaction: it is delivered again after a restart
   */
  void handle(CommittedTransaction transaction) throws Exception;
}
