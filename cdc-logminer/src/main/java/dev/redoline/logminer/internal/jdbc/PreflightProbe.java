package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.TableId;
import java.sql.SQLException;
import java.util.List;

/**
 * What {@link Preflight} asks a database beyond the {@link
 * dev.redoline.logminer.internal.LogMinerGateway} port: grants that no port call shows before
 * capture starts, and supplemental logging per table. {@link JdbcGateway} answers both; on a
 * gateway without it (the simulator) the preflight relies on the port alone.
 *
 * <pre>{@code
 * if (gateway instanceof PreflightProbe probe) {
 *   List<String> missing = probe.missingPrivileges();
 * }
 * }</pre>
 */
public interface PreflightProbe {

  /**
   * The privileges and views capture needs that this session cannot use, each named as a grant
   * would name it (e.g. {@code LOGMINING}, {@code EXECUTE on SYS.DBMS_LOGMNR}, {@code SELECT on
   * V$LOGMNR_CONTENTS}); empty when nothing is missing.
   */
  List<String> missingPrivileges() throws SQLException;

  /** Whether {@code table} has an ALL COLUMN supplemental log group of its own. */
  boolean allColumnLogging(TableId table) throws SQLException;
}
