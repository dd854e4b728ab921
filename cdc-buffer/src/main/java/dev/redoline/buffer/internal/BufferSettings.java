package dev.redoline.buffer.internal;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * The settings of one {@link TransactionBuffer}, as validated by its builder.
 *
 * <pre>{@code
 * BufferSettings settings = new BufferSettings(256L << 20, dir, null, Clock.systemUTC(),
 *     Duration.ofMinutes(5), 4, event -> { }, 8192);
 * }</pre>
 *
 * <p>The builder validates each value as it is set, so that the message names the caller's bad
 * argument; this record therefore checks nothing again.
 *
 * @param memoryBudgetBytes heap for open transactions before the largest spill
 * @param spillDirectory where spill files go
 * @param journal where long-lived transactions are journaled, or null for none
 * @param clock the source of transaction ages
 * @param journalAfter the age after which an open transaction is journaled
 * @param journalAfterLogs how many logs behind its thread's newest row a transaction's first
 *     un-journaled row may fall before it is journaled
 * @param orphanListener receives each orphan dropped
 * @param spillBufferBytes the write buffer of each spill file
 */
record BufferSettings(
    long memoryBudgetBytes,
    Path spillDirectory,
    TransactionJournal journal,
    Clock clock,
    Duration journalAfter,
    int journalAfterLogs,
    Consumer<OrphanEvent> orphanListener,
    int spillBufferBytes) {}
