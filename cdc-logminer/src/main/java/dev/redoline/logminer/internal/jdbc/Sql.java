package dev.redoline.logminer.internal.jdbc;

import dev.redoline.logminer.internal.AddLogOption;
import dev.redoline.logminer.internal.MiningOption;
import java.util.List;
import java.util.Set;

/**
 * The fixed SQL text of every statement the JDBC gateway runs, in one place so that tests pin it
 * and reviewers read it together. Values are always {@code ?} binds; the only text built at run
 * time is the mining query ({@link MiningSql}), which only repeats bind markers, and the
 * DBMS_LOGMNR option constants named in two PL/SQL calls, which come from enums.
 *
 * <pre>{@code
 * try (PreparedStatement ps = connection.prepareStatement(Sql.DATABASE)) { ... }
 * }</pre>
 */
final class Sql {

  /**
   * V$DATABASE plus what tells the server clock's zone: its current UTC offset and local time
   * (SYSTIMESTAMP is in the operating system's zone, as LogMiner's TIMESTAMP is) and DBTIMEZONE,
   * which may name the region that offset belongs to.
   */
  static final String DATABASE =
      "SELECT D.NAME, D.DBID, D.CURRENT_SCN, D.LOG_MODE,"
          + " D.SUPPLEMENTAL_LOG_DATA_MIN, D.SUPPLEMENTAL_LOG_DATA_ALL, D.SUPPLEMENTAL_LOG_DATA_PK,"
          + " D.RESETLOGS_CHANGE#, D.RESETLOGS_TIME, D.CDB, D.OPEN_MODE,"
          + " TO_CHAR(SYSTIMESTAMP, 'TZH:TZM') AS SERVER_OFFSET,"
          + " TO_CHAR(SYSTIMESTAMP, 'YYYY-MM-DD HH24:MI:SS') AS SERVER_TIME, DBTIMEZONE AS DB_TIME_ZONE"
          + " FROM V$DATABASE D";

  /**
   * V$THREAD; V$THREAD.INSTANCE is the instance <em>name</em>, so GV$INSTANCE gives its number
   * (NULL for a thread no instance has open).
   */
  static final String THREADS =
      "SELECT T.THREAD#, T.STATUS, T.ENABLED, I.INSTANCE_NUMBER, T.SEQUENCE#,"
          + " T.CHECKPOINT_CHANGE#, T.ENABLE_CHANGE#, T.DISABLE_CHANGE#, T.LAST_REDO_SEQUENCE#,"
          + " T.LAST_REDO_BLOCK, T.LAST_REDO_CHANGE#, T.LAST_REDO_TIME"
          + " FROM V$THREAD T LEFT OUTER JOIN GV$INSTANCE I ON I.INSTANCE_NAME = T.INSTANCE"
          + " ORDER BY T.THREAD#";

  /**
   * V$LOG with one member per group: the first valid online member (V$LOGFILE.STATUS is NULL while
   * a member is in use), else any member, so a group is never listed without a file.
   */
  static final String ONLINE_LOGS =
      "SELECT L.GROUP#, L.THREAD#, L.SEQUENCE#, L.BYTES, L.BLOCKSIZE,"
          + " COALESCE(MIN(CASE WHEN F.STATUS IS NULL THEN F.MEMBER END), MIN(F.MEMBER)) AS MEMBER,"
          + " L.ARCHIVED, L.STATUS, L.FIRST_CHANGE#, L.FIRST_TIME, L.NEXT_CHANGE#"
          + " FROM V$LOG L JOIN V$LOGFILE F ON F.GROUP# = L.GROUP# AND F.TYPE = 'ONLINE'"
          + " GROUP BY L.GROUP#, L.THREAD#, L.SEQUENCE#, L.BYTES, L.BLOCKSIZE, L.ARCHIVED, L.STATUS,"
          + " L.FIRST_CHANGE#, L.FIRST_TIME, L.NEXT_CHANGE#"
          + " ORDER BY L.THREAD#, L.SEQUENCE#, L.GROUP#";

