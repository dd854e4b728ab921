package dev.redoline.logminer.internal;

import dev.redoline.core.Operation;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code cdc.skipped.operations}: the operations whose changes never reach the transaction buffer.
 *
 * <pre>{@code
 * SkippedOperations skipped = SkippedOperations.of(List.of("d", "t"));
 * assert skipped.skips(Operation.DELETE) && !skipped.skips(Operation.INSERT);
 * }</pre>
 *
 * <p>An undo row (ROLLBACK=1) reverses a change of the opposite operation: LogMiner undoes an
 * INSERT with a DELETE by ROWID and a DELETE with an INSERT, an UPDATE with an UPDATE. An undo row
 * whose reversed change was skipped has nothing to remove; handing it to the buffer could remove an
 * earlier change of the same ROWID that was kept, so it is skipped too ({@link #skipsUndo}).
 */
record SkippedOperations(Set<Operation> operations) {

  /** Skips nothing. */
  static final SkippedOperations NONE = new SkippedOperations(Set.of());

  SkippedOperations {
    operations = operations.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(operations));
  }

  /** From the items of {@code cdc.skipped.operations} (validated: c, u, d, t, or none alone). */
  static SkippedOperations of(List<String> items) {
    Set<Operation> skipped = EnumSet.noneOf(Operation.class);
    for (String item : items) {
      String code = item.trim().toLowerCase(Locale.ROOT);
      for (Operation operation : Operation.values()) {
        if (code.equals(String.valueOf(operation.code()))) {
          skipped.add(operation);
        }
      }
    }
    return new SkippedOperations(skipped);
  }

  /** Whether a change of {@code operation} (a DML row with ROLLBACK=0, a TRUNCATE) is dropped. */
  boolean skips(Operation operation) {
    return operations.contains(operation);
  }

  /** Whether an undo row of {@code operation} (ROLLBACK=1) reverses a skipped change. */
  boolean skipsUndo(Operation operation) {
    return skips(
        switch (operation) {
          case INSERT -> Operation.DELETE;
          case DELETE -> Operation.INSERT;
          default -> operation;
        });
  }
}
