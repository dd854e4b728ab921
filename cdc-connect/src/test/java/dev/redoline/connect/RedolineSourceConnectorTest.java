package dev.redoline.connect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.OracleType;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import dev.redoline.logminer.Database;
import dev.redoline.logminer.internal.ShopScript;
import dev.redoline.simulator.SimulatedOracle;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.common.config.Config;
import org.apache.kafka.common.config.ConfigValue;
import org.apache.kafka.connect.errors.ConnectException;
import org.apache.kafka.connect.source.ConnectorTransactionBoundaries;
import org.apache.kafka.connect.source.ExactlyOnceSupport;
import org.junit.jupiter.api.Test;

class RedolineSourceConnectorTest {

  static Map<String, String> props(Map<String, String> extra) {
    Map<String, String> props = new HashMap<>(ShopScript.settings("jdbc:redoline:sim:test"));
    props.put("name", "shop");
    props.putAll(extra);
    return props;
  }

  static Map<String, List<String>> errors(Config config) {
    return config.configValues().stream()
        .filter(v -> !v.errorMessages().isEmpty())
        .collect(Collectors.toMap(ConfigValue::name, ConfigValue::errorMessages));
  }

  @Test
  void taskConfigs_oneTaskWhateverTheMaximum() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    c.start(props(Map.of()));
    assertThat(c.taskConfigs(8)).hasSize(1);
    assertThat(c.taskConfigs(8).get(0)).containsEntry("cdc.tables.include", "SHOP.*");
    assertThat(c.taskClass()).isEqualTo(RedolineSourceTask.class);
  }

  @Test
  void exactlyOnce_supportedWithConnectorBoundaries() {
    RedolineSourceConnector c = new RedolineSourceConnector();
    assertThat(c.exactlyOnceSupport(props(Map.of()))).isEqualTo(ExactlyOnceSupport.SUPPORTED);
    assertThat(c.canDefineTransactionBoundaries(props(Map.of())))
        .isEqualTo(ConnectorTransactionBoundaries.SUPPORTED);
  }

  @Test
  void validate_validConfigurationOnAHealthyDatabase() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    assertThat(errors(c.validate(props(Map.of())))).isEmpty();
  }

  @Test
  void validate_reportsProblemsBesideTheirKeys() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    Map<String, String> props =
        props(Map.of("cdc.mining.decode.threads", "0", "cdc.heartbeat.intervall.ms", "5"));
    props.remove("cdc.tables.include");
    Map<String, List<String>> errors = errors(c.validate(props));
    assertThat(errors.get("cdc.tables.include"))
        .singleElement()
        .asString()
        .startsWith("CDC-4001 ")
        .contains("cdc.tables.include: is required");
    assertThat(errors.get("cdc.mining.decode.threads").get(0))
        .contains("CDC-4001", "must be in [1, 64]");
    assertThat(errors.get("cdc.heartbeat.intervall.ms").get(0))
        .startsWith("CDC-4002 ")
        .contains("did you mean cdc.heartbeat.interval.ms?");
  }

  @Test
  void validate_runsPreflightChecksOnTheDatabase() {
    SimulatedOracle noArchive = SimulatedOracle.builder().seed(1).noArchiveLog().build();
    RedolineSourceConnector c =
        new RedolineSourceConnector(
            config ->
                Database.jdbc(
                    CdcConfig.from(ShopScript.settings(noArchive.url())),
                    noArchive.clock(),
                    noArchive::advance));
    Map<String, List<String>> errors = errors(c.validate(props(Map.of())));
    assertThat(errors.get("cdc.database.url"))
        .anySatisfy(
            m ->
                assertThat(m)
                    .startsWith("CDC-4004 ")
                    .contains(
                        "capture needs ARCHIVELOG",
                        "Fix: SHUTDOWN IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; "
                            + "ALTER DATABASE OPEN; Action: "));
  }

  /**
   * Nothing retries a validation: no listener (ORA-12541) or a service the listener does not know
   * (ORA-12514) is CDC-4013 beside the URL, never CDC-1001 with its "reconnects with backoff".
   */
  @Test
  void validate_noListenerOrAnUnknownService_isCdc4013() {
    for (String url :
        List.of("jdbc:redoline:sim://127.0.0.1:1/demo", "jdbc:redoline:sim:nosuchservice")) {
      RedolineSourceConnector c =
          new RedolineSourceConnector(config -> Database.fromConfig(config));
      Map<String, List<String>> errors = errors(c.validate(props(Map.of("cdc.database.url", url))));
      assertThat(errors.get("cdc.database.url"))
          .as(url)
          .singleElement()
          .asString()
          .startsWith("CDC-4013 ")
          .doesNotContain("CDC-1001", "reconnects with backoff");
    }
  }

  /**
   * A preflight warning (CDC-4009, a NOLOGGING captured table) is logged, not a reason to refuse
   * the connector.
   */
  @Test
  void validate_preflightWarningsDoNotFailValidation() {
    SimulatedOracle oracle = SimulatedOracle.builder().seed(1).build();
    TableId items =
        oracle.createTable(
            TableLayout.builder(TableId.of("SHOP", "ITEMS"), 1)
                .column("ID", OracleType.number(10, 0), false)
                .primaryKey("ID")
                .build());
    oracle.schema().nologging(items, null);
    RedolineSourceConnector c =
        new RedolineSourceConnector(
            config ->
                Database.jdbc(
                    CdcConfig.from(ShopScript.settings(oracle.url())),
                    oracle.clock(),
                    oracle::advance));
    CdcConfig config = CdcConfig.from(ShopScript.settings(oracle.url()));
    assertThat(Database.jdbc(config, oracle.clock(), oracle::advance).preflight(config))
        .singleElement()
        .satisfies(p -> assertThat(p.warning()).isTrue());

    assertThat(errors(c.validate(props(Map.of())))).isEmpty();
  }

  @Test
  void alterOffsets_acceptsAPositionOrAReset() {
    RedolineSourceConnector c = new RedolineSourceConnector();
    Map<Map<String, ?>, Map<String, ?>> offsets = new HashMap<>();
    offsets.put(Map.of("server", "shop"), OffsetCodec.toOffset(OffsetCodecTest.midTransaction()));
    assertThat(c.alterOffsets(props(Map.of()), offsets)).isTrue();
    offsets.put(Map.of("server", "shop"), null);
    assertThat(c.alterOffsets(props(Map.of()), offsets)).isTrue();
  }

  @Test
  void alterOffsets_rejectsAMalformedPositionWithCdc4007() {
    RedolineSourceConnector c = new RedolineSourceConnector();
    Map<String, Object> bad = new java.util.LinkedHashMap<>();
    bad.put("v", 1);
    bad.put("resume_scn", "12x");
    Map<Map<String, ?>, Map<String, ?>> offsets = Map.of(Map.of("server", "shop"), bad);
    assertThatThrownBy(() -> c.alterOffsets(props(Map.of()), offsets))
        .isInstanceOf(ConnectException.class)
        .hasMessageStartingWith(
            "CDC-4007 A stored position (offset) is malformed or of an unknown version: "
                + "Stored position {v=1, resume_scn=12x}: resume_scn='12x': Not an SCN: '12x' (expected unsigned "
                + "decimal digits, 0 to 18446744073709551615). Action: Restore the offset from a backup or reset it");
  }

  @Test
  void start_rejectsAnInvalidConfiguration() {
    RedolineSourceConnector c = new RedolineSourceConnector();
    assertThatThrownBy(() -> c.start(props(Map.of("cdc.on.decode.error", "ignore"))))
        .isInstanceOf(ConnectException.class)
        .hasMessageContaining("cdc.on.decode.error='ignore': must be one of [fail, dlq]");
  }

  static ConfigValue value(Config config, String name) {
    return config.configValues().stream()
        .filter(v -> v.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void validate_aWrongTypeGetsTheCodeTheKeyTheValueAndTheAllowedRange() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    Map<String, List<String>> errors =
        errors(c.validate(props(Map.of("cdc.heartbeat.interval.ms", "ten"))));
    assertThat(errors.get("cdc.heartbeat.interval.ms"))
        .containsExactly(
            "CDC-4001 A configuration value is invalid: "
                + "cdc.heartbeat.interval.ms='ten': is not a valid long; allowed: [0, ...]. Action: "
                + dev.redoline.core.ErrorCode.INVALID_CONFIGURATION.action()
                + " See docs/runbook.md#cdc-4001");
  }

  @Test
  void validate_aUrlNoDriverOfTheEngineServes_isAnErrorBesideTheKeyWithoutItsCredentials() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(
            config -> {
              throw new AssertionError("a URL refused by validate() must not reach the database");
            });
    Map<String, List<String>> errors =
        errors(
            c.validate(
                props(Map.of("cdc.database.url", "jdbc:postgresql://cdc:Pa55word@db/shop"))));
    assertThat(errors.get("cdc.database.url"))
        .singleElement()
        .asString()
        .startsWith(
            "CDC-4001 A configuration value is invalid: cdc.database.url='jdbc:postgresql:***@db/shop': "
                + "is not a database URL the engine can capture from")
        .doesNotContain("Pa55word");
  }

  @Test
  void validate_enumAndBooleanKeysRecommendTheirValues() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    Config config = c.validate(props(Map.of()));
    assertThat(value(config, "cdc.capture.mode").recommendedValues())
        .containsExactly("online", "archive_only");
    assertThat(value(config, "cdc.on.decode.error").recommendedValues())
        .containsExactly("fail", "dlq");
    assertThat(value(config, "cdc.decimal.handling.mode").recommendedValues())
        .containsExactly("precise", "double", "string");
    assertThat(value(config, "cdc.binary.handling.mode").recommendedValues())
        .containsExactly("bytes", "base64", "hex");
    assertThat(value(config, "cdc.tombstones.on.delete").recommendedValues())
        .containsExactly(true, false);
    assertThat(value(config, "cdc.heartbeat.interval.ms").recommendedValues()).isEmpty();
  }

  @Test
  void validate_exactlyOnceRequiredNeedsConnectorBoundaries() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    Map<String, List<String>> errors =
        errors(c.validate(props(Map.of("exactly.once.support", "required"))));
    assertThat(errors.get("transaction.boundary"))
        .singleElement()
        .asString()
        .startsWith(
            "CDC-4001 A configuration value is invalid: transaction.boundary='poll': must be connector when "
                + "exactly.once.support=required: each Kafka transaction must hold whole Oracle transactions");
    assertThat(
            errors(
                c.validate(
                    props(
                        Map.of(
                            "exactly.once.support",
                            "required",
                            "transaction.boundary",
                            "connector")))))
        .isEmpty();
    assertThat(errors(c.validate(props(Map.of("transaction.boundary", "interval"))))).isEmpty();
    assertThatThrownBy(
            () ->
                c.start(
                    props(
                        Map.of(
                            "exactly.once.support",
                            "required",
                            "transaction.boundary",
                            "interval"))))
        .isInstanceOf(ConnectException.class)
        .hasMessageContaining("transaction.boundary='interval': must be connector");
  }

  @Test
  void validate_embeddedKeysAreNotOfferedAndAreIgnored() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    Config config = c.validate(props(Map.of("cdc.state.dir", "/var/lib/x")));
    assertThat(config.configValues())
        .extracting(ConfigValue::name)
        .doesNotContain("cdc.state.dir", "cdc.offset.flush.interval.ms")
        .contains("cdc.tombstones.on.delete");
    assertThat(errors(config)).isEmpty();
    assertThat(SinkChecks.ignoredKeys(props(Map.of("cdc.state.dir", "/var/lib/x"))))
        .containsExactly("cdc.state.dir");
  }

  @Test
  void validate_malformedPatternsZonesKeyColumnsAndEmptyListsAreReportedOnTheirKeys() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    Map<String, String> bad =
        Map.of(
            "cdc.tables.include",
            ",",
            "cdc.tables.exclude",
            "SHOP..ORDERS",
            "cdc.columns.exclude",
            "SHOP.ORDERS",
            "cdc.database.time.zone",
            "Mars/Olympus",
            "cdc.message.key.columns",
            "SHOP.ORDERS",
            "cdc.mining.fetch.size",
            "abc");
    Map<String, List<String>> errors = errors(c.validate(props(bad)));
    assertThat(errors.keySet()).containsExactlyInAnyOrderElementsOf(bad.keySet());
    errors.forEach(
        (key, messages) ->
            assertThat(messages)
                .singleElement()
                .asString()
                .startsWith("CDC-4001 ")
                .contains(key + "='" + bad.get(key) + "'"));
    assertThat(errors.get("cdc.tables.include").get(0))
        .contains("must name at least one [PDB.]SCHEMA.TABLE");
    assertThat(errors.get("cdc.mining.fetch.size").get(0))
        .contains("is not a valid int; allowed: [1, 1000000]");
  }

  /**
   * A sentence that already ends in "?" or "." gets no second stop before the action or the fix.
   */
  @Test
  void validate_messagesNeverDoubleTheirFinalPunctuation() {
    SimulatedOracle noArchive = SimulatedOracle.builder().seed(1).noArchiveLog().build();
    RedolineSourceConnector c =
        new RedolineSourceConnector(
            config ->
                Database.jdbc(
                    CdcConfig.from(ShopScript.settings(noArchive.url())),
                    noArchive.clock(),
                    noArchive::advance));
    List<String> messages = new java.util.ArrayList<>();
    errors(c.validate(props(Map.of("cdc.heartbeat.intervall.ms", "5"))))
        .values()
        .forEach(messages::addAll);
    errors(c.validate(props(Map.of()))).values().forEach(messages::addAll);
    errors(c.validate(props(Map.of("cdc.database.url", "jdbc:redoline:sim:nosuchservice"))))
        .values()
        .forEach(messages::addAll);
    assertThat(messages)
        .hasSizeGreaterThanOrEqualTo(3)
        .anySatisfy(m -> assertThat(m).contains("did you mean cdc.heartbeat.interval.ms? Action: "))
        .allSatisfy(m -> assertThat(m).doesNotContainPattern("[.?!]\\.(\\s|$)"));
  }

  /**
   * Validation shows transaction.boundary with the value in force (Connect's default poll), never
   * null.
   */
  @Test
  void validate_showsTheEffectiveTransactionBoundary() {
    RedolineSourceConnector c =
        new RedolineSourceConnector(config -> ShopScript.withAmounts(1).database());
    ConfigValue boundary =
        value(
            c.validate(props(Map.of("exactly.once.support", "required"))), "transaction.boundary");
    assertThat(boundary.value()).isEqualTo("poll");
    assertThat(boundary.errorMessages()).singleElement().asString().startsWith("CDC-4001 ");
    assertThat(
            value(
                    c.validate(
                        props(
                            Map.of(
                                "exactly.once.support",
                                "required",
                                "transaction.boundary",
                                "interval"))),
                    "transaction.boundary")
                .value())
        .isEqualTo("interval");
  }
}
