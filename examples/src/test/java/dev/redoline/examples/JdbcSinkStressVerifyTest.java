package dev.redoline.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.embedded.EmbeddedEngine;
import dev.redoline.simulator.SimulatedOracle;
import dev.redoline.verify.HeldCapture;
import dev.redoline.verify.JdbcTarget;
import dev.redoline.verify.MergingStore;
import dev.redoline.verify.PostgresServer;
import dev.redoline.verify.TableReport;
import dev.redoline.verify.Verifier;
import dev.redoline.verify.VerifyReport;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stress workload (two RAC threads, long transactions, LOBs) captured by the embedded engine
 * into a real PostgreSQL server through the JDBC sink, verified while the capture runs, at the SCN
 * the sink's position says it applied, twice, then once more after the run: every table equal to
 * Oracle in one call, but for documents whose CLOB a DBMS_LOB call amended in place. Their latest
 * change carried no content, so the sink kept the earlier text and named BODY in the row's {@code
 * REDOLINE_UNAVAILABLE}; the JDBC target reads it, so they are declared differences in BODY only
 * (docs/verify.md, "LOBs changed in place"), exactly the keys the capture delivered without BODY,
 * and no difference is undeclared. A repair re-delivers them whole and the copy is equal.
 */
class JdbcSinkStressVerifyTest {

  static final TableId DOCUMENTS = TableId.of("SHOP", "DOCUMENTS");

  static final List<TableId> SHOP =
      List.of("CUSTOMERS", "PRODUCTS", "ORDERS", "ORDER_LINES", "DOCUMENTS").stream()
          .map(t -> TableId.of("SHOP", t))
          .toList();

  @TempDir Path state;

  @Test
  void verify_stressCapturedIntoPostgres_equalWhileRunningAndAfter_butDocumentsAmendedInPlace()
      throws Exception {
    String url = PostgresServer.shared().newDatabase("verify_stress");
    // no 5,000-row transaction during the test
    HeldCapture capture =
        new HeldCapture(SimulatedOracle.forUrl("jdbc:redoline:sim:stress?seed=31&huge=3600"));
    Map<String, String> settings = capture.settings(state);
    Verifier verifier =
        Verifier.builder()
            .config(settings)
            .tables(SHOP)
            .target(JdbcTarget.of(url))
            .chunkRows(64)
            .build();
    // what the capture delivered, merged as the sink merges it: which documents lack their BODY
    MergingStore delivered = new MergingStore();
    long[] commits = {0};

    VerifyReport after;
    try (JdbcSink sink = JdbcSink.open(url)) {
      sink.applied = delivered::apply;
      EmbeddedEngine engine =
          capture.start(
              settings,
              tx -> {
                sink.handle(tx);
                delivered.committed(tx.commit().scn());
                commits[0]++;
              },
              sink.offsets());
      try {
        capture.await(() -> commits[0] >= 400, "400 transactions");
        VerifyReport first = capture.held(() -> checked(verifier.verify(), delivered));
        capture.await(() -> commits[0] >= 800, "800 transactions");
        VerifyReport later = capture.held(() -> checked(verifier.verify(), delivered));
        assertThat(later.scn()).isGreaterThan(first.scn());
        assertThat(report(later, "ORDERS").sourceRows())
            .isGreaterThan(report(first, "ORDERS").sourceRows());
        // the traffic stops; a last commit of our own tells when everything before it is applied
        Scn beforeLast = capture.stopTrafficWithLastCommit();
        capture.await(
            () -> delivered.appliedScn().map(s -> s.isAfter(beforeLast)).orElse(false),
            "the last transaction applied");
      } finally {
        engine.stop();
        assertThat(engine.awaitTermination(HeldCapture.PATIENCE)).isTrue();
      }
      after = checked(verifier.verify(), delivered); // every transaction applied: the copy stays
    }
    TableReport documents = report(after, "DOCUMENTS");
    assertThat(documents.differing()).as("documents amended in place").isNotEmpty();

    try (JdbcSink sink = JdbcSink.open(url)) {
      sink.applied = delivered::apply;
      EmbeddedEngine engine =
          capture.start(
              settings,
              tx -> {
                sink.handle(tx);
                delivered.committed(tx.commit().scn());
              },
              sink.offsets());
      try {
        long readsBefore = capture.held(delivered::snapshotReads);
        assertThat(verifier.repair(after, (t, filter) -> engine.snapshot(List.of(t), filter)))
            .isEqualTo(documents.differing().size());
        capture.await(
            () -> delivered.snapshotReads() >= readsBefore + documents.differing().size(),
            "the differing documents read again");
        VerifyReport repaired = capture.held(verifier::verify);
        assertThat(repaired.equal()).as(repaired.toText()).isTrue();
      } finally {
        engine.stop();
        assertThat(engine.awaitTermination(HeldCapture.PATIENCE)).isTrue();
      }
    }
  }

  /**
   * Asserts that {@code report} found every table equal (the same rows, no key missing or extra)
   * but for documents differing only in BODY whose latest delivered change did not carry it.
   */
  private static VerifyReport checked(VerifyReport report, MergingStore delivered) {
    assertThat(report.scnSource()).isEqualTo("target");
    Set<String> notCarried =
        delivered.notCarried(DOCUMENTS, "BODY").stream()
            .map(k -> new BigDecimal(k.get(0).toString()).toPlainString())
            .collect(Collectors.toSet());
    for (TableReport t : report.tables()) {
      assertThat(t.compared()).as(report.toText()).isTrue();
      assertThat(t.sourceRows()).as(report.toText()).isEqualTo(t.targetRows()).isPositive();
      assertThat(t.missing()).as(report.toText()).isEmpty();
      assertThat(t.extra()).as(report.toText()).isEmpty();
      if (!t.table().equals(DOCUMENTS)) {
        assertThat(t.differing()).as(report.toText()).isEmpty();
        continue;
      }
      assertThat(t.differing())
          .as("only documents whose latest change carried no BODY: " + report.toText())
          .allSatisfy(
              d -> {
                assertThat(d.columns()).containsExactly("BODY");
                assertThat(((BigDecimal) d.key().values().get(0)).toPlainString()).isIn(notCarried);
                // the sink named the column its latest change did not carry
                assertThat(d.unavailable()).containsExactly("BODY");
              });
    }
    assertThat(report.undeclaredDifferences()).as(report.toText()).isZero();
    return report;
  }

  private static TableReport report(VerifyReport report, String table) {
    return report.tables().stream()
        .filter(t -> t.table().table().equals(table))
        .findFirst()
        .orElseThrow();
  }
}
