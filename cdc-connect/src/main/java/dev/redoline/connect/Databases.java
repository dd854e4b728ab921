package dev.redoline.connect;

import dev.redoline.core.CdcConfig;
import dev.redoline.logminer.Database;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Opens the database {@code cdc.database.url} names.
 *
 * <pre>{@code
 * Database db = Databases.open(config);     // Database.fromConfig(config) in production
 * }</pre>
 *
 * <p>Test hook: a test in this package may {@link #register} a database under a URL, because a
 * scripted, deterministic simulator cannot travel through Connect's string configuration. Nothing
 * in production registers one, so production always goes to {@link Database#fromConfig}.
 */
final class Databases {

  private static final Map<String, Supplier<Database>> REGISTERED = new ConcurrentHashMap<>();

  private Databases() {}

  /** Opens a database; how the task and the connector's validation reach it. */
  @FunctionalInterface
  interface Opener {
    Database open(CdcConfig config);
  }

  static Database open(CdcConfig config) {
    Supplier<Database> registered = REGISTERED.get(config.get(CdcConfig.DATABASE_URL));
    return registered != null ? registered.get() : Database.fromConfig(config);
  }

  /** Test hook: {@code url} opens the databases {@code supplier} gives. */
  static void register(String url, Supplier<Database> supplier) {
    REGISTERED.put(Objects.requireNonNull(url, "url == null"), Objects.requireNonNull(supplier, "supplier == null"));
  }

  /** Test hook: forgets a registered URL. */
  static void unregister(String url) {
    REGISTERED.remove(url);
  }
}
