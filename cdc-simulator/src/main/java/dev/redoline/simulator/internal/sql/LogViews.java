package dev.redoline.simulator.internal.sql;

import static dev.redoline.simulator.internal.sql.SqlValues.scn;
import static dev.redoline.simulator.internal.sql.SqlValues.yesNo;
import static dev.redoline.simulator.internal.sql.ViewColumn.date;
import static dev.redoline.simulator.internal.sql.ViewColumn.number;
import static dev.redoline.simulator.internal.sql.ViewColumn.text;

import dev.redoline.simulator.SupplementalLogging;
import dev.redoline.simulator.internal.jdbc.Session;
import dev.redoline.simulator.internal.oracle.ArchiveCopy;
import dev.redoline.simulator.internal.oracle.DatabaseIncarnation;
import dev.redoline.simulator.internal.oracle.LogFile;
import dev.redoline.simulator.internal.oracle.RedoLog;
import dev.redoline.simulator.internal.oracle.RedoThread;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of the log views (V$DATABASE, V$THREAD, GV$INSTANCE, V$LOG, V$LOGFILE, V$ARCHIVED_LOG,
 * V$ARCHIVE_DEST_STATUS and their GV$ forms), computed from the redo model
 * (docs/logminer.md#log-inventory).
 */
public final class LogViews {

  static final List<ViewColumn> LOG_COLUMNS =
      List.of(
          number("GROUP#"),
          number("THREAD#"),
          number("SEQUENCE#"),
          number("BYTES"),
          number("BLOCKSIZE"),
          number("MEMBERS"),
          text("ARCHIVED"),
          text("STATUS"),
          number("FIRST_CHANGE#"),
          date("FIRST_TIME"),
          number("NEXT_CHANGE#"),
          date("NEXT_TIME"));

  static final List<ViewColumn> ARCHIVED_LOG_COLUMNS =
      List.of(
          text("NAME"),
          number("DEST_ID"),
          number("THREAD#"),
          number("SEQUENCE#"),
          number("RESETLOGS_CHANGE#"),
          date("RESETLOGS_TIME"),
          number("RESETLOGS_ID"),
          number("FIRST_CHANGE#"),
          date("FIRST_TIME"),
          number("NEXT_CHANGE#"),
          date("NEXT_TIME"),
          number("BLOCKS"),
          number("BLOCK_SIZE"),
          text("ARCHIVED"),
          text("STATUS"),
          text("DELETED"),
          text("STANDBY_DEST"),
          text("DICTIONARY_BEGIN"),
          text("DICTIONARY_END"));

  /** The DBID every simulated database reports. */
  static final long DBID = 1_689_251_923L;

  private LogViews() {}

  /** {@code INST_ID} first, then {@code columns}: the GV$ form of a view. */
  static List<ViewColumn> withInstance(List<ViewColumn> columns) {
    List<ViewColumn> out = new ArrayList<>();
    out.add(number("INST_ID"));
    out.addAll(columns);
    return out;
  }

  static String instanceName(int instance) {
    return "ORCL" + instance;
  }

  static List<Object[]> database(Session s) {
    SupplementalLogging level = s.settings().supplementalLogging();
    return List.<Object[]>of(
        new Object[] {
          "ORCL",
          DBID,
          scn(s.redo().currentScnSeenBy(s.instance())),
          s.redo().archiveLogMode() ? "ARCHIVELOG" : "NOARCHIVELOG",
          yesNo(level != SupplementalLogging.NONE),
          yesNo(level == SupplementalLogging.ALL),
          yesNo(level == SupplementalLogging.PRIMARY_KEY),
          scn(s.redo().incarnation().resetlogsScn()),
          s.redo().incarnation().resetlogsTime(),
          yesNo(s.catalog().cdb()),
          "READ WRITE",
          yesNo(s.settings().forceLogging()),
          s.settings().platformName()
        });
  }

  static List<Object[]> threads(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (RedoThread t : s.redo().threads()) {
      out.add(
          new Object[] {
            t.number(),
            t.open() ? "OPEN" : "CLOSED",
            t.enabled(),
            instanceName(t.instance()),
            t.current().sequence(),
            scn(t.checkpointScn()),
            scn(t.enableScn()),
            0,
            t.lastRedoSequence(),
            t.lastRedoBlock(),
            scn(t.lastRedoScn()),
            t.lastRedoTime()
          });
    }
    return out;
  }

  /** The instances that are up, one row each, as every instance sees them. */
  static List<Object[]> instances(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (RedoThread t : s.redo().threads()) {
      if (!s.instances().isDown(t.instance())) {
        out.add(
            new Object[] {
              t.instance(), t.instance(), instanceName(t.instance()), t.number(), "OPEN"
            });
      }
    }
    return out;
  }

  static List<Object[]> onlineLogs(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (RedoThread t : s.redo().threads()) {
      for (RedoThread.Group g : t.groups()) {
        LogFile f = g.log();
        if (f == null) {
          out.add(
              new Object[] {
                g.number(),
                t.number(),
                0,
                g.bytes(),
                t.blockSize(),
                1,
                "YES",
                "UNUSED",
                0,
                null,
                0,
                null
              });
          continue;
        }
        String status =
            f == t.current()
                ? "CURRENT"
                : f.sequence() == t.current().sequence() - 1 ? "ACTIVE" : "INACTIVE";
        out.add(
            new Object[] {
              g.number(),
              t.number(),
              f.sequence(),
              g.bytes(),
              t.blockSize(),
              1,
              yesNo(f.archived()),
              status,
              scn(f.firstScn()),
              f.firstTime(),
              f.current() ? SqlValues.MAX_SCN : scn(f.nextScn()),
              f.current() ? null : f.nextTime()
            });
      }
    }
    return out;
  }

  /** One member per group; STATUS is NULL while the member is in use. */
  static List<Object[]> logFiles(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (RedoThread t : s.redo().threads()) {
      for (RedoThread.Group g : t.groups()) {
        out.add(new Object[] {g.number(), null, "ONLINE", g.fileName()});
      }
    }
    return out;
  }

  static List<Object[]> archivedLogs(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (ArchiveCopy c : s.redo().archives()) {
      LogFile f = c.log();
      out.add(
          new Object[] {
            c.name(),
            c.destId(),
            f.thread(),
            f.sequence(),
            scn(f.incarnation().resetlogsScn()),
            f.incarnation().resetlogsTime(),
            f.incarnation().resetlogsId(),
            scn(f.firstScn()),
            f.firstTime(),
            scn(f.nextScn()),
            f.nextTime(),
            f.blocks(),
            f.blockSize(),
            "YES",
            c.deleted() ? "D" : "A",
            yesNo(c.deleted()),
            "NO",
            yesNo(f.dictionaryBegin()),
            yesNo(f.dictionaryEnd())
          });
    }
    return out;
  }

  static final List<ViewColumn> INCARNATION_COLUMNS =
      List.of(
          number("INCARNATION#"),
          number("RESETLOGS_CHANGE#"),
          date("RESETLOGS_TIME"),
          number("PRIOR_RESETLOGS_CHANGE#"),
          date("PRIOR_RESETLOGS_TIME"),
          text("STATUS"),
          number("RESETLOGS_ID"),
          number("PRIOR_INCARNATION#"));

  /** V$DATABASE_INCARNATION: every incarnation, oldest first. */
  static List<Object[]> incarnations(Session s) {
    RedoLog redo = s.redo();
    List<Object[]> out = new ArrayList<>();
    for (DatabaseIncarnation i : redo.incarnations()) {
      DatabaseIncarnation prior = i.prior();
      out.add(
          new Object[] {
            i.number(),
            scn(i.resetlogsScn()),
            i.resetlogsTime(),
            prior == null ? scn(0) : scn(prior.resetlogsScn()),
            prior == null ? null : prior.resetlogsTime(),
            i.status(redo.incarnation()),
            i.resetlogsId(),
            prior == null ? 0 : prior.number()
          });
    }
    return out;
  }

  static List<Object[]> destinations(Session s) {
    List<Object[]> out = new ArrayList<>();
    for (RedoLog.Destination d : s.redo().destinations()) {
      out.add(new Object[] {d.id(), d.name(), d.status(), d.type()});
    }
    return out;
  }

  /** GV$LOG: V$LOG already shows every thread, so each open instance repeats every row. */
  static List<Object[]> globalOnlineLogs(Session s) {
    return perOpenInstance(s, onlineLogs(s));
  }

  static List<Object[]> globalArchivedLogs(Session s) {
    return perOpenInstance(s, archivedLogs(s));
  }

  private static List<Object[]> perOpenInstance(Session s, List<Object[]> rows) {
    List<Object[]> out = new ArrayList<>();
    for (RedoThread t : s.redo().threads()) {
      if (s.instances().isDown(t.instance())) {
        continue;
      }
      for (Object[] row : rows) {
        Object[] withId = new Object[row.length + 1];
        withId[0] = t.instance();
        System.arraycopy(row, 0, withId, 1, row.length);
        out.add(withId);
      }
    }
    return out;
  }
}
