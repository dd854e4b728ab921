/**
 * The embedded engine: Oracle change capture inside any JVM program. An {@link
 * dev.redoline.embedded.EmbeddedEngine} runs the capture engine of {@code cdc-logminer} and calls
 * the user's {@link dev.redoline.embedded.ChangeHandler} once per committed transaction, in commit
 * order, streaming the transaction's changes so that its memory stays bounded whatever the size of
 * a transaction. It stores the position of the transactions handled through an {@link
 * dev.redoline.embedded.OffsetStore}, its writes grouped by time and count ({@code
 * cdc.offset.flush.*}), and acknowledges a position to the capture once it is stored; table layouts
 * go to a {@link dev.redoline.embedded.SchemaHistory}, long open transactions to the buffer's
 * journal and undecodable rows to a dead letter file. Each store is a small interface with a file
 * implementation, and a user can plug their own, for example to keep the position in their database
 * in the same transaction as their writes.
 */
package dev.redoline.embedded;
