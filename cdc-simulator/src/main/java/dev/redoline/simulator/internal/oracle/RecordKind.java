package dev.redoline.simulator.internal.oracle;

/** What a redo record is, with the OPERATION / OPERATION_CODE LogMiner shows for it. */
public enum RecordKind {
  START(6, "START"),
  COMMIT(7, "COMMIT"),
  ROLLBACK(36, "ROLLBACK"),
  INSERT(1, "INSERT"),
  UPDATE(3, "UPDATE"),
  DELETE(2, "DELETE"),
  /** ROLLBACK=1 compensation of an INSERT: a ROWID-only DELETE. */
  UNDO_INSERT(2, "DELETE"),
  /** ROLLBACK=1 compensation of an UPDATE: old values set by ROWID. */
  UNDO_UPDATE(3, "UPDATE"),
  /** ROLLBACK=1 compensation of a DELETE: the row inserted again. */
  UNDO_DELETE(1, "INSERT"),
  DDL(5, "DDL"),
  REPLICATION_MARKER(27, "REPLICATION_MARKER"),
  /** A gap in the redo stream (a missing log tolerated by the session): STATUS 1291. */
  MISSING_SCN(34, "MISSING_SCN"),
  /**
   * Redo blocks skipped under SKIP_CORRUPTION: STATUS 1343. The OPERATION text is documented; the
   * OPERATION_CODE is not (docs/logminer.md#columns), so {@link Settings#corruptedBlocksCode}
   * decides it.
   */
  CORRUPTED_BLOCKS(-1, "CORRUPTED_BLOCKS"),
  UNSUPPORTED(255, "UNSUPPORTED"),
  /** A row LogMiner marks INTERNAL; on LOB tables it carries the ROW_ID its DML row left empty. */
  INTERNAL(0, "INTERNAL"),
  /**
   * The PL/SQL preamble that selects a LOB's locator for update
   * (docs/logminer.md#lob-xml-and-extended-string-rows).
   */
  SEL_LOB_LOCATOR(9, "SEL_LOB_LOCATOR"),
  /** {@code dbms_lob.write} of one chunk at an offset. */
  LOB_WRITE(10, "LOB_WRITE"),
  /** {@code dbms_lob.trim} to a length. */
  LOB_TRIM(11, "LOB_TRIM"),
  /**
   * {@code dbms_lob.erase} of a range. The documented code and the one connectors query differ
   * (docs/logminer.md#operation-codes), so {@link Settings#lobEraseCode} decides it.
   */
  LOB_ERASE(29, "LOB_ERASE"),
  /** The start of an XMLTYPE document: its column and row (binary or text storage form). */
  XML_BEGIN(68, "XML DOC BEGIN"),
  /** One chunk of an XMLTYPE document. */
  XML_WRITE(70, "XML DOC WRITE"),
  /** The end of an XMLTYPE document. */
  XML_END(71, "XML DOC END"),
  /** An extended string's PL/SQL begin row (MAX_STRING_SIZE=EXTENDED, a value over 4,000 bytes). */
  EXTENDED_BEGIN(91, "32K_BEGIN"),
  /** One chunk of an extended string. */
  EXTENDED_WRITE(92, "32K_WRITE"),
  /** The end of an extended string's rows. */
  EXTENDED_END(93, "32K_END");

  private final int code;
  private final String operation;

  RecordKind(int code, String operation) {
    this.code = code;
    this.operation = operation;
  }

  /** OPERATION_CODE as documented (some are settings: {@link Settings#lobEraseCode()}). */
  int code() {
    return code;
  }

  /** OPERATION as V$LOGMNR_CONTENTS shows it. */
  public String operation() {
    return operation;
  }

  boolean isDml() {
    return this == INSERT
        || this == UPDATE
        || this == DELETE
        || this == UNDO_INSERT
        || this == UNDO_UPDATE
        || this == UNDO_DELETE;
  }

  boolean isControl() {
    return this == START || this == COMMIT || this == ROLLBACK;
  }

  boolean isLob() {
    return this == SEL_LOB_LOCATOR
        || this == LOB_WRITE
        || this == LOB_TRIM
        || this == LOB_ERASE
        || this == XML_BEGIN
        || this == XML_WRITE
        || this == XML_END
        || this == EXTENDED_BEGIN
        || this == EXTENDED_WRITE
        || this == EXTENDED_END;
  }

  public boolean isUndo() {
    return this == UNDO_INSERT || this == UNDO_UPDATE || this == UNDO_DELETE;
  }
}
