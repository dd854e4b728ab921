package dev.redoline.logminer.internal;

import java.util.Objects;

/**
 * One row of {@code V$ARCHIVE_DEST_STATUS}.
 *
 * @param destId DEST_ID (1 to 31)
 * @param name DEST_NAME, e.g. {@code LOG_ARCHIVE_DEST_1}
 * @param status STATUS, e.g. {@code VALID} or {@code ERROR}
 * @param type TYPE, e.g. {@code LOCAL}
 */
public record ArchiveDestination(int destId, String name, String status, String type) {

  public ArchiveDestination {
    Objects.requireNonNull(name, "name == null");
    Objects.requireNonNull(status, "status == null");
    Objects.requireNonNull(type, "type == null");
  }

  /** STATUS='VALID' AND TYPE='LOCAL': where connectors read archives from. */
  public boolean usableLocal() {
    return status.equals("VALID") && type.equals("LOCAL");
  }
}
