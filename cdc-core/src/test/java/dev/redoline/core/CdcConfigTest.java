package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CdcConfigTest {

  private static Map<String, String> minimal() {
    Map<String, String> map = new HashMap<>();
    map.put("cdc.database.url", "jdbc:redoline:sim:demo");
    map.put("cdc.tables.include", "SHOP.*");
    return map;
  }

  @Test
  void from_appliesDefaults() {
    CdcConfig config = CdcConfig.from(minimal());
    assertThat(config.get(CdcConfig.MINING_DECODE_THREADS)).isEqualTo(2);
    assertThat(config.get(CdcConfig.CAPTURE_MODE)).isEqualTo("online");
    assertThat(config.get(CdcConfig.TABLES_INCLUDE)).containsExactly("SHOP.*");
    assertThat(config.get(CdcConfig.DATABASE_PDBS)).isEmpty();
    assertThat(config.get(CdcConfig.BUFFER_MEMORY_MAX_BYTES)).isEqualTo(256L * 1024 * 1024);
  }

  @Test
  void from_ignoresForeignKeysAndParsesLists() {
    Map<String, Object> map = new HashMap<>(minimal());
    map.put("connector.class", "x");
    map.put("cdc.tables.include", " SHOP.ORDERS , ,SHOP.LINES ");
    map.put("cdc.mining.max.logs.per.step", 32);
    CdcConfig config = CdcConfig.from(map);
    assertThat(config.get(CdcConfig.TABLES_INCLUDE)).containsExactly("SHOP.ORDERS", "SHOP.LINES");
    assertThat(config.get(CdcConfig.MINING_MAX_LOGS_PER_STEP)).isEqualTo(32);
    assertThat(config.originals()).doesNotContainKey("connector.class");
  }

  @Test
  void from_rejectsBadValueNamingKeyValueAndAllowed() {
    Map<String, String> map = minimal();
    map.put("cdc.capture.mode", "archived");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e -> {
              assertThat(e.code()).isEqualTo("CDC-4001");
              assertThat(e.key()).isEqualTo("cdc.capture.mode");
              assertThat(e.value()).isEqualTo("archived");
              assertThat(e.detail())
                  .isEqualTo("cdc.capture.mode='archived': must be one of [online, archive_only]");
            });
  }

  @Test
  void from_rejectsOutOfRangeAndUnparseable() {
    Map<String, String> map = minimal();
    map.put("cdc.mining.max.logs.per.step", "0");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .hasMessageContaining("cdc.mining.max.logs.per.step='0': must be in [1, 1024]");
    map.put("cdc.mining.max.logs.per.step", "many");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .hasMessageContaining(
            "cdc.mining.max.logs.per.step='many': is not a valid int; allowed: [1, 1024]");
    map.put("cdc.mining.max.logs.per.step", "4");
    map.put("cdc.start.scn", "yesterday");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .hasMessageContaining("cdc.start.scn='yesterday': must be 'current' or an SCN");
  }

  @Test
  void from_reportsUnknownKeyWithSuggestion() {
    Map<String, String> map = minimal();
    map.put("cdc.mining.decode.thread", "4");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e -> {
              assertThat(e.code()).isEqualTo("CDC-4002");
              assertThat(e.detail())
                  .isEqualTo(
                      "cdc.mining.decode.thread: is not a Redoline key; did you mean cdc.mining.decode.threads?");
            });
  }

  @Test
  void problems_listsEveryProblemIncludingMissingRequired() {
    Map<String, String> map = new HashMap<>();
    map.put("cdc.on.decode.error", "skip");
    List<ConfigException> problems = CdcConfig.problems(map);
    assertThat(problems)
        .extracting(ConfigException::key)
        .containsExactly("cdc.database.url", "cdc.tables.include", "cdc.on.decode.error");
    assertThat(problems.get(0).detail()).startsWith("cdc.database.url: is required: JDBC URL");
  }

  @Test
  void secrets_neverPrinted() {
    Map<String, String> map = minimal();
    map.put("cdc.database.password", "tiger-secret");
    CdcConfig config = CdcConfig.from(map);
    assertThat(config.toString())
        .doesNotContain("tiger-secret")
        .contains("cdc.database.password=[hidden]");
    assertThat(config.get(CdcConfig.DATABASE_PASSWORD).toString()).isEqualTo("[hidden]");
    assertThat(config.get(CdcConfig.DATABASE_PASSWORD).reveal()).isEqualTo("tiger-secret");
  }

  @Test
  void with_derivesValidatedCopy() {
    CdcConfig config = CdcConfig.from(minimal());
    assertThat(config.with("cdc.mining.decode.threads", "4").get(CdcConfig.MINING_DECODE_THREADS))
        .isEqualTo(4);
    assertThat(config.get(CdcConfig.MINING_DECODE_THREADS)).isEqualTo(2);
    assertThatThrownBy(() -> config.with("cdc.mining.decode.threads", "0"))
        .isInstanceOf(ConfigException.class);
  }

  @Test
  void keys_areUniqueNamespacedAndDocumented() {
    assertThat(CdcConfig.KEYS)
        .extracting(ConfigKey::name)
        .doesNotHaveDuplicates()
        .allMatch(name -> name.startsWith("cdc."));
    assertThat(CdcConfig.KEYS).allMatch(k -> k.doc().length() > 20);
    assertThat(CdcConfig.key("cdc.capture.mode")).isSameAs(CdcConfig.CAPTURE_MODE);
  }

  @Test
  void seedKeys_areAllDeclared() {
    for (String name :
        List.of(
            "cdc.database.pdbs",
            "cdc.capture.mode",
            "cdc.tables.include",
            "cdc.users.exclude",
            "cdc.mining.target.latency.ms",
            "cdc.mining.max.logs.per.step",
            "cdc.mining.query.timeout.ms",
            "cdc.mining.session.max.age.ms",
            "cdc.mining.decode.threads",
            "cdc.columns.exclude",
            "cdc.heartbeat.interval.ms",
            "cdc.retry.max.time.ms",
            "cdc.on.decode.error")) {
      assertThat(CdcConfig.key(name)).as(name).isNotNull();
    }
  }

  @Test
  void kafkaClientConfig_parsesPairsAndHidesThem() {
    Map<String, String> map = minimal();
    map.put(
        "cdc.kafka.client.config",
        "security.protocol=SASL_SSL; sasl.jaas.config=x required password=\"p=1\";");
    CdcConfig config = CdcConfig.from(map);
    assertThat(CdcConfig.kafkaClientConfig("k", config.get(CdcConfig.KAFKA_CLIENT_CONFIG)))
        .containsExactly(
            Map.entry("security.protocol", "SASL_SSL"),
            Map.entry("sasl.jaas.config", "x required password=\"p=1\""));
    assertThat(config.toString()).doesNotContain("SASL_SSL");
    map.put("cdc.kafka.client.config", "security.protocol=SSL;oops");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e -> {
              assertThat(e.detail())
                  .isEqualTo(
                      "cdc.kafka.client.config='[hidden]': pair 2 is not name=value (pairs are "
                          + "separated by ';')");
            });
  }

  @Test
  void from_typeErrorNamesCodeKeyValueAndAllowedRange() {
    Map<String, String> map = minimal();
    map.put("cdc.heartbeat.interval.ms", "ten");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e -> {
              assertThat(e.code()).isEqualTo("CDC-4001");
              assertThat(e.key()).isEqualTo("cdc.heartbeat.interval.ms");
              assertThat(e.value()).isEqualTo("ten");
              assertThat(e.detail())
                  .isEqualTo(
                      "cdc.heartbeat.interval.ms='ten': is not a valid long; allowed: [0, ...]");
            });
  }

  @Test
  void truncateRules_needAPatternAndALength() {
    Map<String, String> map = minimal();
    map.put("cdc.columns.truncate", "SHOP.C.NOTE:20, HR.*.BIO:5");
    assertThat(CdcConfig.from(map).get(CdcConfig.COLUMNS_TRUNCATE))
        .containsExactly("SHOP.C.NOTE:20", "HR.*.BIO:5");
    map.put("cdc.columns.truncate", "SHOP.C.NOTE");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .hasMessageContaining(
            "cdc.columns.truncate='SHOP.C.NOTE': item 'SHOP.C.NOTE' is not PATTERN:N items, PATTERN [PDB.]SCHEMA.TABLE.COLUMN, "
                + "N in [1, 1000000]");
    map.put("cdc.columns.truncate", "SHOP.C.NOTE:0");
    assertThatThrownBy(() -> CdcConfig.from(map)).hasMessageContaining("item 'SHOP.C.NOTE:0'");
  }

  @Test
  void skippedOperations_defaultToTruncatesAndAllowNoneOnlyAlone() {
    Map<String, String> map = minimal();
    assertThat(CdcConfig.from(map).get(CdcConfig.SKIPPED_OPERATIONS)).containsExactly("t");
    map.put("cdc.skipped.operations", "c, D");
    assertThat(CdcConfig.from(map).get(CdcConfig.SKIPPED_OPERATIONS)).containsExactly("c", "D");
    map.put("cdc.skipped.operations", "c,x");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .hasMessageContaining(
            "cdc.skipped.operations='c,x': item 'x' is not items from c, u, d, t, none (none alone)");
    map.put("cdc.skipped.operations", "none,d");
    assertThatThrownBy(() -> CdcConfig.from(map))
        .hasMessageContaining(
            "cdc.skipped.operations='none,d': 'none' cannot be combined with other items");
  }

  @Test
  void otherSinkKeys_namesTheKeysOfTheOtherSinkOnly() {
    Map<String, String> map = minimal();
    map.put("cdc.state.dir", "/tmp/x");
    map.put("cdc.tombstones.on.delete", "false");
    map.put("cdc.heartbeat.interval.ms", "5");
    assertThat(CdcConfig.otherSinkKeys(map, ConfigKey.Sink.CONNECT))
        .containsExactly("cdc.state.dir");
    assertThat(CdcConfig.otherSinkKeys(map, ConfigKey.Sink.EMBEDDED))
        .containsExactly("cdc.tombstones.on.delete");
  }

  @Test
  void enumKeys_listTheirAllowedValues() {
    assertThat(CdcConfig.DECIMAL_HANDLING_MODE.validator().allowedValues())
        .containsExactly("precise", "double", "string");
    assertThat(CdcConfig.BINARY_HANDLING_MODE.validator().allowedValues())
        .containsExactly("bytes", "base64", "hex");
    assertThat(CdcConfig.HEARTBEAT_INTERVAL_MS.validator().allowedValues()).isEmpty();
  }

  @Test
  void lobBounds_maxBytesMayBeZeroOrPastTwoGib_theStreamThresholdNeitherNegativeNorPastTwoGib() {
    Map<String, String> map = minimal();
    map.put("cdc.lob.max.bytes", "0");
    assertThat(CdcConfig.from(map).get(CdcConfig.LOB_MAX_BYTES)).isZero();
    map.put("cdc.lob.max.bytes", Long.toString(4L << 30));
    assertThat(CdcConfig.from(map).get(CdcConfig.LOB_MAX_BYTES)).isEqualTo(4L << 30);
    assertThat(CdcConfig.from(minimal()).get(CdcConfig.LOB_STREAM_THRESHOLD_BYTES))
        .isEqualTo(1L << 20);
    assertThat(problem("cdc.lob.max.bytes", "-1").getMessage()).contains("-1");
    assertThat(problem("cdc.lob.stream.threshold.bytes", "-5").getMessage()).contains("-5");
    assertThat(problem("cdc.lob.stream.threshold.bytes", Long.toString(4L << 30)).getMessage())
        .contains(Long.toString(4L << 30));
  }

  private static ConfigException problem(String key, String value) {
    Map<String, String> map = minimal();
    map.put(key, value);
    List<ConfigException> problems = CdcConfig.problems(map);
    assertThat(problems).as("%s='%s'", key, value).hasSize(1);
    ConfigException e = problems.get(0);
    assertThat(e.code()).isEqualTo("CDC-4001");
    assertThat(e.key()).isEqualTo(key);
    return e;
  }

  @Test
  void databaseUrl_notOneTheEngineCapturesFrom_isRefusedAtConfigNamingTheValue() {
    for (String bad :
        List.of("simulator:demo", "jdbc:postgresql://db/shop", "ORCLCDB", "jdbc:redoline:demo")) {
      assertThat(problem("cdc.database.url", bad).detail())
          .isEqualTo(
              "cdc.database.url='"
                  + bad
                  + "': is not a "
                  + "database URL the engine can capture from; expected an Oracle JDBC URL "
                  + "(jdbc:oracle:thin:@//host:port/service) or an Oracle simulator URL (jdbc:redoline:sim:demo, "
                  + "jdbc:redoline:sim://127.0.0.1:15210/stress)");
    }
    for (String good :
        List.of(
            "jdbc:oracle:thin:@//db:1521/ORCLCDB",
            "jdbc:oracle:thin:@db:1521:ORCL",
            "jdbc:oracle:thin:@(DESCRIPTION=(ADDRESS=(PROTOCOL=TCP)(HOST=db)(PORT=1521)))",
            "jdbc:redoline:sim:stress",
            "jdbc:redoline:sim://127.0.0.1:15210/demo",
            "jdbc:redoline:sim:replay?file=/tmp/recording",
            "jdbc:redoline:sim:stress?seed=42")) {
      Map<String, String> map = minimal();
      map.put("cdc.database.url", good);
      assertThat(CdcConfig.problems(map)).as(good).isEmpty();
    }
  }

  @Test
  void databaseUrl_withAnEmptyConnectIdentifierOrAMalformedSimulatorAddress_isRefusedAtConfig() {
    for (String bad :
        List.of(
            "jdbc:oracle:thin:@",
            "jdbc:oracle:thin:@  ",
            "jdbc:oracle:thin:scott/tiger@",
            "jdbc:redoline:sim:",
            "jdbc:redoline:sim://127.0.0.1:notaport/x",
            "jdbc:redoline:sim://127.0.0.1:15210/",
            "jdbc:redoline:sim://:15210/demo",
            "jdbc:redoline:sim://127.0.0.1:70000/demo",
            "jdbc:redoline:sim:?seed=1")) {
      assertThat(problem("cdc.database.url", bad).detail())
          .as(bad)
          .startsWith("cdc.database.url='")
          .contains("expected an Oracle JDBC URL");
    }
  }

  @Test
  void databaseUrl_credentialsAndPropertiesItHolds_neverReachAMessage() {
    String secret = "s3cr3t-Pw";
    assertThat(problem("cdc.database.url", "jdbc:mysql://scott:" + secret + "@db/shop").detail())
        .startsWith("cdc.database.url='jdbc:mysql:***@db/shop': ")
        .doesNotContain(secret);
    Map<String, String> map = minimal();
    map.put(
        "cdc.database.url",
        "jdbc:oracle:thin:scott/" + secret + "@//db:1521/ORCL?wallet_password=" + secret);
    assertThat(CdcConfig.from(map).toString())
        .contains("cdc.database.url=jdbc:oracle:thin:***@//db:1521/ORCL?***")
        .doesNotContain(secret);
    assertThat(CdcConfig.shown(CdcConfig.DATABASE_URL, "jdbc:oracle:thin:@//db:1521/ORCL"))
        .isEqualTo("jdbc:oracle:thin:@//db:1521/ORCL");
    assertThat(CdcConfig.shown(CdcConfig.DATABASE_PASSWORD, secret)).isEqualTo("[hidden]");
  }

  @Test
  void tablePatterns_malformedAreRefusedNamingTheItem() {
    for (String bad : List.of("ORDERS", "SHOP..ORDERS", "A.B.C.D", "SHOP.", "SHOP.\"ORD")) {
      assertThat(problem("cdc.tables.include", bad).detail())
          .isEqualTo(
              "cdc.tables.include='" + bad + "': item '" + bad + "' is not [PDB.]SCHEMA.TABLE");
      assertThat(problem("cdc.tables.exclude", "SHOP.OK," + bad).detail())
          .contains("item '" + bad + "'");
    }
    Map<String, String> map = minimal();
    map.put("cdc.tables.include", "pdb1.shop.order*, \"Mixed\".\"a.b\"");
    assertThat(CdcConfig.problems(map)).isEmpty();
  }

  @Test
  void tablesInclude_emptyListsAreRefused() {
    for (String empty : List.of("", ",", " , ,")) {
      assertThat(problem("cdc.tables.include", empty).detail())
          .isEqualTo(
              "cdc.tables.include='" + empty + "': must name at least one [PDB.]SCHEMA.TABLE");
    }
  }

  @Test
  void columnPatterns_needThreeOrFourParts() {
    for (String key : List.of("cdc.columns.exclude", "cdc.columns.mask.hash")) {
      assertThat(problem(key, "SHOP.CUSTOMERS").detail())
          .isEqualTo(
              key + "='SHOP.CUSTOMERS': item 'SHOP.CUSTOMERS' is not [PDB.]SCHEMA.TABLE.COLUMN");
      problem(key, "A.B.C.D.E");
      problem(key, "SHOP..C.X");
    }
    assertThat(problem("cdc.columns.truncate", "NOTES:20").detail()).contains("item 'NOTES:20'");
  }

  @Test
  void timeZone_unknownIsRefusedWithWhatIsAllowed() {
    assertThat(problem("cdc.database.time.zone", "Mars/Olympus").detail())
        .isEqualTo(
            "cdc.database.time.zone='Mars/Olympus': is not a time zone; allowed: a zone id such as Europe/Paris, "
                + "an offset such as +02:00, or empty");
    problem("cdc.database.time.zone", "+25:00");
    Map<String, String> map = minimal();
    map.put("cdc.database.time.zone", "Europe/Paris");
    assertThat(CdcConfig.problems(map)).isEmpty();
  }

  @Test
  void keyColumns_needATableAndAtLeastOneColumn() {
    for (String bad :
        List.of("SHOP.ORDERS", "SHOP.ORDERS:", "SHOP.ORDERS: ,", "ORDERS:ID", "SHOP.ORDERS:A.B")) {
      assertThat(problem("cdc.message.key.columns", "SHOP.OK:ID;" + bad).detail())
          .isEqualTo(
              "cdc.message.key.columns='SHOP.OK:ID;"
                  + bad
                  + "': entry '"
                  + bad.trim()
                  + "' is not "
                  + "[PDB.]SCHEMA.TABLE:COL1,COL2 (entries separated by ';', at least one column each)");
    }
    assertThat(CdcConfig.keyColumns("SHOP.AUDIT:AT, who; PDB1.SHOP.LOG:\"Id\""))
        .containsEntry(TableId.of("SHOP", "AUDIT"), List.of("AT", "WHO"))
        .containsEntry(new TableId("PDB1", "SHOP", "LOG"), List.of("Id"));
  }

  @Test
  void names_areSingleIdentifiers() {
    assertThat(problem("cdc.users.exclude", "SYS, A.B").detail())
        .isEqualTo(
            "cdc.users.exclude='SYS, A.B': item 'A.B' is not a name (quote it when it has dots or lower case)");
    problem("cdc.database.pdbs", "PDB1,\"open");
  }

  @Test
  void intErrors_nameTheAllowedRange() {
    assertThat(problem("cdc.mining.decode.threads", "abc").detail())
        .isEqualTo("cdc.mining.decode.threads='abc': is not a valid int; allowed: [1, 64]");
  }

  @Test
  void topicTemplates_refuseUnknownPlaceholders() {
    assertThat(problem("cdc.topic.template", "${prefix}.${tabel}").detail())
        .isEqualTo(
            "cdc.topic.template='${prefix}.${tabel}': '${tabel}' is not a placeholder of this key; allowed: "
                + "${prefix}, ${pdb}, ${schema}, ${table}");
    assertThat(problem("cdc.topic.heartbeat", "${prefix}.${table}.hb").detail())
        .contains("allowed: ${prefix}");
    problem("cdc.topic.ops", "");
  }

  @Test
  void bootstrapServers_needHostAndPort() {
    assertThat(problem("cdc.kafka.bootstrap.servers", "kafka1:9092,kafka2").detail())
        .isEqualTo(
            "cdc.kafka.bootstrap.servers='kafka1:9092,kafka2': item 'kafka2' is not host:port (port in [1, 65535]); "
                + "items are separated by ','");
    problem("cdc.kafka.bootstrap.servers", "kafka1:99999");
    Map<String, String> map = minimal();
    map.put("cdc.kafka.bootstrap.servers", "kafka1:9092, [::1]:9093");
    assertThat(CdcConfig.problems(map)).isEmpty();
  }

  @Test
  void archiveDestination_isALogArchiveDest() {
    assertThat(problem("cdc.archive.destination", "/u01/arch").detail())
        .isEqualTo(
            "cdc.archive.destination='/u01/arch': must be LOG_ARCHIVE_DEST_1 to _31 or empty");
    problem("cdc.archive.destination", "LOG_ARCHIVE_DEST_32");
    Map<String, String> map = minimal();
    map.put("cdc.archive.destination", "log_archive_dest_2");
    assertThat(CdcConfig.problems(map)).isEmpty();
  }

  @Test
  void retryBackoff_initialMustNotExceedTheMaximum() {
    Map<String, String> map = minimal();
    map.put("cdc.retry.backoff.initial.ms", "60000");
    map.put("cdc.retry.backoff.max.ms", "30000");
    assertThat(CdcConfig.problems(map))
        .singleElement()
        .satisfies(
            e ->
                assertThat(e.detail())
                    .isEqualTo(
                        "cdc.retry.backoff.initial.ms='60000': must not exceed cdc.retry.backoff.max.ms (30000)"));
  }
}
