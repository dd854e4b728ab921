package dev.redoline.logminer;

/**
 * One redo thread of a capture over JMX, registered as {@code
 * dev.redoline:type=RedoThread,name=<cdc.topic.prefix>,thread=<THREAD#>} while a stream is open:
 * where the capture's cursor is on the thread and how much redo the thread has written after it, as
 * of the last step.
 */
public interface RedoThreadMXBean {

  /** The log sequence of the cursor (the last record applied); 0 before the first. */
  long getSequence();

  /** The redo block of the cursor in its log. */
  long getBlock();

  /** Log switches between the cursor's log and the thread's current log. */
  long getLogsBehind();

  /** Redo bytes the thread has written after the cursor; -1 when a log's size is not listed. */
  long getBytesBehind();
}
