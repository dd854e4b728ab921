package dev.redoline.simulator.internal.oracle;

import dev.redoline.core.TableLayout;

/**
 * A table as one redo record saw it: layout, object version and container. Comparing it with the
 * dictionary at mining time tells whether LogMiner can translate the record (Dictionary Mismatch).
 *
 * @param layout the layout at the time of the change
 * @param objectVersion DATA_OBJV# at the time of the change
 * @param conId the container id (0 in a non-container database)
 * @param table the live table object, to look at its state at mining time
 */
public record TableVersion(TableLayout layout, int objectVersion, int conId, SimTable table) {}
