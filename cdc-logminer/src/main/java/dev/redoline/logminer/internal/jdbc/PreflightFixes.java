package dev.redoline.logminer.internal.jdbc;

import dev.redoline.core.CdcConfig;
import dev.redoline.core.ConfigKey;
import dev.redoline.core.TableId;
import java.util.List;
import java.util.Locale;

/**
 * The statements and settings that fix what {@link Preflight} finds, spelled as a DBA runs them
 * ({@link dev.redoline.logminer.PreflightProblem#fix()}).
 *
 * <p>Grants on the dynamic performance views name their base views ({@code V$THREAD} is granted as
 * {@code SYS.V_$THREAD}: a GRANT on the public synonym fails with ORA-02030). A common user ({@code
 * C##...}) of a container database needs its grants in every container, hence {@code
 * CONTAINER=ALL}.
 */
public final class PreflightFixes {

  private PreflightFixes() {}

  /** The GRANT of a privilege as {@link PreflightProbe#missingPrivileges()} names it. */
  static String grant(String missing, String user) {
    int on = missing.toUpperCase(Locale.ROOT).indexOf(" ON ");
    if (on < 0) {
      return "GRANT " + missing + " TO " + user + container(user) + ";";
    }
    String privilege = missing.substring(0, on).toUpperCase(Locale.ROOT);
    return "GRANT "
        + privilege
        + " ON "
        + grantable(missing.substring(on + 4).trim())
        + " TO "
        + user
        + container(user)
        + ";";
  }

  /** The SELECT grants that let {@code user} read {@code views} ("V$LOG and V$LOGFILE"). */
  static String grantSelect(String views, String user) {
    StringBuilder fix = new StringBuilder();
    for (String view : views.split(" and ")) {
      if (fix.length() > 0) {
        fix.append(' ');
      }
      fix.append(grant("SELECT on " + view.trim(), user));
    }
    return fix.toString();
  }

  /** {@code V$X} and {@code GV$X} as a GRANT names them; other objects unchanged. */
  static String grantable(String object) {
    String name = object.toUpperCase(Locale.ROOT);
    if (name.startsWith("V$") || name.startsWith("GV$")) {
      return "SYS." + name.replace("$", "_$");
    }
    return name;
  }

  private static String container(String user) {
    return user.toUpperCase(Locale.ROOT).startsWith("C##") ? " CONTAINER=ALL" : "";
  }

  static final String ARCHIVELOG =
      "SHUTDOWN IMMEDIATE; STARTUP MOUNT; ALTER DATABASE ARCHIVELOG; ALTER DATABASE OPEN;";

  static final String MINIMAL_LOGGING = "ALTER DATABASE ADD SUPPLEMENTAL LOG DATA;";

  static final String FORCE_LOGGING = "ALTER DATABASE FORCE LOGGING;";

  /** The table's ALL COLUMN log group, run in the table's PDB when it has one. */
  static String allColumnLogging(TableId table) {
    String alter =
        "ALTER TABLE " + unqualified(table) + " ADD SUPPLEMENTAL LOG DATA (ALL) COLUMNS;";
    return table.pdb() == null
        ? alter
        : "ALTER SESSION SET CONTAINER=" + table.pdb() + "; " + alter;
  }

  /** The GRANT of FLASHBACK on each table, or the setting that needs none. */
  static String flashback(List<TableId> tables, String user) {
    StringBuilder fix = new StringBuilder();
    for (TableId table : tables) {
      fix.append("GRANT FLASHBACK ON ")
          .append(unqualified(table))
          .append(" TO ")
          .append(user)
          .append("; ");
    }
    return fix
        + "or GRANT FLASHBACK ANY TABLE TO "
        + user
        + "; or "
        + setting(CdcConfig.SNAPSHOT_MODE, "no_data");
  }

  static String openPdb(String pdb) {
    return "ALTER PLUGGABLE DATABASE " + pdb + " OPEN;";
  }

  public static String containerData(String user) {
    return "ALTER USER " + user + " SET CONTAINER_DATA=ALL CONTAINER=CURRENT;";
  }

  public static String setting(ConfigKey<?> key, String value) {
    return key.name() + "=" + value;
  }

  private static String unqualified(TableId table) {
    return TableId.of(table.owner(), table.table()).quoted();
  }
}
