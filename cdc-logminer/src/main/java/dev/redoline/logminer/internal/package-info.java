/**
 * The capture engine behind {@link dev.redoline.logminer.seam.CaptureEngine} and its view of
 * Oracle: the {@link dev.redoline.logminer.internal.LogMinerGateway} port and the immutable values
 * it takes and returns. Internal: the module exports this package to no one; the sinks reach the
 * engine through {@code dev.redoline.logminer.seam}, and what users receive is in {@code
 * dev.redoline.logminer}.
 *
 * <p>The port speaks LogMiner operations (list the logs, add a log, start a session, run a mining
 * query), never SQL strings, so that the engine reads as LogMiner's protocol. It has one
 * implementation, {@link dev.redoline.logminer.internal.jdbc.JdbcGateway}, used against Oracle and,
 * in tests, demos and trials, against the Oracle simulator ({@code cdc-simulator}), which is
 * reached through its own JDBC driver, so the gateway's SQL runs for real in every test. Each
 * method maps to one or a few statements of docs/logminer.md#session-calls and #log-inventory.
 * Errors are {@link java.sql.SQLException}s exactly as ojdbc shows them: the ORA number as the
 * error code, the {@code ORA-NNNNN: text} message (with {@code ORA-06512} frames for PL/SQL calls)
 * and the SQLSTATE where Oracle sets one; fatal connection errors are {@link
 * java.sql.SQLRecoverableException}s. No {@code ResultSet} leaks past the port: rows are cdc-core's
 * {@link dev.redoline.core.RedoRow} records, the one type of a mined row from the cursor to the
 * decoder.
 *
 * <h2>The route of a row</h2>
 *
 * One file per stage, each handing on to the next and never back. The capture thread ({@code
 * CaptureLoop}, its parts wired by {@code CaptureAssembly}) runs one {@code MiningStep} after
 * another; a failed step goes to {@code RecoveryPolicy}, which retries it from the same cursor
 * (over half as many logs after a timeout or a read that failed part way) or stops the capture. A
 * first start at {@code cdc.start.scn=current} begins at {@code FirstStart}'s position, which reads
 * the transactions open at the start SCN from their own start.
 *
 * <ol>
 *   <li>{@code MiningStep} plans the step ({@code LogInventory}, {@code StepBounds}), starts the
 *       LogMiner session ({@code MiningSession}) and builds the {@code MiningQuery}.
 *   <li>{@code jdbc/JdbcGateway#query} runs it ({@code jdbc/MiningSql}); {@code jdbc/JdbcRowCursor}
 *       maps each {@code ResultSet} row with {@code jdbc/RedoRowMapper} into a {@code RedoRow}.
 *   <li>{@code StepReader} reads the whole step: CSF pieces joined ({@code RedoRow#withSqlRedo}),
 *       rows outside the step's addresses dropped, the step cut at a DDL that changes what is
 *       captured ({@code CatalogTracker} says which).
 *   <li>{@code StepApplier#decode} pairs each row with what decoding made of it (a {@code
 *       DecodedRow}, one of a closed set of outcomes): DML rows by cdc-decoder's {@code
 *       RedoDecoder}, each given as the row with its layout and time ({@code DecodeInput}), LOB
 *       rows by {@code LobAssembler}.
 *   <li>{@code StepApplier#apply} applies the rows in redo order to cdc-buffer's {@code
 *       TransactionBuffer}; each COMMIT yields a {@code PublishedTransaction}, whose changes are in
 *       memory or in the buffer's spill file ({@code SpilledSequence}), handed to {@code
 *       CommitSequencer}.
 *   <li>{@code CommitSequencer} releases the committed transactions in commit order up to the
 *       step's safe SCN.
 *   <li>{@code Publisher} puts each released transaction, whole, in the {@code EventQueue} as one
 *       the seam's {@code StreamEvent.TransactionEvent}: its commit, the two restart positions
 *       {@code Positions} made for it (during it and after it), and its changes, not yet read. The
 *       queue counts a transaction's changes against {@code cdc.queue.max.records}; its sink side
 *       is {@code RunningCapture#poll} (the seam's {@code CaptureStream}).
 *   <li>{@code TransactionChanges}, on the sink's thread, streams the transaction's changes out of
 *       the buffer (memory or spill file), each a {@code StreamEvent.ChangeEvent} with its own
 *       position made from the transaction's, and deletes the spill file when the sink closes the
 *       event.
 *   <li>Embedded: cdc-embedded's {@code Delivery} polls the stream and hands each transaction's
 *       changes to the user's {@code ChangeHandler} as one {@code CommittedTransaction}. Kafka
 *       Connect: cdc-connect's {@code RedolineSourceTask#poll} polls it, takes the changes one by
 *       one through {@code PolledEvents} (at most a poll's share at a time), and {@code
 *       ChangeRecords} makes each change a {@code SourceRecord} whose source offset is the change's
 *       position ({@code OffsetCodec}).
 * </ol>
 *
 * Acknowledgements go the other way and take effect when they arrive: the sink's {@code
 * CaptureStream#acknowledge} reaches {@code Positions#acknowledge} (through {@code CaptureLoop}),
 * which tells {@code TransactionBuffer#acknowledged} on the sink's thread, so the journal entries
 * the position no longer needs go at once, under {@code JournalScheduler}'s lock, whatever the
 * capture thread is doing.
 *
 * <p>Beside the route: {@code CatalogTracker} keeps the captured tables' layouts after DDL, {@code
 * Snapshots} reads snapshot chunks that {@code Publisher} merges into the commit order, {@code
 * Orphans} drops transactions the database no longer knows, and {@code CaptureConnection} holds the
 * connections.
 */
package dev.redoline.logminer.internal;