  /** V$ARCHIVED_LOG of the current incarnation, deleted rows included; bind: the SCN after. */
  static final String ARCHIVED_LOGS =
      "SELECT A.NAME, A.DEST_ID, A.THREAD#, A.SEQUENCE#,"
          + " A.FIRST_CHANGE#, A.NEXT_CHANGE#, A.FIRST_TIME, A.BLOCKS, A.BLOCK_SIZE, A.STATUS,"
          + " A.STANDBY_DEST, A.DICTIONARY_BEGIN, A.DICTIONARY_END, A.RESETLOGS_CHANGE#"
          + " FROM V$ARCHIVED_LOG A JOIN V$DATABASE D ON A.RESETLOGS_CHANGE# = D.RESETLOGS_CHANGE#"
          + " AND A.RESETLOGS_TIME = D.RESETLOGS_TIME"
          + " WHERE A.ARCHIVED = 'YES' AND A.NEXT_CHANGE# > ?"
          + " ORDER BY A.THREAD#, A.SEQUENCE#, A.DEST_ID";

  /**
   * V$ARCHIVED_LOG of one incarnation, deleted rows included; binds: the SCN after, the
   * incarnation's RESETLOGS_CHANGE# and RESETLOGS_TIME.
   */
  static final String ARCHIVED_LOGS_OF_INCARNATION =
      "SELECT A.NAME, A.DEST_ID, A.THREAD#, A.SEQUENCE#,"
          + " A.FIRST_CHANGE#, A.NEXT_CHANGE#, A.FIRST_TIME, A.BLOCKS, A.BLOCK_SIZE, A.STATUS,"
          + " A.STANDBY_DEST, A.DICTIONARY_BEGIN, A.DICTIONARY_END, A.RESETLOGS_CHANGE#"
          + " FROM V$ARCHIVED_LOG A"
          + " WHERE A.ARCHIVED = 'YES' AND A.NEXT_CHANGE# > ?"
          + " AND A.RESETLOGS_CHANGE# = ? AND A.RESETLOGS_TIME = ?"
          + " ORDER BY A.THREAD#, A.SEQUENCE#, A.DEST_ID";

  /** V$DATABASE_INCARNATION, oldest first. */
  static final String INCARNATIONS =
      "SELECT INCARNATION#, RESETLOGS_CHANGE#, RESETLOGS_TIME, PRIOR_RESETLOGS_CHANGE#,"
          + " PRIOR_RESETLOGS_TIME, STATUS FROM V$DATABASE_INCARNATION ORDER BY INCARNATION#";

  /** V$ARCHIVE_DEST_STATUS. */
  static final String ARCHIVE_DESTINATIONS =
      "SELECT DEST_ID, DEST_NAME, STATUS, TYPE" + " FROM V$ARCHIVE_DEST_STATUS ORDER BY DEST_ID";

  /** V$PDBS without PDB$SEED (CON_ID 2), as the port lists only PDBs that can hold data. */
  static final String PDBS =
      "SELECT CON_ID, NAME, CON_UID, OPEN_MODE FROM V$PDBS WHERE CON_ID > 2" + " ORDER BY CON_ID";

  /**
   * V$TRANSACTION of this instance, with the user of each transaction's session: LogMiner names the
   * user only in a transaction's START row, which a capture started later never mines.
   */
  static final String TRANSACTIONS =
      "SELECT T.XIDUSN, T.XIDSLOT, T.XIDSQN, T.START_SCN, T.STATUS,"
          + " TO_NUMBER(SYS_CONTEXT('USERENV', 'INSTANCE')) AS INST_ID, S.USERNAME FROM V$TRANSACTION T"
          + " LEFT OUTER JOIN V$SESSION S ON S.SADDR = T.SES_ADDR";

  /** GV$TRANSACTION of every instance, with the user of each transaction's session. */
  static final String TRANSACTIONS_ALL_INSTANCES =
      "SELECT T.XIDUSN, T.XIDSLOT, T.XIDSQN, T.START_SCN, T.STATUS,"
          + " T.INST_ID, S.USERNAME FROM GV$TRANSACTION T"
          + " LEFT OUTER JOIN GV$SESSION S ON S.INST_ID = T.INST_ID AND S.SADDR = T.SES_ADDR";

