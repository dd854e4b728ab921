package dev.redoline.embedded;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoRow;
import dev.redoline.core.internal.Json;
import dev.redoline.logminer.DeadLetter;
import dev.redoline.logminer.DeadLetterSink;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The default dead letter store of the embedded engine: one JSON line per undecodable row, appended
 * and forced to disk before the capture goes on, so no row is dropped without a trace.
 *
 * <pre>{@code
 * DeadLetterSink file = DeadLetterFile.open(Path.of("redoline-state/dead-letters.jsonl"),
 *     config.get(CdcConfig.COLUMNS_EXCLUDE));
 * }</pre>
 *
 * <h2>What a line holds</h2>
 *
 * The error (code, detail, and the decoder's excerpt, which never holds an excluded value), the
 * row's coordinates (SCN, XID, thread, RS_ID, SSN, operation, owner, table, container, ROW_ID,
 * user, STATUS, INFO, timestamp), and its {@code SQL_REDO} only when no {@code cdc.columns.exclude}
 * pattern can apply to the row's table. SQL_REDO is LogMiner's raw text, so it would carry an
 * excluded column's value in clear; when exclusion may apply (or the table is unknown, as in a
 * dictionary mismatch row) the line says {@code "sql_redo":null} and why, and the row can be mined
 * again from its SCN and RS_ID. {@code SQL_UNDO} is never written.
 */
public final class DeadLetterFile implements DeadLetterSink {

  /** The version of a dead letter line. */
  static final int VERSION = 1;

  private final Path file;
  private final List<Pattern> excludedTables;

  private DeadLetterFile(Path file, List<Pattern> excludedTables) {
    this.file = file;
    this.excludedTables = excludedTables;
  }

  /**
   * A dead letter file.
   *
   * @param file the JSON-lines file, created on the first dead letter
   * @param columnsExclude the {@code cdc.columns.exclude} patterns ({@code
   *     [PDB.]SCHEMA.TABLE.COLUMN})
   */
  public static DeadLetterFile open(Path file, List<String> columnsExclude) {
    Objects.requireNonNull(file, "file == null");
    Objects.requireNonNull(columnsExclude, "columnsExclude == null");
    List<Pattern> tables = new ArrayList<>();
    for (String pattern : columnsExclude) {
      tables.add(tablePart(pattern));
    }
    return new DeadLetterFile(file, List.copyOf(tables));
  }

  /** The file this sink appends to. */
  public Path file() {
    return file;
  }

  /**
   * The table part of a column pattern, as a regular expression. Conservative: a pattern without a
   * dot, or whose column part is a bare {@code *}, matches any table through its wildcard.
   */
  private static Pattern tablePart(String columnPattern) {
    String p = columnPattern.trim().replace("\"", "").toUpperCase(Locale.ROOT);
    int dot = p.lastIndexOf('.');
    String table = dot < 0 ? "*" : p.substring(0, dot);
    // A pattern written without its PDB also matches the table inside any PDB.
    StringBuilder regex = new StringBuilder("(.*\\.)?");
    for (int i = 0; i < table.length(); i++) {
      char c = table.charAt(i);
      regex.append(c == '*' ? ".*" : Pattern.quote(String.valueOf(c)));
    }
    return Pattern.compile(regex.toString());
  }

  /** Whether a {@code cdc.columns.exclude} pattern may name a column of the row's table. */
  boolean mayHoldExcludedValues(RedoRow row) {
    if (excludedTables.isEmpty()) {
      return false;
    }
    if (row.segOwner() == null || row.tableName() == null || row.segOwner().equals("UNKNOWN")) {
      return true;
    }
    String name =
        (row.srcConName() == null ? "" : row.srcConName() + ".")
            + row.segOwner()
            + "."
            + row.tableName();
    String upper = name.toUpperCase(Locale.ROOT);
    for (Pattern p : excludedTables) {
      if (p.matcher(upper).matches()) {
        return true;
      }
    }
    return false;
  }

  /**
   * @throws CdcException CDC-2104 naming the file when it cannot be written: the capture stops
   *     rather than lose the row
   */
  @Override
  public void accept(DeadLetter letter) {
    Objects.requireNonNull(letter, "letter == null");
    try {
      StateFiles.appendLine(file, Json.write(toJson(letter)));
    } catch (IOException e) {
      throw new CdcException(
          ErrorCode.LOCAL_STORAGE_FAILED,
          "cannot append to the dead letter file " + file + " (cdc.state.dir): " + e,
          e);
    }
  }

  Map<String, Object> toJson(DeadLetter letter) {
    RedoRow row = letter.row();
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", letter.error().code());
    error.put("detail", letter.error().detail());
    error.put("excerpt", letter.error().excerpt());
    Map<String, Object> raw = new LinkedHashMap<>();
    raw.put("scn", row.scn().toString());
    raw.put("xid", row.xid().toHex());
    raw.put("thread", row.thread());
    raw.put("rs_id", row.rsId());
    raw.put("ssn", row.ssn());
    raw.put("operation", row.operation());
    raw.put("operation_code", row.operationCode());
    raw.put("src_con_name", row.srcConName());
    raw.put("seg_owner", row.segOwner());
    raw.put("table_name", row.tableName());
    raw.put("data_obj", row.dataObj());
    raw.put("row_id", row.rowId());
    raw.put("username", row.username());
    raw.put("status", row.status());
    raw.put("info", row.info());
    raw.put("timestamp", row.timestamp().toString());
    boolean withheld = mayHoldExcludedValues(row);
    raw.put("sql_redo", withheld ? null : row.sqlRedo());
    if (withheld) {
      raw.put("sql_redo_withheld", "cdc.columns.exclude may apply to this table");
    }
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("v", VERSION);
    json.put("time", letter.time().toString());
    json.put("error", error);
    json.put("row", raw);
    return json;
  }

  @Override
  public String toString() {
    return "DeadLetterFile[" + file + "]";
  }
}
