package dev.redoline.logminer.internal;

import dev.redoline.buffer.internal.TransactionBuffer;

/**
 * The parts a step's rows pass through after the read, in the order they pass, and the positions
 * kept over them: built once per capture stream ({@link CaptureAssembly}), used by the step, which
 * moves rows through them, and by the loop, which opens and closes them.
 *
 * @param applier decodes the step's rows and applies them to the buffer
 * @param buffer the open transactions
 * @param sequencer releases committed transactions in commit order
 * @param snapshots the snapshot chunks, read and released beside the stream
 * @param queue the published events, read by the stream
 * @param positions where the stream stands
 */
record StepRoute(
    StepApplier applier,
    TransactionBuffer buffer,
    CommitSequencer sequencer,
    Snapshots snapshots,
    EventQueue queue,
    Positions positions) {}
