package dev.redoline.verify;

import dev.redoline.core.TableId;

/**
 * Asks the capture to deliver the rows of {@code table} that meet {@code filter} again, as an
 * ad-hoc snapshot merged into the stream (nothing is written to the source). For the embedded
 * engine: {@code (table, filter) -> engine.snapshot(List.of(table), filter)}; for Kafka Connect, a
 * {@code snapshot} message on the signal topic.
 */
@FunctionalInterface
public interface Redelivery {

  void snapshot(TableId table, String filter) throws Exception;
}
