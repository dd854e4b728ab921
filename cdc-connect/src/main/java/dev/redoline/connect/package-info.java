/**
 * The Kafka Connect source connector. {@link dev.redoline.connect.RedolineSourceConnector} is what
 * a worker loads; it runs one {@link dev.redoline.connect.RedolineSourceTask}, because the redo of
 * a database is one stream. The task runs the capture engine of {@code cdc-logminer} and turns each
 * change of a committed transaction into one {@code SourceRecord} whose value is an envelope in the
 * shape of Debezium's Oracle connector ({@code before}, {@code after}, {@code op}, {@code source},
 * {@code ts_ms}), so consumers and transforms written for Debezium keep working. Each record's
 * source offset is the capture {@link dev.redoline.core.Position} a restart resumes from; with
 * exactly-once support the task ends Kafka transactions only at Oracle commits. The configuration
 * is generated from {@link dev.redoline.core.CdcConfig}, the single declaration of every key. With
 * {@code cdc.kafka.bootstrap.servers} the task also uses Kafka clients of its own: it creates its
 * topics, reads the schema topic back so layout versions continue, and journals long transactions
 * to a compacted topic ({@code KafkaTransactionJournal}). {@code docs/connect.md} is the operator's
 * guide and {@code docs/record-format.md} the record reference.
 */
package dev.redoline.connect;