  /**
   * The instances whose log writer (LGWR or an LGnn worker) is waiting for a redo write to complete
   * now; an idle log writer waits on 'rdbms ipc message' instead.
   */
  static final String REDO_WRITES_IN_PROGRESS =
      "SELECT DISTINCT INST_ID FROM GV$SESSION"
          + " WHERE EVENT = 'log file parallel write' AND STATE = 'WAITING'";

  /** The session's container; CON_ID is 0 in a non-container database, 1 at CDB$ROOT. */
  static final String SESSION_CONTAINER =
      "SELECT SYS_CONTEXT('USERENV', 'CON_ID') AS CON_ID,"
          + " SYS_CONTEXT('USERENV', 'CON_NAME') AS CON_NAME FROM DUAL";

  /** The capture user's CONTAINER_DATA attributes, user-level and per object. */
  static final String CONTAINER_DATA =
      "SELECT DEFAULT_ATTR, OBJECT_NAME, ALL_CONTAINERS, CONTAINER_NAME"
          + " FROM DBA_CONTAINER_DATA WHERE USERNAME = SYS_CONTEXT('USERENV', 'SESSION_USER')";

  /**
   * The container data objects the capture reads in a container database: the dictionary views that
   * resolve captured tables (a PDB they hide has no tables to capture) first, then GV$TRANSACTION
   * (a PDB it hides has no transactions to compare for orphans).
   */
  static final List<String> CONTAINER_DATA_OBJECTS =
      List.of(
          "V$PDBS",
          "V$CONTAINERS",
          "CDB_OBJECTS",
          "CDB_TAB_COLUMNS",
          "CDB_CONSTRAINTS",
          "CDB_CONS_COLUMNS",
          "CDB_LOG_GROUPS",
          "GV$TRANSACTION");

  /** One container's row of V$CONTAINERS; bind: its name. */
  static final String CONTAINER = "SELECT CON_ID, OPEN_MODE FROM V$CONTAINERS WHERE NAME = ?";

  /** Tables and their (sub)partitions, non-CDB; binds: owner regex, table regex. */
  static final String OBJECTS =
      "SELECT O.OWNER, O.OBJECT_NAME, O.SUBOBJECT_NAME, O.OBJECT_ID,"
          + " O.DATA_OBJECT_ID FROM ALL_OBJECTS O"
          + " WHERE O.OBJECT_TYPE IN ('TABLE', 'TABLE PARTITION', 'TABLE SUBPARTITION')"
          + " AND O.TEMPORARY = 'N' AND REGEXP_LIKE(O.OWNER, ?) AND REGEXP_LIKE(O.OBJECT_NAME, ?)"
          + " ORDER BY O.OWNER, O.OBJECT_NAME, O.OBJECT_ID";

  /** Tables and their (sub)partitions of one container; binds: con id, owner regex, table regex. */
  static final String CDB_OBJECTS =
      "SELECT O.OWNER, O.OBJECT_NAME, O.SUBOBJECT_NAME, O.OBJECT_ID,"
          + " O.DATA_OBJECT_ID FROM CDB_OBJECTS O"
          + " WHERE O.CON_ID = ? AND O.OBJECT_TYPE IN ('TABLE', 'TABLE PARTITION', 'TABLE SUBPARTITION')"
          + " AND O.TEMPORARY = 'N' AND REGEXP_LIKE(O.OWNER, ?) AND REGEXP_LIKE(O.OBJECT_NAME, ?)"
          + " ORDER BY O.OWNER, O.OBJECT_NAME, O.OBJECT_ID";

  /** V$DATABASE.FORCE_LOGGING. */
  static final String FORCE_LOGGING = "SELECT FORCE_LOGGING FROM V$DATABASE";

  /** Tables and partitions with LOGGING 'NO', non-CDB; binds: owner regex, table regex (twice). */
  static final String NOLOGGING =
      "SELECT T.OWNER, T.TABLE_NAME, CAST(NULL AS VARCHAR2(128)) AS PARTITION_NAME"
          + " FROM ALL_TABLES T WHERE T.LOGGING = 'NO' AND REGEXP_LIKE(T.OWNER, ?) AND REGEXP_LIKE(T.TABLE_NAME, ?)"
          + " UNION ALL SELECT P.TABLE_OWNER, P.TABLE_NAME, P.PARTITION_NAME FROM ALL_TAB_PARTITIONS P"
          + " WHERE P.LOGGING = 'NO' AND REGEXP_LIKE(P.TABLE_OWNER, ?) AND REGEXP_LIKE(P.TABLE_NAME, ?)"
          + " ORDER BY 1, 2, 3";

