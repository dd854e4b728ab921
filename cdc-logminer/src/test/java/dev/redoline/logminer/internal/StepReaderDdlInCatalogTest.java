package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.Xid;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DDL that changes what is captured cuts the step (StepReader, "The DDL cut"), unless the catalog
 * already shows it: its transaction's COMMIT is read at or below the CURRENT_SCN read before the
 * catalog's first resolution (docs/logminer.md#ddl-the-catalog-already-shows). Without that rule
 * the CREATE TABLE just below a start SCN ends the first step at once, and the next step reads the
 * whole backlog again.
 */
class StepReaderDdlInCatalogTest {

  private static final Xid DDL_TX = new Xid(9, 1, 1);
  private static final Xid APP_TX = new Xid(4, 2, 7);

  @TempDir Path spill;

  private static RedoRow row(long scn, Xid xid, int code, int block, String sql) {
    return new RedoRow(
        Scn.of(scn),
        null,
        null,
        LocalDateTime.of(2026, 1, 1, 0, 0),
        null,
        null,
        xid,
        code,
        code == RedoRow.DDL ? "DDL" : code == RedoRow.COMMIT ? "COMMIT" : "INSERT",
        false,
        "SHOP",
        "ORDERS",
        code == RedoRow.INSERT ? "AAAB" + block : null,
        "APP",
        new RedoAddress(1, 5, block, 16),
        0,
        false,
        77,
        1,
        77,
        sql,
        null,
        code == RedoRow.DDL ? "USER DDL (PlSql=0 RecDep=0)" : null,
        0,
        null,
        null,
        null);
  }

  /** CREATE TABLE at SCN 100 committed at {@code commitScn}, then ten inserts committed at 130. */
  private static List<RedoRow> createThenInserts(long commitScn) {
    List<RedoRow> rows = new ArrayList<>();
    rows.add(row(100, DDL_TX, RedoRow.DDL, 1, "create table \"SHOP\".\"ORDERS\" (\"ID\" number);"));
    if (commitScn > 0) {
      rows.add(row(commitScn, DDL_TX, RedoRow.COMMIT, 2, "commit;"));
    }
    for (int i = 0; i < 10; i++) {
      rows.add(row(110 + i, APP_TX, RedoRow.INSERT, 3 + i, "insert into ..."));
    }
    rows.add(row(130, APP_TX, RedoRow.COMMIT, 20, "commit;"));
    return rows;
  }

  private StepReader.StepRows read(List<RedoRow> rows, Scn catalogAt) throws Exception {
    ArrayDeque<RedoRow> left = new ArrayDeque<>(rows);
    RowCursor cursor =
        new RowCursor() {
          @Override
          public RedoRow next() {
            return left.poll();
          }

          @Override
          public void cancel() {}

          @Override
          public void close() {}
        };
    StepPlan plan =
        new StepPlan(
            List.of(),
            Scn.of(90),
            Scn.of(200),
            Map.of(1, new RedoAddress(1, 5, 0, 0)),
            Map.of(1, new RedoAddress(1, 5, 0xFFFF_FFFFL, 0xFFFF)),
            Scn.of(200),
            false,
            Set.of(),
            Set.of());
    return StepReader.read(
        cursor,
        plan,
        r -> true, // the DDL names a captured table
        catalogAt,
        r -> false,
        r -> false,
        new StepRowStore(1 << 20, spill),
        n -> {});
  }

  @Test
  void aDdlCommittedBeforeTheCatalogWasResolved_doesNotCutTheStep() throws Exception {
    try (StepReader.StepRows rows = read(createThenInserts(101), Scn.of(105))) {
      assertThat(rows.cut()).isFalse();
      assertThat(rows.rows()).hasSize(13);
      assertThat(rows.safeScn()).isEqualTo(Scn.of(200));
    }
  }

  @Test
  void aDdlCommittedAfterTheCatalogWasResolved_cutsAtIt() throws Exception {
    try (StepReader.StepRows rows = read(createThenInserts(101), Scn.of(100))) {
      assertThat(rows.cut()).isTrue();
      assertThat(rows.ddl().scn()).isEqualTo(Scn.of(100));
      assertThat(rows.rows()).hasSize(1);
    }
  }

  @Test
  void aDdlBelowTheCatalogWhoseCommitTheStepDoesNotRead_cutsAtIt() throws Exception {
    try (StepReader.StepRows rows = read(createThenInserts(0), Scn.of(105))) {
      assertThat(rows.cut()).isTrue();
      assertThat(rows.ddl().scn()).isEqualTo(Scn.of(100));
    }
  }

  @Test
  void beforeTheFirstResolution_everyDdlCuts() throws Exception {
    try (StepReader.StepRows rows = read(createThenInserts(101), Scn.ZERO)) {
      assertThat(rows.cut()).isTrue();
    }
  }
}
