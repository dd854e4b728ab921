package dev.redoline.simulator;

/** What a LogMiner session does when its memory passes the limit (requirement 15). */
public enum PgaExhaustion {
  /** ORA-04036 on the next fetch; the connection survives. */
  ORA_04036,
  /** ORA-00603 / ORA-27102 / ORA-04030 on the next fetch, as a SQLRecoverableException. */
  ORA_04030,
  /**
   * The session is killed: ORA-00028 on the next fetch, then every call fails on a closed
   * connection.
   */
  KILL
}