  /**
   * Tables and partitions with LOGGING 'NO' of one container; binds: (con id, owner regex, table
   * regex) twice.
   */
  static final String CDB_NOLOGGING =
      "SELECT T.OWNER, T.TABLE_NAME, CAST(NULL AS VARCHAR2(128)) AS PARTITION_NAME"
          + " FROM CDB_TABLES T WHERE T.CON_ID = ? AND T.LOGGING = 'NO' AND REGEXP_LIKE(T.OWNER, ?)"
          + " AND REGEXP_LIKE(T.TABLE_NAME, ?)"
          + " UNION ALL SELECT P.TABLE_OWNER, P.TABLE_NAME, P.PARTITION_NAME FROM CDB_TAB_PARTITIONS P"
          + " WHERE P.CON_ID = ? AND P.LOGGING = 'NO' AND REGEXP_LIKE(P.TABLE_OWNER, ?) AND REGEXP_LIKE(P.TABLE_NAME, ?)"
          + " ORDER BY 1, 2, 3";

  /**
   * Visible columns in COLUMN_ID order (hidden and unused columns have none), non-CDB; binds:
   * owner, table.
   */
  static final String COLUMNS =
      "SELECT COLUMN_NAME, DATA_TYPE, DATA_LENGTH, DATA_PRECISION, DATA_SCALE,"
          + " CHAR_LENGTH, NULLABLE FROM ALL_TAB_COLUMNS"
          + " WHERE OWNER = ? AND TABLE_NAME = ? AND COLUMN_ID IS NOT NULL ORDER BY COLUMN_ID";

  /** Visible columns of a table in one container; binds: con id, owner, table. */
  static final String CDB_COLUMNS =
      "SELECT COLUMN_NAME, DATA_TYPE, DATA_LENGTH, DATA_PRECISION, DATA_SCALE,"
          + " CHAR_LENGTH, NULLABLE FROM CDB_TAB_COLUMNS"
          + " WHERE CON_ID = ? AND OWNER = ? AND TABLE_NAME = ? AND COLUMN_ID IS NOT NULL ORDER BY COLUMN_ID";

  /** Primary key columns in key order, non-CDB; binds: owner, table. */
  static final String PRIMARY_KEY =
      "SELECT CC.COLUMN_NAME FROM ALL_CONSTRAINTS C"
          + " JOIN ALL_CONS_COLUMNS CC ON CC.OWNER = C.OWNER AND CC.CONSTRAINT_NAME = C.CONSTRAINT_NAME"
          + " WHERE C.OWNER = ? AND C.TABLE_NAME = ? AND C.CONSTRAINT_TYPE = 'P' ORDER BY CC.POSITION";

  /** Primary key columns in key order in one container; binds: con id, owner, table. */
  static final String CDB_PRIMARY_KEY =
      "SELECT CC.COLUMN_NAME FROM CDB_CONSTRAINTS C"
          + " JOIN CDB_CONS_COLUMNS CC ON CC.CON_ID = C.CON_ID AND CC.OWNER = C.OWNER"
          + " AND CC.CONSTRAINT_NAME = C.CONSTRAINT_NAME"
          + " WHERE C.CON_ID = ? AND C.OWNER = ? AND C.TABLE_NAME = ? AND C.CONSTRAINT_TYPE = 'P'"
          + " ORDER BY CC.POSITION";

  /** Whether a table has ALL COLUMN supplemental logging, non-CDB; binds: owner, table. */
  static final String ALL_COLUMN_LOGGING =
      "SELECT COUNT(*) FROM ALL_LOG_GROUPS"
          + " WHERE OWNER = ? AND TABLE_NAME = ? AND LOG_GROUP_TYPE = 'ALL COLUMN LOGGING'";

  /**
   * Whether a table has ALL COLUMN supplemental logging in one container; binds: con id, owner,
   * table.
   */
  static final String CDB_ALL_COLUMN_LOGGING =
      "SELECT COUNT(*) FROM CDB_LOG_GROUPS"
          + " WHERE CON_ID = ? AND OWNER = ? AND TABLE_NAME = ? AND LOG_GROUP_TYPE = 'ALL COLUMN LOGGING'";

