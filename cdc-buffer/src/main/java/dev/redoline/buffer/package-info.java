/**
 * What a user of the library receives from the transaction buffer: its {@link
 * dev.redoline.buffer.BufferMetrics}, inside the capture engine's metrics. The buffer itself, its
 * spill files and its journal port are in {@code dev.redoline.buffer.internal}.
 */
package dev.redoline.buffer;
