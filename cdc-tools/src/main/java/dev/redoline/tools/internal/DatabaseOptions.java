package dev.redoline.tools.internal;

import dev.redoline.core.CdcConfig;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;

/**
 * The options that say which database to connect to and how, shared by the commands that reach a
 * database, turned into a {@link CdcConfig}. A password is never an argument (a process list shows
 * arguments): it comes from an environment variable, a file, or the {@code --config} file.
 */
final class DatabaseOptions {

  static final Set<String> OPTIONS =
      Set.of(
          "--config", "--user", "--password-env", "--password-file", "--tables", "--pdbs", "--set");

  static final String HELP =
      """
        --config FILE          a properties file of cdc.* settings (an engine's or a connector's
                               configuration; other keys are ignored)
        --user USER            cdc.database.user, the capture user
        --password-env VAR     cdc.database.password from the environment variable VAR
        --password-file FILE   cdc.database.password from the first line of FILE
        --tables PATTERNS      cdc.tables.include, e.g. SHOP.*,HR.PEOPLE
        --pdbs PDBS            cdc.database.pdbs, the PDBs to capture in a container database
        --set KEY=VALUE        any other cdc.* setting; repeatable
      """;

  private DatabaseOptions() {}

  /**
   * The configuration of {@code url} (or of the {@code --config} file's URL when {@code url} is
   * null) with {@code defaults} below everything given.
   */
  static CdcConfig config(
      Arguments args, String url, Map<String, String> defaults, Function<String, String> env)
      throws UsageException, IOException {
    Map<String, Object> settings = new LinkedHashMap<>(defaults);
    String file = args.option("--config");
    if (file != null) {
      Properties properties = new Properties();
      try (Reader in = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
        properties.load(in);
      }
      for (String key : properties.stringPropertyNames()) {
        if (key.startsWith("cdc.")) {
          settings.put(key, properties.getProperty(key));
        }
      }
    }
    put(settings, CdcConfig.DATABASE_URL.name(), url);
    put(settings, CdcConfig.DATABASE_USER.name(), args.option("--user"));
    put(settings, CdcConfig.TABLES_INCLUDE.name(), args.option("--tables"));
    put(settings, CdcConfig.DATABASE_PDBS.name(), args.option("--pdbs"));
    String variable = args.option("--password-env");
    if (variable != null) {
      String password = env.apply(variable);
      if (password == null) {
        throw new UsageException(
            "--password-env " + variable + ": the environment has no such variable");
      }
      settings.put(CdcConfig.DATABASE_PASSWORD.name(), password);
    }
    String passwordFile = args.option("--password-file");
    if (passwordFile != null) {
      List<String> lines = Files.readAllLines(Path.of(passwordFile), StandardCharsets.UTF_8);
      settings.put(CdcConfig.DATABASE_PASSWORD.name(), lines.isEmpty() ? "" : lines.get(0));
    }
    for (String pair : args.all("--set")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new UsageException("--set " + pair + ": expected KEY=VALUE");
      }
      settings.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
    }
    if (!settings.containsKey(CdcConfig.DATABASE_URL.name())) {
      throw new UsageException(
          "no database URL: give it as an argument or as cdc.database.url in --config");
    }
    return CdcConfig.from(settings);
  }

  private static void put(Map<String, Object> settings, String key, String value) {
    if (value != null) {
      settings.put(key, value);
    }
  }

  /**
   * A JDBC URL as it may be printed: a password written into it ({@code user/password@}) masked.
   */
  static String printable(String url) {
    return url.replaceAll("([:/][^:/@\\s]+)/[^@\\s]*@", "$1/****@")
        .replaceAll("(?i)(password=)[^&;\\s]*", "$1****");
  }
}