  /** SCN_TO_TIMESTAMP; bind: the SCN. */
  static final String SCN_TO_TIMESTAMP = "SELECT SCN_TO_TIMESTAMP(?) FROM DUAL";

  /** TIMESTAMP_TO_SCN; bind: the time. */
  static final String TIMESTAMP_TO_SCN = "SELECT TIMESTAMP_TO_SCN(?) FROM DUAL";

  /**
   * DBMS_LOGMNR.ADD_LOGFILE with the option constant named ({@code SYS.DBMS_LOGMNR.ADDFILE}); bind:
   * file name.
   */
  static String addLogFile(AddLogOption option) {
    return "BEGIN SYS.DBMS_LOGMNR.ADD_LOGFILE(LOGFILENAME => ?, OPTIONS => "
        + option.constant()
        + "); END;";
  }

  /** DBMS_LOGMNR.REMOVE_LOGFILE; bind: file name. */
  static final String REMOVE_LOGFILE =
      "BEGIN SYS.DBMS_LOGMNR.REMOVE_LOGFILE(LOGFILENAME => ?); END;";

  /**
   * DBMS_LOGMNR.START_LOGMNR with the options as a sum of named package constants; binds: the start
   * SCN, and the end SCN when {@code bounded} (else LogMiner reads to the end of the added redo).
   */
  static String startLogMiner(Set<MiningOption> options, boolean bounded) {
    return "BEGIN SYS.DBMS_LOGMNR.START_LOGMNR(STARTSCN => ?,"
        + (bounded ? " ENDSCN => ?," : "")
        + " OPTIONS => "
        + MiningOption.sum(options)
        + "); END;";
  }

  /** DBMS_LOGMNR.END_LOGMNR. */
  static final String END_LOGMNR = "BEGIN SYS.DBMS_LOGMNR.END_LOGMNR(); END;";

  /** V$LOGMNR_LOGS, MISSING_LOGFILE rows included. */
  static final String SESSION_LOGS =
      "SELECT LOG_ID, FILENAME, THREAD_ID, THREAD_SQN, LOW_SCN, NEXT_SCN,"
          + " STATUS, INFO FROM V$LOGMNR_LOGS ORDER BY LOG_ID";

  /** The capture user's system privileges among those capture needs. */
  static final String SESSION_PRIVILEGES =
      "SELECT PRIVILEGE FROM SESSION_PRIVS WHERE PRIVILEGE = 'LOGMINING'";

  /** Whether the capture user may execute DBMS_LOGMNR (ALL_PROCEDURES lists what it may run). */
  static final String LOGMNR_PACKAGE =
      "SELECT COUNT(*) FROM ALL_PROCEDURES"
          + " WHERE OWNER = 'SYS' AND OBJECT_NAME = 'DBMS_LOGMNR' AND PROCEDURE_NAME IS NULL";

  /** The system privileges the capture needs, in the order problems list them. */
  static final List<String> REQUIRED_PRIVILEGES = List.of("LOGMINING");

  /**
   * Views the gateway reads besides those the port's inventory methods read. The probe of each is
   * {@link #probe}: ORA-00942 or ORA-01031 means the grant is missing; V$LOGMNR_CONTENTS answers
   * ORA-01306 outside a LogMiner session once it may be read.
   */
  static final List<String> PROBED_VIEWS =
      List.of("V$LOGMNR_CONTENTS", "V$LOGMNR_LOGS", "GV$INSTANCE", "GV$TRANSACTION", "GV$SESSION");

  /** The dictionary views read in a container database, probed the same way. */
  static final List<String> PROBED_CDB_VIEWS =
      List.of(
          "V$CONTAINERS",
          "CDB_OBJECTS",
          "CDB_TAB_COLUMNS",
          "CDB_CONSTRAINTS",
          "CDB_CONS_COLUMNS",
          "CDB_LOG_GROUPS");

  /**
   * A statement that reads {@code view} (one of the constants above, never user input) and returns
   * no row.
   */
  static String probe(String view) {
    return "SELECT COUNT(*) FROM " + view + " WHERE 1 = 0";
  }

  private Sql() {}
}
