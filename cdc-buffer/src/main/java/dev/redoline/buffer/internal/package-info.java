/**
 * The transaction buffer: decoded changes wait here, one entry per transaction, until LogMiner
 * returns the transaction's COMMIT or ROLLBACK.
 *
 * <p>{@link dev.redoline.buffer.internal.TransactionBuffer} is the entry point. It applies START,
 * DML, undo (ROLLBACK=1), COMMIT and ROLLBACK rows in redo order on one apply thread, keeps its
 * heap within a byte budget by spilling the largest transactions to checksummed files, journals
 * long-lived transactions through a {@link dev.redoline.buffer.internal.TransactionJournal} so the
 * restart position can move past them, and drops orphans (transactions the database no longer
 * knows) with an {@link dev.redoline.buffer.internal.OrphanEvent}. A committed transaction leaves
 * as a {@link dev.redoline.buffer.internal.PublishedTransaction}, whose changes may stream from a
 * spill file until its consumer closes it. A LOB value too large for the heap is written to a
 * {@link dev.redoline.buffer.internal.LobFile} of the spill directory; the change carries a {@link
 * dev.redoline.core.StreamedLob} over it, and the file is deleted with its change, its transaction,
 * or once the sink acknowledged the transaction.
 *
 * <p>Vocabulary used in the comments: a <em>position</em> numbers the changes of one transaction in
 * arrival order, removed ones included; a <em>segment</em> is a run of spilled positions that share
 * one Bloom filter; the <em>journal mark</em> is the redo address up to which the journal reflects
 * a transaction. Errors are {@link dev.redoline.core.CdcException}s with CDC-2101 (a spill file
 * corrupt), CDC-2102 (a journal entry corrupt) or CDC-2104 (a file or directory that cannot be
 * created, written or read); misuse is an {@link java.lang.IllegalArgumentException}, {@link
 * java.lang.IllegalStateException} or a {@link java.lang.NullPointerException} naming the argument.
 *
 * <p>A user of the library never receives the buffer or its journal: the capture engine and the two
 * sinks (the embedded engine's journal file, the connector's journal topic) do. So the module's
 * descriptor exports this package to those three modules by name; only the metrics are API ({@code
 * dev.redoline.buffer}).
 */
package dev.redoline.buffer.internal;
