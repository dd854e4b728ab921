package dev.redoline.simulator.internal.jdbc;

import dev.redoline.simulator.LogMinerPace;
import dev.redoline.simulator.internal.workload.Workloads;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A simulator JDBC URL, parsed: {@code jdbc:redoline:sim:<database>[?k=v&...]} for a database in
 * this JVM, {@code jdbc:redoline:sim://<host>:<port>/<database>[?k=v&...]} for a simulator server.
 * The parameters are {@code seed} (of a workload database), {@code rows} and {@code huge} (its
 * seeded customers and, for {@code stress}, the seconds between its 5,000-row transactions), {@code
 * instance} (the RAC instance to connect to, default 1), {@code pace} (LogMiner's pace: {@code on}
 * or changes a second) and {@code db} (any text: a workload database of its own, so that two tests
 * of one JVM do not share one).
 *
 * @param host the server's host, or {@code null} in this JVM
 * @param port the server's port, or 0
 * @param database the database name: a workload ({@code demo}, {@code stress}) or a registered name
 * @param parameters the query parameters, in order
 */
public record SimulatorUrl(String host, int port, String database, Map<String, String> parameters) {

  public static final String PREFIX = "jdbc:redoline:sim:";

  public SimulatorUrl {
    parameters = Map.copyOf(parameters);
  }

  public static boolean accepts(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  /**
   * @throws IllegalArgumentException naming the URL and what is wrong with it
   */
  public static SimulatorUrl parse(String url) {
    if (!accepts(url)) {
      throw new IllegalArgumentException(
          "Not a simulator URL: '"
              + url
              + "' (expected "
              + PREFIX
              + "<workload>[?seed=N] or "
              + PREFIX
              + "//127.0.0.1:<port>/<database>)");
    }
    String rest = url.substring(PREFIX.length());
    Map<String, String> parameters = new LinkedHashMap<>();
    int q = rest.indexOf('?');
    if (q >= 0) {
      for (String pair : rest.substring(q + 1).split("&")) {
        int eq = pair.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException(
              "Bad parameter '" + pair + "' in '" + url + "' (expected name=value)");
        }
        parameters.put(pair.substring(0, eq).toLowerCase(Locale.ROOT), pair.substring(eq + 1));
      }
      rest = rest.substring(0, q);
    }
    String host = null;
    int port = 0;
    if (rest.startsWith("//")) {
      int slash = rest.indexOf('/', 2);
      int colon = rest.lastIndexOf(':', slash < 0 ? rest.length() : slash);
      if (slash < 0 || colon < 2) {
        throw new IllegalArgumentException(
            "Bad server address in '" + url + "' (expected //host:port/database)");
      }
      host = rest.substring(2, colon);
      try {
        port = Integer.parseInt(rest.substring(colon + 1, slash));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("Bad port in '" + url + "'", e);
      }
      rest = rest.substring(slash + 1);
    }
    if (rest.isEmpty()) {
      throw new IllegalArgumentException("No database in '" + url + "'");
    }
    SimulatorUrl parsed = new SimulatorUrl(host, port, rest, parameters);
    parsed.seed();
    parsed.instance();
    parsed.pace();
    return parsed;
  }

  public boolean remote() {
    return host != null;
  }

  public long seed() {
    return number("seed", 1);
  }

  /** {@code rows}: how many customers a workload database is seeded with. */
  public long seedRows() {
    long rows = number("rows", Workloads.DEFAULT_SEED_ROWS);
    if (rows < 1) {
      throw new IllegalArgumentException(
          "Bad rows '" + rows + "' (expected 1 or more: orders need a customer)");
    }
    return rows;
  }

  /**
   * {@code huge}: seconds of database time between the stress workload's 5,000-row transactions.
   */
  public java.time.Duration hugeEvery() {
    long seconds = number("huge", Workloads.DEFAULT_HUGE_EVERY.toSeconds());
    if (seconds < 1) {
      throw new IllegalArgumentException("Bad huge '" + seconds + "' (expected 1 or more seconds)");
    }
    return java.time.Duration.ofSeconds(seconds);
  }

  /**
   * {@code pace}: LogMiner's pace, {@code on} for {@link LogMinerPace#PUBLIC_FIGURES}, a number for
   * those figures with that many changes a second per session; absent or {@code off}: none.
   */
  public LogMinerPace pace() {
    String v = parameters.get("pace");
    return v == null ? null : LogMinerPace.parse(v);
  }

  public int instance() {
    return (int) number("instance", 1);
  }

  /**
   * The key under which connections share a database in this JVM: everything but {@code instance}.
   */
  String sharingKey() {
    Map<String, String> rest = new java.util.TreeMap<>(parameters);
    rest.remove("instance");
    return database + (rest.isEmpty() ? "" : "?" + rest);
  }

  private long number(String name, long otherwise) {
    String v = parameters.get(name);
    if (v == null) {
      return otherwise;
    }
    try {
      return Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Bad " + name + " '" + v + "' (expected an integer)", e);
    }
  }
}
