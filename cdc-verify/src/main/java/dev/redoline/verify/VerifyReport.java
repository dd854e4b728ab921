package dev.redoline.verify;

import dev.redoline.core.Scn;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * The result of one verification: per table, what was compared and what differs, as of one SCN.
 * {@link #toJson()} for programs (the ops topic, {@code --json}), {@link #toText()} for people.
 * Values never appear: keys (delivered verbatim) and column names only.
 *
 * @param scn the SCN Oracle's side was read as of
 * @param scnSource where the SCN came from: {@code target} (the SCN the target has applied), {@code
 *     given}, or {@code current} (Oracle's current SCN)
 * @param started when the verification started (the verifier's clock)
 * @param tables one report per table, in the order asked for
 * @param confirmedAt the SCN the target reported at the last round of the confirmation of keys in
 *     flight at a tied SCN ({@link TableReport#inFlight()}), or null when none ran
 */
public record VerifyReport(
    Scn scn, String scnSource, Instant started, List<TableReport> tables, Scn confirmedAt) {

  public VerifyReport {
    Objects.requireNonNull(scn, "scn == null");
    tables = List.copyOf(tables);
  }

  /** A report without a confirmation. */
  public VerifyReport(Scn scn, String scnSource, Instant started, List<TableReport> tables) {
    this(scn, scnSource, started, tables, null);
  }

  /** Keys that differ over all tables (confirmed differences). */
  public int differences() {
    return tables.stream().mapToInt(TableReport::differences).sum();
  }

  /** Keys in flight at a tied SCN that agreed when compared again, over all tables. */
  public int inFlight() {
    return tables.stream().mapToInt(TableReport::inFlight).sum();
  }

  /** Keys neither found equal nor confirmed different within the patience, over all tables. */
  public int undecided() {
    return tables.stream().mapToInt(t -> t.undecided().size()).sum();
  }

  /**
   * One line: {@code equal}, or the keys that differ, and the keys in flight and undecided when
   * there are some ({@code 2 keys differ, 3 in flight resolved, 1 undecided}).
   */
  public String summary() {
    StringJoiner out = new StringJoiner(", ");
    if (equal()) {
      out.add("equal");
    } else if (differences() > 0 || undecided() == 0) {
      out.add(differences() + " keys differ");
    }
    if (inFlight() > 0) {
      out.add(inFlight() + " in flight resolved");
    }
    if (undecided() > 0) {
      out.add(undecided() + " undecided");
    }
    return out.toString();
  }

  /** Differences over all tables that the copy's records do not account for. */
  public int undeclaredDifferences() {
    return tables.stream().mapToInt(TableReport::undeclaredDifferences).sum();
  }

  /** Whether every table was compared and nothing differs or is undecided. */
  public boolean equal() {
    return differences() == 0
        && undecided() == 0
        && tables.stream().allMatch(TableReport::compared);
  }

  /** Bytes Oracle returned over all tables. */
  public long sourceBytes() {
    return tables.stream().mapToLong(TableReport::sourceBytes).sum();
  }

  /** The report as one JSON object. */
  public String toJson() {
    StringJoiner t = new StringJoiner(",", "[", "]");
    for (TableReport r : tables) {
      StringBuilder o = new StringBuilder("{");
      field(o, "table", quote(r.table().toString()));
      field(o, "compared", Boolean.toString(r.compared()));
      if (!r.compared()) {
        field(o, "reason", quote(r.reason()));
      }
      field(o, "keyColumns", strings(r.keyColumns()));
      field(o, "sourceRows", Long.toString(r.sourceRows()));
      field(o, "targetRows", Long.toString(r.targetRows()));
      field(o, "chunks", Integer.toString(r.chunks()));
      field(o, "differingChunks", Integer.toString(r.differingChunks()));
      field(o, "missing", keys(r.missing()));
      field(o, "extra", keys(r.extra()));
      field(
          o,
          "differing",
          r.differing().stream()
              .map(
                  d ->
                      "{\"key\":"
                          + key(d.key())
                          + ",\"columns\":"
                          + strings(d.columns())
                          + (d.unavailable().isEmpty()
                              ? ""
                              : ",\"unavailable\":" + strings(d.unavailable()))
                          + "}")
              .collect(Collectors.joining(",", "[", "]")));
      field(o, "inFlight", Integer.toString(r.inFlight()));
      field(o, "undecided", keys(r.undecided()));
      field(o, "skippedColumns", strings(r.skippedColumns()));
      field(o, "sourceBytes", Long.toString(r.sourceBytes()));
      field(o, "targetBytes", Long.toString(r.targetBytes()));
      field(o, "millis", Long.toString(r.elapsed().toMillis()));
      o.setLength(o.length() - 1);
      t.add(o.append('}'));
    }
    return "{\"scn\":\""
        + scn
        + "\",\"scnSource\":"
        + quote(scnSource)
        + ",\"started\":\""
        + started
        + "\",\"differences\":"
        + differences()
        + ",\"inFlight\":"
        + inFlight()
        + ",\"undecided\":"
        + undecided()
        + (confirmedAt == null ? "" : ",\"confirmedAt\":\"" + confirmedAt + "\"")
        + ",\"equal\":"
        + equal()
        + ",\"tables\":"
        + t
        + "}";
  }

  /** The report for people: one block per table. */
  public String toText() {
    StringBuilder out =
        new StringBuilder(
            "Verified at SCN "
                + scn
                + " ("
                + scnSource
                + "): "
                + summary()
                + (confirmedAt == null
                    ? ""
                    : " (keys in flight at the tied SCN compared again up to SCN "
                        + confirmedAt
                        + ")")
                + "\n");
    for (TableReport r : tables) {
      out.append(r.table()).append(": ");
      if (!r.compared()) {
        out.append("not compared: ").append(r.reason()).append('\n');
        continue;
      }
      out.append(r.sourceRows())
          .append(" rows in Oracle, ")
          .append(r.targetRows())
          .append(" in the target, ")
          .append(r.chunks())
          .append(" chunks (")
          .append(r.differingChunks())
          .append(" differing), ")
          .append(r.sourceBytes())
          .append(" bytes from Oracle, ")
          .append(r.targetBytes())
          .append(" from the target, ")
          .append(r.elapsed().toMillis())
          .append(" ms\n");
      r.missing().forEach(k -> out.append("  missing ").append(k).append('\n'));
      r.extra().forEach(k -> out.append("  extra ").append(k).append('\n'));
      r.differing()
          .forEach(
              d ->
                  out.append("  differs ")
                      .append(d.key())
                      .append(" in ")
                      .append(String.join(", ", d.columns()))
                      .append(
                          d.unavailable().isEmpty()
                              ? ""
                              : " (not carried by the key's latest change, the copy holds an"
                                  + " earlier value: "
                                  + String.join(", ", d.unavailable())
                                  + ")")
                      .append('\n'));
      if (r.inFlight() > 0) {
        out.append("  in flight at the tied SCN, agreed when compared again: ")
            .append(r.inFlight())
            .append(" keys\n");
      }
      r.undecided()
          .forEach(
              k ->
                  out.append("  undecided ")
                      .append(k)
                      .append(
                          " (as a transaction tied at the SCN and not applied yet would explain;"
                              + " verify again once the copy has applied a later commit)\n"));
      if (!r.skippedColumns().isEmpty()) {
        out.append("  not compared (type): ")
            .append(String.join(", ", r.skippedColumns()))
            .append('\n');
      }
    }
    return out.toString();
  }

  private static void field(StringBuilder o, String name, String json) {
    o.append('"').append(name).append("\":").append(json).append(',');
  }

  private static String keys(List<RowKey> keys) {
    return keys.stream().map(VerifyReport::key).collect(Collectors.joining(",", "[", "]"));
  }

  private static String key(RowKey key) {
    return key.values().stream()
        .map(
            v -> v instanceof java.math.BigDecimal d ? d.toPlainString() : quote(String.valueOf(v)))
        .collect(Collectors.joining(",", "[", "]"));
  }

  private static String strings(List<String> names) {
    return names.stream().map(VerifyReport::quote).collect(Collectors.joining(",", "[", "]"));
  }

  static String quote(String s) {
    if (s == null) {
      return "null";
    }
    StringBuilder out = new StringBuilder();
    dev.redoline.core.internal.Json.quote(out, s);
    return out.toString();
  }
}
