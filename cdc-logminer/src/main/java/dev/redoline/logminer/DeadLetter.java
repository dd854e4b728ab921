package dev.redoline.logminer;

import dev.redoline.core.DecodeException;
import dev.redoline.core.RedoRow;
import java.time.Instant;

/**
 * A redo row that could not be decoded, kept with {@code cdc.on.decode.error=dlq} instead of
 * stopping the capture. It holds the raw row, so the dead letter destination sees what LogMiner
 * returned; the transaction goes on without the change.
 *
 * @param row the raw row (CSF pieces joined)
 * @param error why it could not be decoded, with the row's SCN, XID and address
 * @param time when the engine set it aside (engine clock)
 */
public record DeadLetter(RedoRow row, DecodeException error, Instant time) {}
