package dev.redoline.core;

import java.util.Locale;

/**
 * The catalog of Redoline's error codes. Each code has a one-line meaning, an operator action and a
 * section in {@code docs/runbook.md} (a test fails when one is missing).
 *
 * <p>Codes are stable: a code's number never changes meaning once released.
 */
public enum ErrorCode {
  TRANSIENT_DATABASE_ERROR(
      1001,
      "Transient database error (connection dropped, session killed, instance restart, PDB not open yet)",
      "None while retries last; the engine reconnects with backoff. If it stopped after cdc.retry.max.time.ms, "
          + "check the database and the network, then restart the capture."),
  REMINE_STEP(
      1002,
      "LogMiner error that mining the same range again fixes (online log switched or reused while read)",
      "None while it recovers; the step is mined again. If it stopped because the error repeated, "
          + "add online redo log groups or enlarge them so logs are not reused while being read."),
  LOG_SEQUENCE_GAP(
      2001,
      "Gap in the redo log sequence of a thread: a log needed to continue is neither online nor archived",
      "Restore the missing archived logs (RMAN restore archivelog) to the archive destination, then restart. "
          + "If they are gone for good, start a new capture from a fresh snapshot."),
  LOG_PURGED(
      2002,
      "A redo log needed to continue was deleted from the archive destination",
      "Restore the log with RMAN and restart; lengthen archive retention so logs outlive the capture's lag."),
  CORRUPT_REDO(
      2003,
      "Redo needed to continue is corrupt",
      "Restore a good copy of the log (another archive destination or a backup), then restart."),
  INCARNATION_DIVERGED(
      2060,
      "The database was opened with RESETLOGS (failover, point-in-time recovery, FLASHBACK DATABASE) below what the "
          + "capture delivered, or its position is on an incarnation that is not the current one's parent",
      "The changes the message names above the RESETLOGS SCN were delivered but no longer exist in the database: "
          + "reconcile the consumers (or re-snapshot), then reset the stored position to start at the new "
          + "incarnation's RESETLOGS SCN or later; see docs/runbook.md."),
  SPILL_FILE_CORRUPT(
      2101,
      "A transaction spill file failed its checksum or ended early",
      "Check the disk of cdc.buffer.spill.dir, then restart: the transaction is read again from the redo."),
  JOURNAL_CORRUPT(
      2102,
      "A transaction journal entry failed its checksum or cannot be read",
      "Check the journal storage (file or topic); restore it or start from a position before the journaled "
          + "transaction's first change."),
  LOCAL_STATE_UNREADABLE(
      2103,
      "A local state file (schema history) does not read as Redoline wrote it",
      "Restore the file from a backup, or remove it to rebuild the history from the dictionary; see the line named "
          + "in the message."),
  LOCAL_STORAGE_FAILED(
      2104,
      "A local file (spill file, journal, offsets, schema history, dead letters) cannot be written or read",
      "Check free space and permissions of the directory named in the message (cdc.buffer.spill.dir, "
          + "cdc.state.dir), then restart: nothing after the stored position was acknowledged."),
  SNAPSHOT_UNDO_TOO_SMALL(
      2201,
      "A snapshot chunk cannot be read AS OF SCN even at the smallest chunk size (ORA-01555, snapshot too old)",
      "Raise UNDO_RETENTION (and the undo tablespace so it can keep it), or lower cdc.snapshot.chunk.rows, then "
          + "restart: the snapshot continues after its last emitted chunk."),
  MALFORMED_REDO_SQL(
      3001,
      "SQL_REDO text that the decoder cannot parse",
      "Check the excerpt and the row's address in the message; report it with the table's DDL. "
          + "Set cdc.on.decode.error=dlq to continue and keep such rows in the dead letter destination."),
  VALUE_NOT_CONVERTIBLE(
      3002,
      "A column literal that cannot be converted to its column's type",
      "Check the column's type against the table layout; exclude the column with cdc.columns.exclude if its "
          + "value is not needed, or set cdc.on.decode.error=dlq."),
  UNKNOWN_TABLE_OR_COLUMN(
      3003,
      "A row names an object or column the dictionary does not resolve (OBJ# n, COL n, dictionary mismatch)",
      "The table was changed or dropped after the redo was written; check the schema history and the DDL "
          + "between the two, or set cdc.on.decode.error=dlq."),
  REDO_NOT_RELIABLE(
      3004,
      "LogMiner marks the row's SQL as invalid or unguaranteed (STATUS 2 or 3, Dictionary Version Mismatch)",
      "Enable supplemental logging for the table (ALTER TABLE ... ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS), "
          + "or set cdc.on.decode.error=dlq for the rows already written."),
  UNESCAPED_QUOTE_IN_LITERAL(
      3005,
      "A single quote inside a SQL_REDO literal is not doubled (LogMiner sometimes writes them so)",
      "Set cdc.decode.relaxed.quotes=true to read such quotes as part of the value, or "
          + "cdc.on.decode.error=dlq to set the row aside."),
  LOB_ROW_OUT_OF_PLACE(
      3006,
      "A LOB row (LOB_WRITE, LOB_TRIM, LOB_ERASE, XML DOC WRITE) with no SEL_LOB_LOCATOR or XML DOC BEGIN before it "
          + "in its transaction, so the column it changes is not known",
      "Check that the capture started before the transaction (restart from an earlier position), "
          + "or set cdc.on.decode.error=dlq to keep the row in the dead letter destination."),
  LOB_WRITE_COLUMN_AMBIGUOUS(
      3050,
      "A LOB_WRITE row with no SEL_LOB_LOCATOR before it (BasicFile LOBs stored out of row) follows a change "
          + "in which several CLOB, NCLOB or BLOB columns could take it, and neither the kind nor the number of "
          + "values written tells which, so the column it writes is not known",
      "Move the table's LOB columns to SecureFile storage (ALTER TABLE ... MOVE LOB (col) STORE AS SECUREFILE), "
          + "or keep at most one out-of-row BasicFile LOB column of each kind per table; set "
          + "cdc.on.decode.error=dlq to keep the rows aside until then."),
  INVALID_CONFIGURATION(
      4001,
      "A configuration value is invalid",
      "Correct the key named in the message to one of the allowed values and restart."),
  UNKNOWN_CONFIGURATION_KEY(
      4002,
      "A cdc.* configuration key is not one Redoline knows (often a typo)",
      "Correct or remove the key; the message suggests the closest known key."),
  MISSING_PRIVILEGE(
      4003,
      "The capture user lacks a privilege LogMiner capture needs",
      "Grant the privileges listed in the message to the capture user (see docs/runbook.md)."),
  ARCHIVELOG_MODE_OFF(
      4004,
      "The database is not in ARCHIVELOG mode",
      "Enable archiving: SHUTDOWN IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; ALTER DATABASE OPEN."),
  SUPPLEMENTAL_LOGGING_MISSING(
      4005,
      "Supplemental logging is not enabled as capture needs it",
      "Run ALTER DATABASE ADD SUPPLEMENTAL LOG DATA, and for each captured table "
          + "ALTER TABLE ... ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS."),
  UNKNOWN_PDB(
      4006,
      "A pluggable database named in cdc.database.pdbs does not exist",
      "Correct cdc.database.pdbs to names listed in V$PDBS."),
  INVALID_POSITION(
      4007,
      "A stored position (offset) is malformed or of an unknown version",
      "Restore the offset from a backup or reset it (Connect: PATCH/DELETE /connectors/<name>/offsets; "
          + "embedded: remove the offset file) and start from a chosen SCN."),
  SESSION_NOT_IN_ROOT(
      4008,
      "The capture session of a container database is not in its root container (CDB$ROOT)",
      "Point cdc.database.url at the container database's own service (the root), not a PDB's; name the PDBs "
          + "to capture in cdc.database.pdbs."),
  NOLOGGING_WITHOUT_FORCE_LOGGING(
      4009,
      "A captured table or partition is NOLOGGING and the database is not in FORCE LOGGING mode (a warning)",
      "Run ALTER DATABASE FORCE LOGGING, or ALTER TABLE ... LOGGING (MODIFY PARTITION ... LOGGING) for the "
          + "tables named, or make sure no direct-path load (INSERT /*+ APPEND */, SQL*Loader direct) reaches them."),
  SNAPSHOT_COLUMN_UNREADABLE(
      4010,
      "A snapshot cannot read a column value of a captured table (a text of a shape the decoder does not know)",
      "Exclude the column with cdc.columns.exclude, or set cdc.snapshot.mode=no_data to capture changes only."),
  INVALID_SIGNAL(
      4011,
      "A snapshot signal (cdc.signal.topic message or EmbeddedEngine.snapshot call) cannot be carried out",
      "Correct the signal named in the message: a JSON object with type snapshot, pause or resume, and tables "
          + "that the capture includes; it was skipped with an ops event."),
  LOGON_DENIED(
      4012,
      "The database refused the capture user's logon (ORA-01017: wrong user name or password)",
      "Correct cdc.database.user and cdc.database.password (in a container database, a common user such as "
          + "C##REDOLINE), then start the capture again."),
  UNKNOWN_SERVICE(
      4013,
      "At the capture's first connection the listener knows no service or SID named by cdc.database.url "
          + "(ORA-12514, ORA-12505); at a connector's validation, or the first connection of a capture that "
          + "never stored a position, also no listener at its host and port (ORA-12541)",
      "Correct the host, port and service name in cdc.database.url (lsnrctl status shows where the listener "
          + "listens, lsnrctl services the services registered), or start the capture once the listener runs and "
          + "the database has registered its service with it."),
  REPLAY_STATEMENT_NOT_RECORDED(
      4070,
      "A replayed capture sent a statement its recording never saw (not a mining query)",
      "Replay with the settings and the Redoline version the recording was made with (its settings.properties); "
          + "a capture that asks other questions cannot be answered from it: record the capture again."),
  VERIFY_TARGET_UNREADABLE(
      4080,
      "A verification cannot read its target: a table or the sink's position is missing, or a value does not read "
          + "as its column's type",
      "Check the target's URL and that the sink has written the table (its name and layout in the message); "
          + "give --scn when the target keeps no position."),
  VERIFY_CHECKSUM_REFUSED(
      4081,
      "Oracle refused a verification's checksum query (STANDARD_HASH, or DBMS_CRYPTO.HASH for a LOB column)",
      "Grant EXECUTE ON SYS.DBMS_CRYPTO to the capture user when the table has CLOB, NCLOB or BLOB columns; "
          + "check the ORA error in the message."),
  VERIFY_TABLE_NOT_COMPARABLE(
      4082,
      "A table cannot be compared by key: no primary key, or a key column excluded, hashed, truncated or of a type "
          + "the compare does not order",
      "Give the table a primary key or configure cdc.message.key.columns with verbatim columns, or leave it out "
          + "of the verification."),
  TIME_ZONE_ONLY_OFFSET(
      4090,
      "No cdc.database.time.zone is set and the database server's clock zone is known only as an offset "
          + "other than UTC (DBTIMEZONE is an offset or another zone than the clock's); a warning",
      "Set cdc.database.time.zone to the server's region (e.g. Europe/Paris), or set DBTIMEZONE to it."),
  DRIVER_CLASS_MISSING(
      4091,
      "The JDBC driver that serves cdc.database.url cannot load a class it needs: a jar is missing beside it",
      "Add the jar named in the message beside the driver's; for jdbc:redoline:sim:<workload> in a Kafka Connect "
          + "worker, deploy the trial archive (it carries H2) or use a simulator server URL."),
  UNCLASSIFIED_ORACLE_ERROR(
      5001,
      "An Oracle error Redoline does not classify",
      "Look up the ORA code in the message; if it is transient in your environment, report it so it can be "
          + "classified. The capture is not retried blindly."),
  INTERNAL_ERROR(
      5002,
      "An unexpected condition inside Redoline (a bug)",
      "Report it with the message and stack trace; restart the capture from its stored position."),
  HANDLER_FAILED(
      5003,
      "The application's ChangeHandler threw an exception",
      "Fix the handler (the cause is attached); the transaction's position was not stored, so it is delivered "
          + "again on restart."),
  LOB_RELEASED(
      5004,
      "A StreamedLob was read after its transaction was acknowledged, rolled back or dropped, or the engine stopped: "
          + "its file is deleted",
      "Read every StreamedLob a handler receives before the handler returns (copy it where it must outlive the "
          + "call); a restart delivers the transaction again only if it was not acknowledged.");

  private final int number;
  private final String meaning;
  private final String action;

  ErrorCode(int number, String meaning, String action) {
    this.number = number;
    this.meaning = meaning;
    this.action = action;
  }

  /** The number, e.g. 2001. */
  public int number() {
    return number;
  }

  /** The code as printed: {@code CDC-2001}. */
  public String code() {
    return "CDC-" + number;
  }

  /** The family, from the thousands digit. */
  public ErrorClass errorClass() {
    return ErrorClass.ofDigit(number / 1000);
  }

  /** One line: what happened. */
  public String meaning() {
    return meaning;
  }

  /** What the operator does about it. */
  public String action() {
    return action;
  }

  /**
   * The runbook section of this code, relative to the project root: {@code
   * docs/runbook.md#cdc-2001}.
   */
  public String runbook() {
    return "docs/runbook.md#" + code().toLowerCase(Locale.ROOT);
  }

  /** The code of a {@code CDC-NNNN} text. */
  public static ErrorCode ofCode(String code) {
    for (ErrorCode c : values()) {
      if (c.code().equals(code)) {
        return c;
      }
    }
    throw new IllegalArgumentException("Not a Redoline error code: '" + code + "'");
  }
}
