package dev.redoline.verify;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.Operation;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.embedded.CommittedTransaction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An embedded user's store as a sink keeps it: changes merged by key, a slot the change does not
 * carry keeping its earlier value, and per key the columns its latest change did not carry (a LOB
 * changed in place), told to the verification. Not thread-safe: the test serialises its applies and
 * a verification's reads.
 */
public final class MergingStore implements VerifyTarget {

  private final Map<TableId, Map<List<Object>, Map<String, Object>>> tables = new HashMap<>();
  private final Map<TableId, Map<List<Object>, List<String>>> notCarried = new HashMap<>();
  private Scn applied;
  private Map<String, Object> position;
  private long reads;

  /** Applies one committed transaction, as a sink would. */
  public void apply(CommittedTransaction tx) {
    for (Change c : tx.changes()) {
      apply(c, tx.layout(c));
    }
    position = tx.position().toMap();
    committed(tx.commit().scn());
  }

  /**
   * Applies one change of a transaction whose changes a sink iterates itself (they stream once);
   * {@link #committed} follows its last.
   */
  public void apply(Change c, TableLayout layout) {
    Map<List<Object>, Map<String, Object>> rows =
        tables.computeIfAbsent(c.table(), t -> new HashMap<>());
    Map<List<Object>, List<String>> absentOf =
        notCarried.computeIfAbsent(c.table(), t -> new HashMap<>());
    if (c.operation() == Operation.TRUNCATE) {
      rows.clear();
      absentOf.clear();
      return;
    }
    if (c.operation() == Operation.DELETE) {
      rows.remove(key(layout, c.before()));
      absentOf.remove(key(layout, c.before()));
      return;
    }
    if (c.operation() == Operation.READ) {
      reads++;
    }
    List<Object> key = key(layout, c.after());
    Map<String, Object> row = rows.computeIfAbsent(key, k -> new LinkedHashMap<>());
    List<String> absent = new ArrayList<>();
    for (int i = 0; i < layout.columns().size(); i++) {
      if (c.after().isPresent(i)) {
        row.put(layout.column(i).name(), c.after().get(i));
      } else if (c.after().absence(i) == Absent.NOT_LOGGED) {
        absent.add(layout.column(i).name());
      }
    }
    absentOf.put(key, absent);
  }

  /** Notes that the transaction committed at {@code scn} is applied whole. */
  public void committed(Scn scn) {
    applied = scn;
  }

  private static List<Object> key(TableLayout layout, Row row) {
    List<Object> key = new ArrayList<>();
    layout.primaryKey().forEach(k -> key.add(row.get(layout.indexOf(k))));
    return key;
  }

  /** How many rows of {@code table} the store holds. */
  public int rowCount(TableId table) {
    return tables.getOrDefault(table, Map.of()).size();
  }

  /** The rows read by snapshots (op {@code r}) applied so far. */
  public long snapshotReads() {
    return reads;
  }

  /** The keys of {@code table} whose latest change did not carry {@code column}. */
  public List<List<Object>> notCarried(TableId table, String column) {
    return notCarried.getOrDefault(table, Map.of()).entrySet().stream()
        .filter(e -> e.getValue().contains(column))
        .map(Map.Entry::getKey)
        .toList();
  }

  /** From the position of the last transaction applied, as a store keeps it with its data. */
  @Override
  public boolean awaitingSnapshot(TableId table) {
    return VerifyTarget.initialSnapshotPending(position, table);
  }

  @Override
  public Optional<Scn> appliedScn() {
    return Optional.ofNullable(applied);
  }

  @Override
  public void rows(TableLayout table, List<String> columns, RowReceiver receiver) {
    Map<List<Object>, List<String>> absentOf = notCarried.getOrDefault(table.table(), Map.of());
    tables
        .getOrDefault(table.table(), Map.of())
        .forEach(
            (key, row) -> {
              Object[] values = columns.stream().map(row::get).toArray();
              List<String> absent = absentOf.getOrDefault(key, List.of());
              if (absent.isEmpty()) {
                receiver.row(values);
              } else {
                receiver.row(values, absent.stream().filter(columns::contains).toList());
              }
            });
  }
}
