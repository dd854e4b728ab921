package dev.redoline.logminer;

/**
 * The capture engine's metrics over JMX, registered as {@code
 * dev.redoline:type=CaptureEngine,name=<cdc.topic.prefix>} while a stream is open.
 */
public interface CaptureMXBean {

  long getSteps();

  long getRowsMined();

  long getRedoCharactersMined();

  long getRemines();

  long getReconnects();

  long getLastStepMillis();

  long getLastDecodeMillis();

  int getWindowLogs();

  long getSessionAgeMillis();

  int getSessionRestarts();

  /** SCNs between CURRENT_SCN and the end of the last step. */
  long getScnLag();

  /** How far the last applied redo row is behind the engine's clock, in milliseconds. */
  long getMillisBehind();

  int getQueuedChanges();

  int getOpenTransactions();

  long getBufferedBytesInMemory();

  long getBufferedBytesOnDisk();

  long getOldestOpenTransactionMillis();

  int getSpilledTransactions();

  int getJournaledTransactions();

  long getOrphans();

  long getPartialRollbacks();

  /** How long the last LogMiner query took to run and be read in full, in milliseconds. */
  long getLastQueryMillis();

  /** The most log switches any redo thread has made since the capture's cursor on it. */
  long getLogsBehind();

  /**
   * Redo bytes written after the capture's cursor, all threads together; -1 when a log's size is
   * unknown.
   */
  long getBytesBehind();

  /** Per redo thread, {@code <thread>: <cursor address>}: where the capture has read up to. */
  String[] getThreadPositions();
}
