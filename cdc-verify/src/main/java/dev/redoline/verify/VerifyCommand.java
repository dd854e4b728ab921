package dev.redoline.verify;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.CdcException;
import dev.redoline.core.Scn;
import dev.redoline.core.Secret;
import dev.redoline.core.TableId;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The command line of a verification, {@code redoline verify}: compares the tables named with a
 * JDBC target or the connector's Kafka topics and prints the report. The {@code redoline} tool
 * dispatches to {@link #run}; it is also runnable on its own ({@link #main}).
 *
 * <pre>
 * verify --source jdbc:oracle:thin:@//db:1521/ORCLPDB1 --user C##REDOLINE --password-env ORACLE_PASSWORD
 *        --target jdbc:postgresql://replica:5432/shop?user=r --tables SHOP.ORDERS,SHOP.CUSTOMERS [--json]
 * verify ... --target kafka://broker1:9092,broker2:9092/shop --config connector.properties ...
 * </pre>
 *
 * <p>Exit codes: {@value #EQUAL} equal, {@value #DIFFERENT} differences found (or tables not
 * compared), {@value #USAGE} wrong arguments, {@value #FAILED} the verification failed (the error's
 * CDC code and action on standard error). Keys left undecided ({@code --patience}) are not
 * differences but do not make the copy equal either: {@value #DIFFERENT}, as the {@code redoline}
 * tool's "found a problem".
 */
public final class VerifyCommand {

  public static final int EQUAL = 0;
  public static final int DIFFERENT = 1;
  public static final int USAGE = 2;
  public static final int FAILED = 3;

  static final String HELP =
      """
      Usage: verify --source <database url> --target <jdbc url | kafka url> --tables <OWNER.TABLE,...> [options]

      Compares what a consumer holds with Oracle, table by table, at the SCN the target has applied
      (the JDBC sink's REDOLINE_OFFSET, the highest commit SCN in the topics), by checksums of
      key-range chunks computed in Oracle; only differing chunks are read row by row. Nothing is
      written to Oracle.

        --source <url>         the capture's database (jdbc:oracle:thin:@//host:port/service)
        --user <name>          the capture user
        --password-env <var>   the environment variable holding the password
        --target <url>         the copy: a JDBC URL of a database written like the JDBC sink, or
                               kafka://<bootstrap servers>/<topic prefix> for the connector's topics
                               (latest record per key; --config gives the connector's properties:
                               cdc.topic.template, value.converter, cdc.kafka.client.config, ...,
                               and offset.storage.topic, the worker's offsets topic, to read the
                               connector's stored offset;
                               needs kafka-clients, connect-api and connect-json on the class path)
        --tables <list>        the tables to compare, comma-separated OWNER.TABLE
        --config <file>        the capture's properties (cdc.columns.exclude, mask, truncate, ...)
        --scn <n>              compare at this SCN instead of the target's
        --chunk-rows <n>       rows per chunk (default 10000)
        --patience <seconds>   how long keys that differ at the copy's SCN as a transaction
                               committed at that same SCN and not applied yet would explain are
                               compared again while the copy moves on (default 30; 0: once, at
                               once); keys still undecided then are listed apart, not as differences
        --json                 print the report as JSON instead of text
        --help                 this text

      Exit codes: 0 equal, 1 differences found (or tables not compared, or keys undecided),
      2 wrong arguments, 3 the verification failed.
      """;

  private VerifyCommand() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the command; never exits the JVM. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    Map<String, String> options = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--help") || a.equals("-h")) {
        out.print(HELP);
        return EQUAL;
      }
      if (a.equals("--json")) {
        options.put(a, "true");
        continue;
      }
      if (!List.of(
                  "--source",
                  "--user",
                  "--password-env",
                  "--target",
                  "--tables",
                  "--config",
                  "--scn",
                  "--chunk-rows",
                  "--patience")
              .contains(a)
          || i + 1 >= args.length) {
        err.println("verify: unknown option or missing value: " + a + " (see --help)");
        return USAGE;
      }
      options.put(a, args[++i]);
    }
    for (String required : List.of("--source", "--target", "--tables")) {
      if (!options.containsKey(required)) {
        err.println("verify: " + required + " is required (see --help)");
        return USAGE;
      }
    }
    Map<String, String> settings = new HashMap<>();
    Verifier.Builder builder = Verifier.builder();
    List<TableId> tables = new ArrayList<>();
    try {
      if (options.containsKey("--config")) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(Path.of(options.get("--config")))) {
          p.load(r);
        }
        p.stringPropertyNames().forEach(k -> settings.put(k, p.getProperty(k)));
      }
      settings.put("cdc.database.url", options.get("--source"));
      if (options.containsKey("--user")) {
        settings.put("cdc.database.user", options.get("--user"));
      }
      if (options.containsKey("--password-env")) {
        String password = System.getenv(options.get("--password-env"));
        if (password == null) {
          err.println(
              "verify: the environment variable " + options.get("--password-env") + " is not set");
          return USAGE;
        }
        settings.put("cdc.database.password", password);
      }
      for (String t : options.get("--tables").split(",")) {
        tables.add(TableId.parse(t.trim()));
      }
      settings.putIfAbsent("cdc.tables.include", options.get("--tables"));
      if (options.containsKey("--scn")) {
        builder.scn(Scn.parse(options.get("--scn")));
      }
      if (options.containsKey("--chunk-rows")) {
        builder.chunkRows(Integer.parseInt(options.get("--chunk-rows")));
      }
      if (options.containsKey("--patience")) {
        builder.patience(java.time.Duration.ofSeconds(Long.parseLong(options.get("--patience"))));
      }
      builder.config(settings).tables(tables).target(target(options.get("--target"), settings));
    } catch (IOException | RuntimeException e) {
      err.println("verify: " + e.getMessage());
      return USAGE;
    } catch (LinkageError e) {
      err.println(KAFKA_JARS + e);
      return FAILED;
    }
    try {
      VerifyReport report = builder.build().verify();
      out.print(options.containsKey("--json") ? report.toJson() + "\n" : report.toText());
      return report.equal() ? EQUAL : DIFFERENT;
    } catch (CdcException e) {
      err.println("verify: " + e.getMessage());
      return FAILED;
    } catch (Exception e) {
      err.println("verify: failed: " + e);
      return FAILED;
    } catch (LinkageError e) {
      err.println(KAFKA_JARS + e);
      return FAILED;
    }
  }

  private static final String KAFKA_JARS =
      "verify: a kafka:// target needs kafka-clients, connect-api and connect-json on the class"
          + " path (the tool's lib/): ";

  /** The scheme of a Kafka target: {@code kafka://<bootstrap servers>/<topic prefix>}. */
  static final String KAFKA = "kafka://";

  private static VerifyTarget target(String target, Map<String, String> settings) {
    if (target.startsWith("jdbc:")) {
      return JdbcTarget.of(target);
    }
    if (target.startsWith(KAFKA)) {
      String rest = target.substring(KAFKA.length());
      int slash = rest.indexOf('/');
      if (slash <= 0 || slash == rest.length() - 1) {
        throw new IllegalArgumentException(
            "--target kafka://<bootstrap servers>/<topic prefix>, not " + target);
      }
      Map<String, Object> clients =
          new HashMap<>(
              CdcConfig.kafkaClientConfig(
                  CdcConfig.KAFKA_CLIENT_CONFIG.name(),
                  Secret.of(settings.getOrDefault(CdcConfig.KAFKA_CLIENT_CONFIG.name(), ""))));
      clients.put("bootstrap.servers", rest.substring(0, slash));
      Map<String, String> connector = new HashMap<>(settings);
      connector.put(CdcConfig.TOPIC_PREFIX.name(), rest.substring(slash + 1));
      return KafkaTarget.of(clients, connector);
    }
    throw new IllegalArgumentException(
        "--target must be a JDBC URL (jdbc:...) or kafka://<bootstrap servers>/<topic prefix>, not "
            + target);
  }
}
