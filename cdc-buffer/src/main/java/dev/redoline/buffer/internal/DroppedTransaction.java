package dev.redoline.buffer.internal;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;

/**
 * An open transaction dropped from the buffer at an operator's request ({@link
 * TransactionBuffer#dropOpen}).
 *
 * @param xid the transaction
 * @param startScn its first change's SCN
 * @param changeCount the live changes dropped
 * @param firstAddress where its first buffered change is in the redo
 */
public record DroppedTransaction(
    Xid xid, Scn startScn, long changeCount, RedoAddress firstAddress) {}
