package dev.redoline.buffer.internal;

import dev.redoline.core.CdcException;
import dev.redoline.core.Change;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.ChangeSequence;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * A {@link TransactionJournal} in a local directory, for the embedded engine: one append-only file
 * per transaction ({@code <xid>.journal}, owner-only), made of CRC32C-checksummed frames.
 *
 * <pre>{@code
 * TransactionJournal journal = FileTransactionJournal.open(Path.of("/var/lib/redoline/journal"));
 * }</pre>
 *
 * <p>Frames: {@code F} (format version), {@code H} (transaction information), then per append any
 * number of {@code C} (a change) and {@code R} (a removal) followed by one {@code M} (the address
 * the append reaches), synced before {@link #append} returns. {@link #load()} keeps what ends with
 * an {@code M}: frames after the last one are a torn append and are cut off at the next append. A
 * checksum mismatch anywhere is CDC-2102.
 */
public final class FileTransactionJournal implements TransactionJournal {

  private static final String SUFFIX = ".journal";
  private static final int VERSION = 1;
  private static final int FORMAT = 'F';
  private static final int HEADER = 'H';
  private static final int CHANGE = 'C';
  private static final int REMOVAL = 'R';
  private static final int MARK = 'M';

  private final Path directory;
  private final Map<Xid, Long> validLength = new HashMap<>();
  private final ByteWriter scratch = new ByteWriter(512);

  private FileTransactionJournal(Path directory) {
    this.directory = directory;
  }

  /**
   * A journal in {@code directory}, created owner-only ({@code rwx------}) when missing.
   *
   * @throws CdcException CDC-2104 when the directory cannot be created
   */
  public static FileTransactionJournal open(Path directory) {
    Objects.requireNonNull(directory, "directory == null");
    try {
      FrameWriter.createOwnerOnlyDirectory(directory);
    } catch (IOException e) {
      throw storageFailed(directory, "cannot create the journal directory: " + e, e);
    }
    return new FileTransactionJournal(directory);
  }

  @Override
  public void append(JournalEntry entry) {
    Objects.requireNonNull(entry, "entry == null");
    Xid xid = entry.transaction().xid();
    Path file = file(xid);
    try {
      Long length = validLength.get(xid);
      if (length == null && Files.exists(file)) {
        // A file without a complete append (a crash or a stop inside the first one, down to an
        // empty file) holds nothing: it is written again from its start, header first, or the
        // appends after it would make a file that no load reads.
        Scan scan = scan(file);
        length = scan.upTo == null ? 0L : scan.validLength;
      }
      boolean fresh = length == null || length == 0L;
      try (FrameWriter writer =
          length == null
              ? FrameWriter.create(file, 65536)
              : FrameWriter.append(file, 65536, length)) {
        if (fresh) {
          writeHeader(writer, entry.transaction());
        }
        for (Change change : entry.changes()) {
          frame(CHANGE);
          ChangeCodec.write(change, scratch);
          writer.append(scratch);
        }
        for (JournalEntry.Removal removal : entry.removed()) {
          frame(REMOVAL);
          ChangeCodec.writeAddress(removal.address(), scratch);
          scratch.putInt(removal.ssn());
          ChangeCodec.writeNullableString(
              removal.rowId(), scratch); // absent in files of earlier versions
          writer.append(scratch);
        }
        frame(MARK);
        ChangeCodec.writeAddress(entry.upTo(), scratch);
        writer.append(scratch);
        writer.force();
        validLength.put(xid, writer.size());
      }
    } catch (IOException e) {
      throw storageFailed(file, "cannot append: " + e, e);
    }
  }

  private void frame(int type) {
    scratch.reset();
    scratch.putByte(type);
  }

  private void writeHeader(FrameWriter writer, TransactionInfo info) throws IOException {
    frame(FORMAT);
    scratch.putInt(VERSION);
    writer.append(scratch);
    frame(HEADER);
    JournalCodec.writeInfo(info, scratch);
    writer.append(scratch);
  }

  @Override
  public List<JournaledTransaction> load() {
    List<JournaledTransaction> result = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*" + SUFFIX)) {
      for (Path file : files) {
        Scan scan = scan(file);
        if (scan.info == null || scan.upTo == null) {
          continue; // the first append never completed: nothing was journaled
        }
        validLength.put(scan.info.xid(), scan.validLength);
        result.add(
            new JournaledTransaction(
                scan.info,
                scan.upTo,
                new JournalSequence(
                    file, scan.validLength, scan.changes - scan.removals.size(), scan.removals)));
      }
    } catch (IOException e) {
      throw storageFailed(directory, "cannot list the journal directory: " + e, e);
    }
    return result;
  }

  @Override
  public void remove(Xid xid) {
    Objects.requireNonNull(xid, "xid == null");
    validLength.remove(xid);
    try {
      Files.deleteIfExists(file(xid));
    } catch (IOException e) {
      throw storageFailed(file(xid), "cannot delete: " + e, e);
    }
  }

  private Path file(Xid xid) {
    return directory.resolve(xid.toHex() + SUFFIX);
  }

  // One pass over a file: header, counts and removals up to the last complete append.
  private static Scan scan(Path file) throws IOException {
    Scan scan = new Scan();
    long changes = 0;
    Set<JournalEntry.Removal> removals = new HashSet<>();
    try (FrameReader reader = FrameReader.open(file, 0)) {
      ByteReader frame;
      while ((frame = nextOrTorn(reader)) != null) {
        int type = frame.getByte();
        if (type == FORMAT) {
          int version = frame.getInt();
          if (version != VERSION) {
            throw corrupt(file, "unknown format version " + version, null);
          }
        } else if (type == HEADER) {
          scan.info = JournalCodec.readInfo(frame);
        } else if (type == CHANGE) {
          changes++;
        } else if (type == REMOVAL) {
          removals.add(
              new JournalEntry.Removal(
                  ChangeCodec.readAddress(frame),
                  frame.getInt(),
                  frame.hasRemaining() ? ChangeCodec.readNullableString(frame) : null));
        } else if (type == MARK) {
          scan.upTo = ChangeCodec.readAddress(frame);
          scan.validLength = reader.offset();
          scan.changes = changes;
          scan.removals = Set.copyOf(removals);
        } else {
          throw corrupt(file, "unknown frame type " + type, null);
        }
      }
    } catch (FrameFormatException e) {
      throw corrupt(file, e.getMessage(), e);
    }
    return scan;
  }

  private static ByteReader nextOrTorn(FrameReader reader) throws IOException {
    try {
      return reader.next();
    } catch (FrameReader.TornFrameException e) {
      return null; // a torn last append; it ends after the last mark, so nothing is lost
    }
  }

  /** An entry that does not read as written: CDC-2102. */
  private static CdcException corrupt(Path file, String what, Throwable cause) {
    return new CdcException(ErrorCode.JOURNAL_CORRUPT, "journal file " + file + ": " + what, cause);
  }

  /**
   * A file or directory the journal cannot create, write or read (no space, no permission):
   * CDC-2104.
   */
  private static CdcException storageFailed(Path file, String what, Throwable cause) {
    return new CdcException(
        ErrorCode.LOCAL_STORAGE_FAILED, "journal file " + file + ": " + what, cause);
  }

  private static final class Scan {
    TransactionInfo info;
    RedoAddress upTo;
    long validLength;
    long changes;
    Set<JournalEntry.Removal> removals = Set.of();
  }

  /** The live changes of one journal file, streamed; removals applied. */
  private static final class JournalSequence implements ChangeSequence {
    private final Path file;
    private final long validLength;
    private final long size;
    private final Set<JournalEntry.Removal> removals;

    JournalSequence(Path file, long validLength, long size, Set<JournalEntry.Removal> removals) {
      this.file = file;
      this.validLength = validLength;
      this.size = size;
      this.removals = removals;
    }

    @Override
    public long size() {
      return size;
    }

    @Override
    public Iterator<Change> iterator() {
      FrameReader reader;
      try {
        reader = FrameReader.open(file, 0);
      } catch (IOException e) {
        throw storageFailed(file, "cannot open: " + e, e);
      }
      return new Iterator<>() {
        private Change next;
        private long yielded;
        private boolean ended;

        @Override
        public boolean hasNext() {
          if (next == null && !ended) {
            next = advance();
          }
          return next != null;
        }

        private Change advance() {
          try {
            while (reader.offset() < validLength) {
              ByteReader frame = reader.next();
              if (frame == null) {
                break;
              }
              if (frame.getByte() == CHANGE) {
                Change change = ChangeCodec.read(frame);
                if (!JournalEntry.Removal.removes(removals, change)) {
                  yielded++;
                  return change;
                }
              }
            }
            ended = true;
            reader.close();
          } catch (FrameFormatException e) {
            ended = true;
            throw corrupt(file, "cannot read: " + e.getMessage(), e);
          } catch (IOException e) {
            ended = true;
            throw storageFailed(file, "cannot read: " + e, e);
          }
          if (yielded != size) {
            throw corrupt(file, "holds " + yielded + " live changes, its frames say " + size, null);
          }
          return null;
        }

        @Override
        public Change next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          Change result = next;
          next = null;
          return result;
        }
      };
    }
  }
}
