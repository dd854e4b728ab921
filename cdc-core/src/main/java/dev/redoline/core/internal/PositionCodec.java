package dev.redoline.core.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.CommitMark;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.Incarnation;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Reads {@link PositionState} map forms; kept apart so each version's rules sit in one place. */
final class PositionCodec {

  private static final Set<String> COMMIT_KEYS =
      Set.of(
          PositionState.KEY_COMMIT_SCN,
          PositionState.KEY_COMMIT_ADDRESS,
          PositionState.KEY_COMMIT_INDEX);

  private PositionCodec() {}

  static PositionState read(Map<String, ?> map) {
    long version = number(map, PositionState.KEY_VERSION);
    if (version < 1 || version > PositionState.VERSION) {
      throw invalid(
          map,
          "version "
              + version
              + " is not one this Redoline reads (1 to "
              + PositionState.VERSION
              + "); was it written by a newer release?");
    }
    Scn resumeScn = scn(map, PositionState.KEY_RESUME_SCN);
    TreeMap<Integer, RedoAddress> resume = new TreeMap<>();
    int commitKeys = 0;
    Set<Xid> excluded = Set.of();
    Incarnation incarnation = null;
    Set<Xid> partial = Set.of();
    SnapshotProgress snapshot = SnapshotProgress.UNTRACKED;
    TreeMap<TableId, SnapshotProgress.TableProgress> tables = new TreeMap<>();
    // per ad-hoc snapshot id, its keys by suffix ("" for the table)
    TreeMap<Long, Map<String, String>> adHoc = new TreeMap<>();
    for (Map.Entry<String, ?> e : map.entrySet()) {
      String key = e.getKey();
      if (key.startsWith(PositionState.KEY_RESUME_PREFIX)) {
        int thread;
        try {
          thread = Integer.parseInt(key.substring(PositionState.KEY_RESUME_PREFIX.length()));
        } catch (NumberFormatException ex) {
          throw invalid(map, "key '" + key + "' does not end in a thread number");
        }
        resume.put(thread, address(map, key, thread, text(map, key)));
      } else if (COMMIT_KEYS.contains(key)) {
        commitKeys++;
      } else if (key.equals(PositionState.KEY_EXCLUDED) && version >= 2) {
        excluded = xids(map, key);
      } else if (version >= 3 && key.equals(SnapshotProgress.KEY_TRACKED)) {
        snapshot = SnapshotProgress.NONE_YET;
      } else if (version >= 3 && key.startsWith(SnapshotProgress.KEY_PREFIX)) {
        tables.put(snapshotTable(map, key), tableProgress(map, key, text(map, key)));
      } else if (version >= 4 && key.startsWith(SnapshotProgress.KEY_AD_HOC_PREFIX)) {
        adHocEntry(map, key, adHoc);
      } else if (version >= 5 && key.equals(PositionState.KEY_INCARNATION)) {
        incarnation = incarnation(map, text(map, key));
      } else if (version >= 6 && key.equals(PositionState.KEY_PARTIAL)) {
        partial = xids(map, key);
      } else if (!key.equals(PositionState.KEY_VERSION)
          && !key.equals(PositionState.KEY_RESUME_SCN)) {
        throw invalid(map, "unknown key '" + key + "'");
      }
    }
    if (!tables.isEmpty() && !snapshot.tracked()) {
      throw invalid(
          map, "snapshot progress without the key '" + SnapshotProgress.KEY_TRACKED + "'");
    }
    snapshot = new SnapshotProgress(snapshot.tracked(), tables, adHocSnapshots(map, adHoc));
    if (commitKeys == 0) {
      return new PositionState(
          resumeScn, resume, null, PositionState.WHOLE, excluded, snapshot, incarnation, partial);
    }
    if (commitKeys != COMMIT_KEYS.size()) {
      throw invalid(map, "the keys " + COMMIT_KEYS + " must be present together");
    }
    String addressText = text(map, PositionState.KEY_COMMIT_ADDRESS);
    RedoAddress commitAddress;
    try {
      commitAddress = RedoAddress.parse(addressText);
    } catch (IllegalArgumentException e) {
      throw invalid(
          map, PositionState.KEY_COMMIT_ADDRESS + "='" + addressText + "': " + e.getMessage());
    }
    long index = number(map, PositionState.KEY_COMMIT_INDEX);
    if (index < 0) {
      throw invalid(map, PositionState.KEY_COMMIT_INDEX + "=" + index + " is negative");
    }
    CommitMark commit = new CommitMark(scn(map, PositionState.KEY_COMMIT_SCN), commitAddress);
    return new PositionState(
        resumeScn, resume, commit, index, excluded, snapshot, incarnation, partial);
  }

  private static Incarnation incarnation(Map<String, ?> map, String text) {
    try {
      return Incarnation.parse(text);
    } catch (IllegalArgumentException e) {
      throw invalid(map, PositionState.KEY_INCARNATION + "='" + text + "': " + e.getMessage());
    }
  }

