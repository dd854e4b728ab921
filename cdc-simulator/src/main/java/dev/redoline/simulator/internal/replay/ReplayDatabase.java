package dev.redoline.simulator.internal.replay;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A recording answering as the database it was recorded from. Each statement the client runs is
 * answered by the next recorded run of the same text with the same binds, in recorded order; once
 * those are used up, by the last of them again (the database stands where the recording ended),
 * except a mining query, which then returns no rows so nothing is delivered twice. A statement
 * recorded with other binds only is answered by the latest answer to its text (an inventory read at
 * another moment); a mining query never recorded, by the next recorded mining query not yet
 * answered (so a recording outlives a change of the mining statement's predicates, whose selected
 * columns are what the rows are read by). Any other statement whose text the recording never saw
 * fails with CDC-4070 naming its start and the recording: the replayed capture asks what the
 * recorded one did not, and an answer made up for it would hide that.
 *
 * <pre>{@code
 * Connection c = DriverManager.getConnection("jdbc:redoline:sim:replay?file=/tmp/rec");
 * }</pre>
 *
 * <p>Every connection to one URL shares one replay, as every connection of a capture shares one
 * database; a URL is replayed once per JVM (add any further parameter, {@code &run=2}, to replay it
 * again from the start).
 */
public final class ReplayDatabase {

  /** The URL prefix of a replay. */
  public static final String PREFIX = "jdbc:redoline:sim:replay?";

  /** The start of every mining statement: a used-up mining query returns no rows. */
  static final String MINING = "SELECT SCN, START_SCN,";

  private static final Map<String, ReplayDatabase> OPEN = new HashMap<>();

  private final Map<String, ArrayDeque<Recording.Statement>> byKey = new HashMap<>();
  private final Map<String, Recording.Statement> lastByKey = new HashMap<>();
  private final Map<String, Recording.Statement> latestBySql = new HashMap<>();

  /**
   * Every recorded mining statement in recorded order, for a mining query whose text or binds
   * changed.
   */
  private final ArrayDeque<Recording.Statement> miningInOrder = new ArrayDeque<>();

  private final java.util.Set<Long> served = new java.util.HashSet<>();

  /** The recording's path as the URL names it, for error messages. */
  private final String source;

  private ReplayDatabase(Recording recording, String source) {
    this.source = source;
    for (Recording.Statement s : recording.statements()) {
      byKey.computeIfAbsent(key(s.sql(), s.binds()), k -> new ArrayDeque<>()).add(s);
      latestBySql.putIfAbsent(s.sql(), s);
      if (s.sql().startsWith(MINING)) {
        miningInOrder.add(s);
      }
    }
  }

  /** Whether {@code url} names a replay. */
  public static boolean accepts(String url) {
    return url != null && url.startsWith(PREFIX);
  }

  /**
   * A connection to the replay {@code url} names ({@code file=} a recording directory or part).
   *
   * @throws SQLException (vendor code 17067, as a bad URL) when {@code file} is missing or
   *     unreadable
   */
  public static Connection connect(String url) throws SQLException {
    ReplayDatabase db;
    synchronized (OPEN) {
      db = OPEN.get(url);
      if (db == null) {
        String file = parameter(url, "file");
        if (file == null || file.isBlank()) {
          throw new SQLException(
              "A replay URL names its recording: " + PREFIX + "file=<directory>", "08001", 17067);
        }
        try {
          db = new ReplayDatabase(Recording.read(Path.of(file)), file);
        } catch (IOException | RuntimeException e) {
          throw new SQLException(
              "Cannot replay " + file + ": " + e.getMessage(), "08001", 17067, e);
        }
        OPEN.put(url, db);
      }
    }
    return ReplayJdbc.connection(db);
  }

  private static String parameter(String url, String name) {
    for (String pair : url.substring(PREFIX.length()).split("&")) {
      int eq = pair.indexOf('=');
      if (eq > 0 && pair.substring(0, eq).equals(name)) {
        return URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      }
    }
    return null;
  }

  /**
   * The recorded answer to a statement, or {@code null} when it answers nothing (no rows, success).
   *
   * @throws CdcException CDC-4070 when the recording never saw the statement's text and it is not a
   *     mining query
   */
  synchronized Recording.Statement answer(String kind, String sql, List<String> binds) {
    String key = key(sql, binds);
    ArrayDeque<Recording.Statement> queue = byKey.get(key);
    boolean mining = sql.startsWith(MINING);
    if (queue != null) {
      Recording.Statement next = nextUnserved(queue);
      if (next != null) {
        served.add(next.id());
        lastByKey.put(key, next);
        latestBySql.put(sql, next);
        return next;
      }
      return mining ? null : lastByKey.get(key);
    }
    if (mining) {
      // a mining statement the recording never saw (the gateway's predicates changed since, or
      // the capture's cursors differ): the next recorded step's rows, in recorded order
      Recording.Statement next = nextUnserved(miningInOrder);
      if (next != null) {
        served.add(next.id());
      }
      return next;
    }
    Recording.Statement latest = latestBySql.get(sql);
    if (latest == null) {
      throw new CdcException(
          ErrorCode.REPLAY_STATEMENT_NOT_RECORDED,
          "the statement starting '" + start(sql) + "' was never run in the recording " + source);
    }
    // recorded with other binds: a query gets the latest answer to its text, anything else succeeds
    return "Q".equals(kind) ? latest : null;
  }

  /** The first words of a statement, enough to find it in the gateway's code and the recording. */
  static String start(String sql) {
    String flat = sql.strip().replaceAll("\\s+", " ");
    return flat.length() <= 80 ? flat : flat.substring(0, 80) + "...";
  }

  private Recording.Statement nextUnserved(ArrayDeque<Recording.Statement> queue) {
    Recording.Statement next = queue.poll();
    while (next != null && served.contains(next.id())) {
      next = queue.poll();
    }
    return next;
  }

  private static String key(String sql, List<String> binds) {
    return sql + '\u0000' + String.join("\u0001", binds);
  }
}
