package dev.redoline.logminer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.internal.OracleError;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * The connections snapshot chunks of a PDB's tables are read through: LogMiner keeps the capture's
 * own session at CDB$ROOT, so each PDB gets one more connection, opened like the mining one and
 * moved there with ALTER SESSION SET CONTAINER, reused for every chunk of that PDB and closed with
 * the capture's connection. Capture thread only.
 */
final class ContainerReaders implements AutoCloseable {

  private final GatewayFactory gateways;
  private final Map<String, LogMinerGateway> readers = new HashMap<>();

  ContainerReaders(GatewayFactory gateways) {
    this.gateways = gateways;
  }

  /**
   * The connection inside {@code pdb}, opened at the first call.
   *
   * @throws CdcException CDC-4003 when the capture user may not SET CONTAINER
   */
  LogMinerGateway in(String pdb) throws SQLException {
    LogMinerGateway reader = readers.get(pdb);
    if (reader == null) {
      reader = gateways.connect();
      try {
        reader.switchContainer(pdb);
      } catch (SQLException e) {
        reader.close();
        if (e.getErrorCode() == OracleError.INSUFFICIENT_PRIVILEGES.number()) {
          throw new CdcException(
              ErrorCode.MISSING_PRIVILEGE,
              "the snapshot of the tables of PDB "
                  + pdb
                  + " reads them in a session moved there with ALTER SESSION SET CONTAINER, which needs SET CONTAINER: "
                  + "GRANT SET CONTAINER TO <capture user> CONTAINER=ALL, or set cdc.snapshot.mode=no_data ("
                  + e.getMessage()
                  + ")",
              e);
        }
        throw e;
      } catch (RuntimeException e) {
        reader.close();
        throw e;
      }
      readers.put(pdb, reader);
    }
    return reader;
  }

  /** Closes every PDB connection; the next {@link #in} opens them again. */
  @Override
  public void close() {
    readers.values().forEach(LogMinerGateway::close);
    readers.clear();
  }
}