  private static TableId snapshotTable(Map<String, ?> map, String key) {
    try {
      return TableId.parse(key.substring(SnapshotProgress.KEY_PREFIX.length()));
    } catch (IllegalArgumentException e) {
      throw invalid(map, "key '" + key + "' does not end in a table name: " + e.getMessage());
    }
  }

  /** Files {@code adhoc.<id>[.after|.filter]} under its id and suffix. */
  private static void adHocEntry(
      Map<String, ?> map, String key, Map<Long, Map<String, String>> adHoc) {
    String rest = key.substring(SnapshotProgress.KEY_AD_HOC_PREFIX.length());
    int dot = rest.indexOf('.');
    String suffix = dot < 0 ? "" : rest.substring(dot);
    if (!suffix.isEmpty()
        && !suffix.equals(SnapshotProgress.KEY_AD_HOC_AFTER)
        && !suffix.equals(SnapshotProgress.KEY_AD_HOC_FILTER)) {
      throw invalid(map, "unknown key '" + key + "'");
    }
    long id;
    try {
      id = Long.parseLong(dot < 0 ? rest : rest.substring(0, dot));
    } catch (NumberFormatException e) {
      id = -1;
    }
    if (id < 0) {
      throw invalid(map, "key '" + key + "' does not name an ad-hoc snapshot number");
    }
    adHoc.computeIfAbsent(id, i -> new HashMap<>()).put(suffix, text(map, key));
  }

  private static List<SnapshotProgress.AdHoc> adHocSnapshots(
      Map<String, ?> map, Map<Long, Map<String, String>> adHoc) {
    List<SnapshotProgress.AdHoc> out = new ArrayList<>();
    adHoc.forEach(
        (id, keys) -> {
          String prefix = SnapshotProgress.KEY_AD_HOC_PREFIX + id;
          String name = keys.get("");
          if (name == null) {
            throw invalid(
                map,
                "the keys of ad-hoc snapshot "
                    + id
                    + " without the key '"
                    + prefix
                    + "' naming its table");
          }
          TableId table;
          try {
            table = TableId.parse(name);
          } catch (IllegalArgumentException e) {
            throw invalid(map, prefix + "='" + name + "' is not a table name: " + e.getMessage());
          }
          String after = keys.get(SnapshotProgress.KEY_AD_HOC_AFTER);
          List<Object> lastKey;
          try {
            lastKey = after == null ? List.of() : SnapshotProgress.decode(after);
          } catch (IllegalArgumentException | DateTimeException e) {
            throw invalid(
                map,
                prefix + SnapshotProgress.KEY_AD_HOC_AFTER + "='" + after + "': " + e.getMessage());
          }
          out.add(
              new SnapshotProgress.AdHoc(
                  id, table, keys.get(SnapshotProgress.KEY_AD_HOC_FILTER), lastKey));
        });
    return out;
  }

  private static SnapshotProgress.TableProgress tableProgress(
      Map<String, ?> map, String key, String text) {
    if (text.equals("done")) {
      return SnapshotProgress.TableProgress.DONE;
    }
    if (!text.startsWith("after:")) {
      throw invalid(map, key + "='" + text + "' is neither 'done' nor 'after:<key>'");
    }
    try {
      return SnapshotProgress.TableProgress.after(
          SnapshotProgress.decode(text.substring("after:".length())));
    } catch (IllegalArgumentException | DateTimeException e) {
      throw invalid(map, key + "='" + text + "': " + e.getMessage());
    }
  }

  private static Set<Xid> xids(Map<String, ?> map, String key) {
    String text = text(map, key);
    Set<Xid> out = new java.util.HashSet<>();
    for (String hex : text.split(",")) {
      try {
        out.add(Xid.parseHex(hex.trim()));
      } catch (IllegalArgumentException e) {
        throw invalid(map, key + "='" + text + "': " + e.getMessage());
      }
    }
    return out;
  }

  private static RedoAddress address(Map<String, ?> map, String key, int thread, String text) {
    try {
      return RedoAddress.parseRsId(thread, text);
    } catch (IllegalArgumentException e) {
      throw invalid(map, key + "='" + text + "': " + e.getMessage());
    }
  }

  private static Scn scn(Map<String, ?> map, String key) {
    Object value = required(map, key);
    try {
      return value instanceof Number n ? Scn.of(n.longValue()) : Scn.parse(value.toString());
    } catch (IllegalArgumentException e) {
      throw invalid(map, key + "='" + value + "': " + e.getMessage());
    }
  }

  private static long number(Map<String, ?> map, String key) {
    Object value = required(map, key);
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return ((Number) value).longValue();
    }
    try {
      return Long.parseLong(value.toString().trim());
    } catch (NumberFormatException e) {
      throw invalid(map, key + "='" + value + "' is not a whole number");
    }
  }

  private static String text(Map<String, ?> map, String key) {
    return required(map, key).toString();
  }

  private static Object required(Map<String, ?> map, String key) {
    Object value = map.get(key);
    if (value == null) {
      throw invalid(map, "key '" + key + "' is missing");
    }
    return value;
  }

  private static CdcException invalid(Map<String, ?> map, String problem) {
    return new CdcException(ErrorCode.INVALID_POSITION, "Stored position " + map + ": " + problem);
  }
}
