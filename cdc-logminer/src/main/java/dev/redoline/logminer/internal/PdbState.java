package dev.redoline.logminer.internal;

import java.util.Objects;

/**
 * One row of {@code V$PDBS}.
 *
 * @param conId CON_ID
 * @param name NAME
 * @param conUid CON_UID, which LogMiner reports as SRC_CON_UID
 * @param openMode OPEN_MODE: {@code MOUNTED}, {@code READ WRITE} or {@code READ ONLY}
 */
public record PdbState(int conId, String name, long conUid, String openMode) {

  public PdbState {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(openMode, "openMode == null");
  }

  /** Whether the PDB is open (not MOUNTED). */
  public boolean open() {
    return !openMode.equals("MOUNTED");
  }
}
