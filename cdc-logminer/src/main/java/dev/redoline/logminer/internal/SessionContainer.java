package dev.redoline.logminer.internal;

import java.util.Objects;

/**
 * The container a database session is in: {@code SYS_CONTEXT('USERENV', 'CON_ID')} and {@code
 * 'CON_NAME'}. LogMiner runs from CDB$ROOT (CON_ID 1) in a container database; a session in a PDB
 * cannot add logs (ORA-65040 or ORA-01031 on DBMS_LOGMNR.ADD_LOGFILE).
 *
 * @param conId 0 in a non-container database, 1 at CDB$ROOT, a PDB's id otherwise
 * @param name the container's name (the database's name in a non-container database)
 */
public record SessionContainer(int conId, String name) {

  /** The root container's name. */
  public static final String ROOT = "CDB$ROOT";

  public SessionContainer {
    Objects.requireNonNull(name, "name == null");
  }

  /** Whether LogMiner can run here: the root of a CDB, or a non-container database. */
  public boolean canMine() {
    return conId <= 1;
  }
}
