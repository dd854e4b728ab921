package dev.redoline.logminer.internal;

import dev.redoline.core.RedoAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * A query on {@code V$LOGMNR_CONTENTS}, as a value. The JDBC gateway turns it into one SELECT with
 * the predicates below (the simulator hands that SELECT to its SQL engine as it is).
 *
 * <ul>
 *   <li>DML rows of the captured object ids, per container ({@code SRC_CON_ID = ? AND DATA_OBJ# IN
 *       (...)}); container 0 in a non-container database. Also every row naming a captured table by
 *       owner and name ({@link #capturedTables}), whatever its DATA_OBJ#: an object id the catalog
 *       has not resolved yet (a partition added by an excluded user's DDL, or by recursive DDL
 *       LogMiner shows no row for) must still leave the database.
 *   <li>With {@link #includeDdl}, DDL rows (code 5) of <em>every</em> object, whatever its
 *       DATA_OBJ# and whoever ran it: a {@code CREATE TABLE} of a table not yet captured is how a
 *       new matching table is discovered, and an excluded user's DDL still changes what the
 *       captured tables are.
 *   <li>Transaction control rows (START, COMMIT, ROLLBACK, and replication markers, code 27) with
 *       {@link #includeTransactionControl}, never filtered by user: a transaction's end must be
 *       seen whoever ran it.
 *   <li>Other rows of {@link #excludedUsers} are left out ({@code USERNAME NOT IN (...)}).
 *   <li>LOB rows (SEL_LOB_LOCATOR, LOB_WRITE, LOB_TRIM, LOB_ERASE, XML DOC BEGIN/WRITE/END, the 32K
 *       rows) only with {@link #includeLobRows}: with {@code cdc.lob.enabled=false} the database
 *       does not send what the capture would ignore.
 *   <li>Rows that report holes in the redo, MISSING_SCN (34) and CORRUPTED_BLOCKS, are always
 *       returned: they concern every object.
 *   <li>Per thread, only rows strictly after that thread's cursor address ({@code (RBASQN, RBABLK,
 *       RBABYTE) > (?, ?, ?)}); a thread without a cursor is read whole.
 * </ul>
 *
 * <pre>{@code
 * MiningQuery q = MiningQuery.builder()
 *     .capture(0, Set.of(73206, 73207))
 *     .cursor(RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "))
 *     .excludeUser("GGADMIN")
 *     .timeout(Duration.ofMinutes(1))
 *     .build();
 * }</pre>
 *
 * @param objectIds captured DATA_OBJ# values per container id; {@code null} captures every object
 * @param includeTransactionControl whether START/COMMIT/ROLLBACK rows are returned
 * @param includeDdl whether DDL rows (code 5) of every object are returned
 * @param includeLobRows whether LOB rows ({@link dev.redoline.core.RedoRow#LOB_OPERATION_CODES})
 *     are returned
 * @param capturedTables the captured tables by container id, owner and name
 * @param excludedUsers users whose DML and LOB rows are left out
 * @param cursors per-thread addresses; only rows strictly after them are returned
 * @param fetchSize rows per round trip
 * @param timeout the query timeout ({@code Statement.setQueryTimeout}); zero for none
 */
public record MiningQuery(
    Map<Integer, Set<Integer>> objectIds,
    Set<CapturedTable> capturedTables,
    boolean includeTransactionControl,
    boolean includeDdl,
    boolean includeLobRows,
    Set<String> excludedUsers,
    Map<Integer, RedoAddress> cursors,
    int fetchSize,
    Duration timeout) {

  /**
   * A captured table as LogMiner names it: container id (0 in a non-container database), SEG_OWNER,
   * TABLE_NAME.
   */
  public record CapturedTable(int conId, String owner, String table) {
    public CapturedTable {
      Objects.requireNonNull(owner, "owner == null");
      Objects.requireNonNull(table, "table == null");
    }
  }

  public MiningQuery {
    capturedTables = Set.copyOf(Objects.requireNonNull(capturedTables, "capturedTables == null"));
    if (objectIds != null) {
      Map<Integer, Set<Integer>> copy = new HashMap<>();
      objectIds.forEach((k, v) -> copy.put(k, Set.copyOf(v)));
      objectIds = Map.copyOf(copy);
    }
    excludedUsers = Set.copyOf(Objects.requireNonNull(excludedUsers, "excludedUsers == null"));
    cursors = Map.copyOf(Objects.requireNonNull(cursors, "cursors == null"));
    Objects.requireNonNull(timeout, "timeout == null");
    if (fetchSize < 1) {
      throw new IllegalArgumentException("fetchSize must be 1 or more: " + fetchSize);
    }
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative: " + timeout);
    }
    cursors.forEach(
        (thread, address) -> {
          if (address.thread() != thread) {
            throw new IllegalArgumentException(
                "cursor for thread "
                    + thread
                    + " is an address of thread "
                    + address.thread()
                    + ": "
                    + address);
          }
        });
  }

  /**
   * A builder: control rows, DDL and LOB rows included, nothing captured, no cursor, fetch size
   * 1000, no timeout.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** Whether rows of {@code objectId} in container {@code conId} are captured. */
  public boolean captures(int conId, int objectId) {
    if (objectIds == null) {
      return true;
    }
    Set<Integer> ids = objectIds.get(conId);
    return ids != null && ids.contains(objectId);
  }

  /** Whether a record of {@code address} is after its thread's cursor (or the thread has none). */
  public boolean afterCursor(RedoAddress address) {
    RedoAddress cursor = cursors.get(address.thread());
    return cursor == null || address.compareTo(cursor) > 0;
  }

  /** Collects a {@link MiningQuery}. */
  public static final class Builder {
    private Map<Integer, Set<Integer>> objectIds = new HashMap<>();
    private final Set<CapturedTable> tables = new HashSet<>();
    private boolean captureAll;
    private boolean transactionControl = true;
    private boolean ddl = true;
    private boolean lobRows = true;
    private final Set<String> excludedUsers = new HashSet<>();
    private final Map<Integer, RedoAddress> cursors = new TreeMap<>();
    private int fetchSize = 1000;
    private Duration timeout = Duration.ZERO;

    private Builder() {}

    /**
     * Captures {@code objectIds} of container {@code conId} (0 in a non-container database). The
     * first unmodifiable set given for a container is kept as it is, not copied: a step's query
     * shares the catalog's ids, however many partitions they name.
     */
    public Builder capture(int conId, Set<Integer> ids) {
      Set<Integer> given = Set.copyOf(Objects.requireNonNull(ids, "ids == null"));
      objectIds.merge(
          conId,
          given,
          (before, more) -> {
            Set<Integer> union = new HashSet<>(before);
            union.addAll(more);
            return union;
          });
      return this;
    }

    /** Captures the rows naming {@code table} whatever their DATA_OBJ#. */
    public Builder captureByName(CapturedTable table) {
      tables.add(Objects.requireNonNull(table, "table == null"));
      return this;
    }

    /** Captures every object (no DATA_OBJ# predicate): for tests and tools, not for the engine. */
    public Builder captureAllObjects() {
      captureAll = true;
      return this;
    }

    public Builder transactionControl(boolean include) {
      this.transactionControl = include;
      return this;
    }

    public Builder ddl(boolean include) {
      this.ddl = include;
      return this;
    }

    /** Whether LOB rows are returned: off with {@code cdc.lob.enabled=false}. */
    public Builder lobRows(boolean include) {
      this.lobRows = include;
      return this;
    }

    public Builder excludeUser(String user) {
      excludedUsers.add(Objects.requireNonNull(user, "user == null"));
      return this;
    }

    /** Only rows strictly after {@code address} in its thread. */
    public Builder cursor(RedoAddress address) {
      Objects.requireNonNull(address, "address == null");
      cursors.put(address.thread(), address);
      return this;
    }

    public Builder fetchSize(int rows) {
      if (rows < 1) {
        throw new IllegalArgumentException("fetchSize must be 1 or more: " + rows);
      }
      this.fetchSize = rows;
      return this;
    }

    public Builder timeout(Duration timeout) {
      this.timeout = Objects.requireNonNull(timeout, "timeout == null");
      return this;
    }

    public MiningQuery build() {
      return new MiningQuery(
          captureAll ? null : objectIds,
          tables,
          transactionControl,
          ddl,
          lobRows,
          excludedUsers,
          cursors,
          fetchSize,
          timeout);
    }
  }
}
