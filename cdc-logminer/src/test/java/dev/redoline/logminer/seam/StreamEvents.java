package dev.redoline.logminer.seam;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * For tests that look at a stream change by change: a polled batch with each transaction read out
 * into its change events, in order (and closed), the other events as they came.
 */
public final class StreamEvents {

  private StreamEvents() {}

  public static List<StreamEvent> flatten(List<StreamEvent> batch) {
    List<StreamEvent> out = new ArrayList<>(batch.size());
    for (StreamEvent event : batch) {
      if (event instanceof StreamEvent.TransactionEvent tx) {
        try (tx) {
          for (Iterator<StreamEvent.ChangeEvent> it = tx.changes(); it.hasNext(); ) {
            out.add(it.next());
          }
        }
      } else {
        out.add(event);
      }
    }
    return out;
  }
}
