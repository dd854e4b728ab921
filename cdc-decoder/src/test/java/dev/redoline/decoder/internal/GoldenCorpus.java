package dev.redoline.decoder.internal;

import dev.redoline.core.Absent;
import dev.redoline.core.Bytes;
import dev.redoline.core.Marker;
import dev.redoline.core.Operation;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.core.VectorValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the golden corpus: files of cases under {@code src/test/resources/golden}, each case a
 * SQL_REDO text with the values a decoder must produce, written by hand from docs/logminer.md.
 *
 * <p>Format, one directive per line ({@code #} starts a comment line):
 *
 * <pre>
 * table: [PDB.]S.T             starts a table; the column and exclude lines after it belong to it
 * column: NAME | TYPE          a column (NAME raw, may contain spaces); TYPE as OracleType.parse reads it
 * exclude: PATTERN             a cdc.columns.exclude pattern for the cases of this table
 * option: NAME                 a decoder setting on for the cases of this table: number.one.as.boolean
 *                              or relaxed.quotes
 * case: NAME                   starts a case
 * op: INSERT|UPDATE|DELETE
 * status: N [INFO]             optional LogMiner STATUS and INFO
 * redo: TEXT                   the SQL_REDO; "redo+ TEXT" appends a newline and TEXT
 * before: COLUMN = VALUE       an expected slot; slots not named are NOT_LOGGED
 * after: COLUMN = VALUE
 * rowid: ROWID                 the expected ROW_ID (the input row has none, so it comes from the text)
 * error: CDC-NNNN [COLUMN]     the expected error instead of images
 * </pre>
 *
 * VALUE is {@code null}, {@code notlogged}, {@code excluded}, {@code long N}, {@code decimal N},
 * {@code float X}, {@code double X}, {@code string '...'} (Java escapes \n \t \\ \\uXXXX), {@code
 * ldt}, {@code odt}, {@code zdt}, {@code instant}, {@code period}, {@code duration} with ISO text,
 * {@code bytes HEX}, {@code marker NAME}, {@code bool true|false}, {@code vector FORMAT n,n,..}
 * (FLOAT32, FLOAT64, INT8) or {@code vector BINARY HEX}.
 */
final class GoldenCorpus {

  /** The files of the corpus, in {@code src/test/resources/golden}. */
  static final List<String> FILES =
      List.of(
          "statements.cases",
          "numbers.cases",
          "binary.cases",
          "text.cases",
          "datetime.cases",
          "raw_lob.cases",
          "errors.cases",
          "exclusion.cases",
          "mismatch.cases",
          "oracle23ai.cases",
          "bc_dates.cases",
          "quotes_and_positions.cases");

  record Case(
      String file,
      String name,
      TableLayout layout,
      List<String> exclusions,
      List<String> options,
      Operation op,
      String redo,
      int status,
      String info,
      Map<String, Object> before,
      Map<String, Object> after,
      String rowId,
      String errorCode,
      String errorColumn) {
    @Override
    public String toString() {
      return file + ":" + name;
    }
  }

  private GoldenCorpus() {}

  static List<Case> load() {
    List<Case> cases = new ArrayList<>();
    for (String file : FILES) {
      cases.addAll(parse(file, read(file)));
    }
    return cases;
  }

  private static String read(String file) {
    try (InputStream in = GoldenCorpus.class.getResourceAsStream("/golden/" + file)) {
      if (in == null) {
        throw new IllegalStateException("missing golden file " + file);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Case> parse(String file, String content) {
    List<Case> cases = new ArrayList<>();
    TableLayout.Builder table = null;
    TableLayout layout = null;
    List<String> exclusions = new ArrayList<>();
    List<String> options = new ArrayList<>();
    Draft draft = null;
    int lineNo = 0;
    for (String line : content.split("\n", -1)) {
      lineNo++;
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int colon = line.indexOf(':');
      boolean more = line.startsWith("redo+ ");
      String key = more ? "redo+" : line.substring(0, Math.max(colon, 0)).trim();
      String value = more ? line.substring(6) : line.substring(colon + 1).trim();
      try {
        switch (key) {
          case "table" -> {
            finish(cases, draft, file);
            draft = null;
            table = TableLayout.builder(TableId.parse(value), 1);
            layout = null;
            exclusions = new ArrayList<>();
            options = new ArrayList<>();
          }
          case "column" -> {
            int bar = value.indexOf(" | ");
            table.column(value.substring(0, bar), OracleType.parse(value.substring(bar + 3)), true);
          }
          case "exclude" -> exclusions.add(value);
          case "option" -> {
            if (!value.equals("number.one.as.boolean") && !value.equals("relaxed.quotes")) {
              throw new IllegalArgumentException("unknown option '" + value + "'");
            }
            options.add(value);
          }
          case "case" -> {
            finish(cases, draft, file);
            if (layout == null) {
              layout = table.build();
            }
            draft = new Draft(value, layout, List.copyOf(exclusions), List.copyOf(options));
          }
          case "op" -> draft.op = Operation.valueOf(value);
          case "status" -> {
            int space = value.indexOf(' ');
            draft.status = Integer.parseInt(space < 0 ? value : value.substring(0, space));
            draft.info = space < 0 ? null : value.substring(space + 1);
          }
          case "redo" -> draft.redo = line.substring(colon + 2);
          case "redo+" -> draft.redo = draft.redo + "\n" + value;
          case "before", "after" -> {
            int eq = value.indexOf(" = ");
            (key.equals("before") ? draft.before : draft.after)
                .put(value.substring(0, eq), value(value.substring(eq + 3)));
          }
          case "rowid" -> draft.rowId = value;
          case "error" -> {
            String[] parts = value.split(" ", 2);
            draft.errorCode = parts[0];
            draft.errorColumn = parts.length > 1 ? parts[1] : null;
          }
          default -> throw new IllegalArgumentException("unknown directive '" + key + "'");
        }
      } catch (RuntimeException e) {
        throw new IllegalStateException(file + ":" + lineNo + ": " + e.getMessage(), e);
      }
    }
    finish(cases, draft, file);
    return cases;
  }

  private static void finish(List<Case> cases, Draft d, String file) {
    if (d != null) {
      cases.add(
          new Case(
              file,
              d.name,
              d.layout,
              d.exclusions,
              d.options,
              d.op,
              d.redo,
              d.status,
              d.info,
              d.before,
              d.after,
              d.rowId,
              d.errorCode,
              d.errorColumn));
    }
  }

  /** A parsed expected value; {@link Absent} for notlogged/excluded. */
  static Object value(String spec) {
    int space = spec.indexOf(' ');
    String kind = space < 0 ? spec : spec.substring(0, space);
    String text = space < 0 ? "" : spec.substring(space + 1);
    return switch (kind) {
      case "null" -> null;
      case "notlogged" -> Absent.NOT_LOGGED;
      case "excluded" -> Absent.EXCLUDED;
      case "long" -> Long.parseLong(text);
      case "decimal" -> new BigDecimal(text);
      case "float" -> Float.parseFloat(text);
      case "double" -> Double.parseDouble(text);
      case "string" -> unescape(text.substring(text.indexOf('\'') + 1, text.lastIndexOf('\'')));
      case "ldt" -> LocalDateTime.parse(text);
      case "odt" -> OffsetDateTime.parse(text);
      case "zdt" -> ZonedDateTime.parse(text);
      case "instant" -> Instant.parse(text);
      case "period" -> Period.parse(text);
      case "duration" -> Duration.parse(text);
      case "bytes" -> Bytes.fromHex(text);
      case "marker" -> Marker.valueOf(text);
      case "bool" ->
          switch (text) {
            case "true" -> Boolean.TRUE;
            case "false" -> Boolean.FALSE;
            default ->
                throw new IllegalArgumentException("bool is true or false, not '" + text + "'");
          };
      case "vector" -> vector(text);
      default -> throw new IllegalArgumentException("unknown value kind '" + kind + "'");
    };
  }

  private static VectorValue vector(String spec) {
    String[] parts = spec.split(" ", 2);
    String[] numbers = parts[1].split(",");
    switch (parts[0]) {
      case "FLOAT32":
        {
          float[] f = new float[numbers.length];
          for (int i = 0; i < f.length; i++) {
            f[i] = Float.parseFloat(numbers[i]);
          }
          return VectorValue.ofFloat32(f);
        }
      case "FLOAT64":
        {
          double[] d = new double[numbers.length];
          for (int i = 0; i < d.length; i++) {
            d[i] = Double.parseDouble(numbers[i]);
          }
          return VectorValue.ofFloat64(d);
        }
      case "INT8":
        {
          byte[] b = new byte[numbers.length];
          for (int i = 0; i < b.length; i++) {
            b[i] = Byte.parseByte(numbers[i]);
          }
          return VectorValue.ofInt8(b);
        }
      case "BINARY":
        return VectorValue.ofBinary(Bytes.fromHex(parts[1]).toByteArray());
      default:
        throw new IllegalArgumentException("unknown vector format '" + parts[0] + "'");
    }
  }

  private static String unescape(String s) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 == s.length()) {
        sb.append(c);
        continue;
      }
      char n = s.charAt(++i);
      switch (n) {
        case 'n' -> sb.append('\n');
        case 't' -> sb.append('\t');
        case 'u' -> {
          sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> sb.append(n);
      }
    }
    return sb.toString();
  }

  private static final class Draft {
    final String name;
    final TableLayout layout;
    final List<String> exclusions;
    final List<String> options;
    Operation op;
    String redo;
    int status;
    String info;
    final Map<String, Object> before = new LinkedHashMap<>();
    final Map<String, Object> after = new LinkedHashMap<>();
    String rowId;
    String errorCode;
    String errorColumn;

    Draft(String name, TableLayout layout, List<String> exclusions, List<String> options) {
      this.name = name;
      this.layout = layout;
      this.exclusions = exclusions;
      this.options = options;
    }
  }
}
