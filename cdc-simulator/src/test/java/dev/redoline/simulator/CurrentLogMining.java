package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The LogMiner session most simulator tests mine with: thread 1's current online log, from an SCN.
 */
final class CurrentLogMining {

  private CurrentLogMining() {}

  /** ADD_LOGFILE (NEW) of thread 1's CURRENT online log, found through V$LOG and V$LOGFILE. */
  static void addCurrentLog(Connection c) throws SQLException {
    String member;
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT F.MEMBER FROM V$LOG L JOIN V$LOGFILE F ON F.GROUP# = L.GROUP#"
                    + " WHERE L.STATUS = 'CURRENT' AND L.THREAD# = 1")) {
      assertThat(rs.next()).isTrue();
      member = rs.getString(1);
    }
    try (PreparedStatement add =
        c.prepareCall(
            "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => SYS.DBMS_LOGMNR.NEW); END;")) {
      add.setString(1, member);
      add.execute();
    }
  }

  /**
   * {@link #addCurrentLog}, then START_LOGMNR from {@code from} with the online catalog and no
   * ROWID in SQL_REDO.
   */
  static void start(Connection c, long from) throws SQLException {
    addCurrentLog(c);
    try (PreparedStatement start =
        c.prepareCall(
            "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?,"
                + " OPTIONS => SYS.DBMS_LOGMNR.DICT_FROM_ONLINE_CATALOG + SYS.DBMS_LOGMNR.NO_ROWID_IN_STMT); END;")) {
      start.setBigDecimal(1, BigDecimal.valueOf(from));
      start.execute();
    }
  }
}
