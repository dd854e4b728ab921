package dev.redoline.logminer.simulator;

import dev.redoline.core.Scn;
import dev.redoline.logminer.ArchivedLog;
import dev.redoline.logminer.DatabaseState;
import dev.redoline.logminer.OnlineLog;
import dev.redoline.logminer.RedoThreadState;
import java.util.ArrayList;
import java.util.List;

/** The log views (V$DATABASE, V$THREAD, V$LOG, V$ARCHIVED_LOG) computed from the redo model. */
final class Inventory {

  private Inventory() {}

  static DatabaseState database(SimulatedOracle o) {
    SupplementalLogging level = o.settings.supplementalLogging;
    return new DatabaseState("ORCL", 1_689_251_923L, Scn.of(o.redo.scn),
        o.redo.archiveLogMode ? DatabaseState.LogMode.ARCHIVELOG : DatabaseState.LogMode.NOARCHIVELOG,
        level != SupplementalLogging.NONE, level == SupplementalLogging.ALL, level == SupplementalLogging.PRIMARY_KEY,
        Scn.of(o.redo.resetlogsScn), o.redo.resetlogsTime, o.catalog.cdb, "READ WRITE", o.clock.getZone());
  }

  static List<RedoThreadState> threads(SimulatedOracle o) {
    List<RedoThreadState> out = new ArrayList<>();
    for (RedoThread t : o.redo.threads) {
      out.add(new RedoThreadState(t.number, t.open ? RedoThreadState.Status.OPEN : RedoThreadState.Status.CLOSED,
          RedoThreadState.Enabled.PUBLIC, t.instance, t.current().sequence, Scn.of(t.checkpointScn),
          Scn.of(t.enableScn), Scn.ZERO, t.lastRedoSequence, t.lastRedoBlock, Scn.of(t.lastRedoScn),
          t.lastRedoTime));
    }
    return out;
  }

  static List<OnlineLog> onlineLogs(SimulatedOracle o) {
    List<OnlineLog> out = new ArrayList<>();
    for (RedoThread t : o.redo.threads) {
      for (RedoThread.Group g : t.groups) {
        LogFile f = g.log;
        if (f == null) {
          out.add(new OnlineLog(g.number, t.number, 0, g.bytes, t.blockSize, g.fileName, true,
              OnlineLog.Status.UNUSED, Scn.ZERO, null, Scn.ZERO));
          continue;
        }
        OnlineLog.Status status = f == t.current() ? OnlineLog.Status.CURRENT
            : f.sequence == t.current().sequence - 1 ? OnlineLog.Status.ACTIVE : OnlineLog.Status.INACTIVE;
        out.add(new OnlineLog(g.number, t.number, f.sequence, g.bytes, t.blockSize, g.fileName, f.archived, status,
            Scn.of(f.firstScn), f.firstTime, f.current() ? Scn.MAX : Scn.of(f.nextScn)));
      }
    }
    return out;
  }

  static List<ArchivedLog> archivedLogs(SimulatedOracle o, Scn after) {
    List<ArchivedLog> out = new ArrayList<>();
    for (ArchiveCopy c : o.redo.archives) {
      LogFile f = c.log;
      if (Long.compareUnsigned(f.nextScn, after.bits()) > 0) {
        out.add(new ArchivedLog(c.name, c.destId, f.thread, f.sequence, Scn.of(f.firstScn), Scn.of(f.nextScn),
            f.firstTime, f.blocks(), f.blockSize, c.deleted ? ArchivedLog.Status.D : ArchivedLog.Status.A, false,
            f.dictionaryBegin, f.dictionaryEnd, Scn.of(o.redo.resetlogsScn)));
      }
    }
    return out;
  }

  /** The redo a file name stands for now, or null when no such readable file exists (ORA-01284). */
  static AddedLog resolve(SimulatedOracle o, String fileName) {
    for (RedoThread t : o.redo.threads) {
      for (RedoThread.Group g : t.groups) {
        if (g.fileName.equals(fileName)) {
          return g.log == null ? null : new AddedLog(fileName, g.log, null);
        }
      }
    }
    for (ArchiveCopy c : o.redo.archives) {
      if (fileName.equals(c.name)) {
        return c.deleted ? null : new AddedLog(fileName, c.log, c);
      }
    }
    return null;
  }
}
