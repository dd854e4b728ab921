package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.TableId;
import dev.redoline.core.internal.OracleError;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link PreflightProbe} questions asked over a {@link JdbcSession}: which required privileges
 * and views the session lacks (SESSION_PRIVS, the DBMS_LOGMNR package, a probe of each view the
 * capture reads), and whether a table has an ALL COLUMN supplemental log group of its own.
 */
final class JdbcProbes implements PreflightProbe {

  private final JdbcSession session;

  JdbcProbes(JdbcSession session) {
    this.session = session;
  }

  @Override
  public List<String> missingPrivileges() throws SQLException {
    List<String> missing = new ArrayList<>();
    List<String> held = session.list(Sql.SESSION_PRIVILEGES, rs -> rs.getString("PRIVILEGE"));
    for (String privilege : Sql.REQUIRED_PRIVILEGES) {
      if (!held.contains(privilege)) {
        missing.add(privilege);
      }
    }
    if (session.list(Sql.LOGMNR_PACKAGE, rs -> rs.getInt(1)).get(0) == 0) {
      missing.add("EXECUTE on SYS.DBMS_LOGMNR");
    }
    List<String> views = new ArrayList<>(Sql.PROBED_VIEWS);
    if (session.database().cdb()) {
      views.addAll(Sql.PROBED_CDB_VIEWS);
    }
    for (String view : views) {
      if (!readable(view)) {
        missing.add("SELECT on " + view);
      }
    }
    return missing;
  }

  private boolean readable(String view) throws SQLException {
    try {
      session.list(Sql.probe(view), rs -> rs.getInt(1));
      return true;
    } catch (SQLException e) {
      if (e.getErrorCode() == OracleError.NO_SESSION_FOR_SELECT.number()) {
        return true;
      }
      if (deniedAccess(e)) {
        return false;
      }
      throw e;
    }
  }

  /** ORA-00942 or ORA-01031: the session may not read what it asked for. */
  static boolean deniedAccess(SQLException e) {
    return e.getErrorCode() == OracleError.TABLE_OR_VIEW_MISSING.number()
        || e.getErrorCode() == OracleError.INSUFFICIENT_PRIVILEGES.number();
  }

  @Override
  public boolean allColumnLogging(TableId table) throws SQLException {
    JdbcSession.Mapping<Integer> count = rs -> rs.getInt(1);
    if (table.pdb() == null) {
      return session.list(Sql.ALL_COLUMN_LOGGING, count, table.owner(), table.table()).get(0) > 0;
    }
    int conId = session.containerId(table.pdb(), OracleError.DATABASE_NOT_OPEN.number());
    return session
            .list(Sql.CDB_ALL_COLUMN_LOGGING, count, conId, table.owner(), table.table())
            .get(0)
        > 0;
  }
}
