package dev.redoline.connect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.redoline.core.CdcConfig;
import dev.redoline.core.Change;
import dev.redoline.core.Scn;
import dev.redoline.logminer.CaptureMetrics;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.seam.CaptureEngine;
import dev.redoline.logminer.seam.CaptureStream;
import dev.redoline.logminer.seam.StreamEvent;
import dev.redoline.logminer.seam.StreamEvent.ChangeEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a capture of a database should deliver: the bare engine, through the JDBC gateway, captures
 * the same database from the same start SCN in this JVM, with no Kafka, no Connect and no crash,
 * after the database's clock has stopped. Each change is reduced to the fields that identify it and
 * its place in its transaction, so the connector's records can be compared with it.
 */
final class GroundTruth {

  /**
   * One change of one committed transaction, as a record's {@code source} block names it.
   *
   * @param xid the transaction ({@code source.txId})
   * @param seq the change's place in it, from 1 ({@code source.txSeq})
   * @param size how many changes the transaction has ({@code source.tx_size})
   */
  record Delivered(
      String xid,
      long seq,
      long size,
      String table,
      String op,
      String rowId,
      String scn,
      String rsId,
      long ssn) {

    static Delivered of(ChangeEvent event) {
      Change c = event.change();
      return new Delivered(
          event.commit().xid().toHex(),
          event.index() + 1,
          event.commit().size(),
          c.table().owner() + "." + c.table().table(),
          String.valueOf(c.operation().code()),
          c.rowId(),
          c.scn().toString(),
          c.address().rsId().trim(),
          c.ssn());
    }

    /** From a change record's JSON value (schemas off). */
    static Delivered of(JsonNode value) {
      JsonNode s = value.get("source");
      return new Delivered(
          s.get("txId").asText(),
          s.get("txSeq").asLong(),
          s.get("tx_size").asLong(),
          s.get("schema").asText() + "." + s.get("table").asText(),
          value.get("op").asText(),
          s.get("row_id").isNull() ? null : s.get("row_id").asText(),
          s.get("scn").asText(),
          s.get("rs_id").asText(),
          s.get("ssn").asLong());
    }
  }

  private GroundTruth() {}

  /**
   * Every change the engine delivers from {@code settings}' start SCN until it has delivered
   * everything committed up to {@code endScn}, in delivery (commit) order.
   *
   * @throws AssertionError when the capture does not get there within a bounded number of polls
   */
  static List<Delivered> capture(Map<String, String> settings, long endScn)
      throws InterruptedException {
    CdcConfig config = CdcConfig.from(settings);
    List<Delivered> out = new ArrayList<>();
    CaptureStream stream =
        CaptureEngine.builder()
            .config(config)
            .database(Database.fromConfig(config))
            .build()
            .open(null);
    try {
      int quiet = 0;
      // Only polls that bring nothing count towards the bound: a long backlog returns full batches
      // at once, however many there are.
      long bound = WorkerCrashIT.PROGRESS_BOUND.toMillis() / 250; // polls of 250 ms
      for (int empty = 0; empty < bound; ) {
        List<StreamEvent> events =
            dev.redoline.logminer.seam.StreamEvents.flatten(stream.poll(Duration.ofMillis(250)));
        empty += events.isEmpty() ? 1 : 0;
        for (StreamEvent e : events) {
          if (e instanceof ChangeEvent change) {
            out.add(Delivered.of(change));
          }
          stream.acknowledge(e.position());
        }
        CaptureMetrics m = stream.metrics();
        // caught up: mined past the end, nothing queued, and a further poll brought nothing
        quiet =
            events.isEmpty() && !m.deliveredScn().isBefore(Scn.of(endScn)) && m.queued() == 0
                ? quiet + 1
                : 0;
        if (quiet >= 2) {
          return out;
        }
        if (!stream.running()) {
          throw new AssertionError(
              "the ground-truth capture stopped after " + out.size() + " changes");
        }
      }
      throw new AssertionError(
          "the ground-truth capture did not reach SCN " + endScn + ": " + stream.metrics());
    } finally {
      stream.close();
    }
  }
}
