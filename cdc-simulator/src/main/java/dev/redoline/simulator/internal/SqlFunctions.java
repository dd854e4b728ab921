package dev.redoline.simulator.internal;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Objects;

/**
 * The functions the simulator's SQL engine calls by name while it evaluates a client's SELECT:
 * one table function behind every view, and the Oracle functions the clients use
 * ({@code SYS_CONTEXT}, {@code SCN_TO_TIMESTAMP}, {@code TIMESTAMP_TO_SCN}, the database clock).
 * The engine reaches Java code only through public static methods, so they are here, in a package
 * the simulator does not export; each forwards to the simulator through {@link Hooks}.
 */
public final class SqlFunctions {

  /** What the functions forward to; installed once by the simulator before its engine runs. */
  public interface Hooks {
    ResultSet view(String name, boolean columnsOnly) throws SQLException;

    /** The rows of user table {@code owner.table}: committed now, or as of {@code scn} when not null. */
    ResultSet table(String owner, String table, BigDecimal scn, boolean columnsOnly) throws SQLException;

    String sysContext(String namespace, String parameter) throws SQLException;

    LocalDateTime scnToTimestamp(BigDecimal scn) throws SQLException;

    BigDecimal timestampToScn(LocalDateTime time) throws SQLException;

    OffsetDateTime systimestamp();

    String dbTimeZone();
  }

  private static volatile Hooks hooks;

  private SqlFunctions() {}

  /** Installs the simulator's hooks (idempotent: the simulator installs the same object each time). */
  public static void install(Hooks simulator) {
    hooks = Objects.requireNonNull(simulator, "simulator == null");
  }

  private static Hooks hooks() {
    Hooks h = hooks;
    if (h == null) {
      throw new IllegalStateException("the simulator's SQL functions were called before the simulator started");
    }
    return h;
  }

  /** The rows of view {@code name}; only its columns while the engine compiles a statement. */
  public static ResultSet view(Connection connection, String name) throws SQLException {
    boolean compiling = connection.getMetaData().getURL().startsWith("jdbc:columnlist:");
    return hooks().view(name, compiling);
  }

  /** The rows of a user table, as of {@code scn} when it is not null (a flashback query). */
  public static ResultSet table(Connection connection, String owner, String table, BigDecimal scn)
      throws SQLException {
    boolean compiling = connection.getMetaData().getURL().startsWith("jdbc:columnlist:");
    return hooks().table(owner, table, scn, compiling);
  }

  public static String sysContext(String namespace, String parameter) throws SQLException {
    return hooks().sysContext(namespace, parameter);
  }

  public static LocalDateTime scnToTimestamp(BigDecimal scn) throws SQLException {
    return hooks().scnToTimestamp(scn);
  }

  public static BigDecimal timestampToScn(LocalDateTime time) throws SQLException {
    return hooks().timestampToScn(time);
  }

  public static OffsetDateTime systimestamp() {
    return hooks().systimestamp();
  }

  /** DBTIMEZONE: the database time zone, a region name or an offset. */
  public static String dbTimeZone() {
    return hooks().dbTimeZone();
  }

  /** Oracle's TO_NUMBER of text, which H2's Oracle mode lacks; ORA-01722 for text that is no number. */
  public static BigDecimal toNumber(String text) throws SQLException {
    if (text == null) {
      return null;
    }
    try {
      return new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw new SQLException("ORA-01722: invalid number", "42000", 1722);
    }
  }

  public static LocalDateTime sysdate() {
    return hooks().systimestamp().toLocalDateTime().withNano(0);
  }
}
