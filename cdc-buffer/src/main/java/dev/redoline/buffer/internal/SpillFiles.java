package dev.redoline.buffer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.io.IOException;
import java.nio.file.Path;

/** The typed errors of spill files, each naming the file and never a column value. */
final class SpillFiles {

  /** File name suffix of spill files; files with it are removed when a buffer opens. */
  static final String SUFFIX = ".spill";

  private SpillFiles() {}

  static CdcException corrupt(Path file, String what) {
    return new CdcException(ErrorCode.SPILL_FILE_CORRUPT, "spill file " + file + ": " + what);
  }

  static CdcException io(Path file, String action, IOException e) {
    return new CdcException(
        ErrorCode.LOCAL_STORAGE_FAILED, "cannot " + action + " spill file " + file + ": " + e, e);
  }
}
