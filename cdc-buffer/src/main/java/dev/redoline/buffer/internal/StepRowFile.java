package dev.redoline.buffer.internal;

import dev.redoline.core.RedoRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The rows of one mining step that do not fit its memory budget, in an owner-only file {@code
 * step-<n>.spill} of the spill directory: written once in redo order, then read from the start as
 * often as the step needs (the DDL cut reads it twice), and deleted by {@link #close()}. A buffer
 * that opens on the directory deletes files left by an earlier process, as it deletes its own spill
 * files.
 *
 * <p>The rows are raw LogMiner rows, whose SQL_REDO still holds the values of excluded columns
 * (they are left out only when a row is decoded). So every frame's payload is enciphered with
 * AES/CTR under a key drawn for this file and held only on the heap: once the file is closed, or
 * the process is gone, its bytes can be read by no one, and no column value is ever in the file in
 * the clear. The frames keep the spill files' checksums ({@link FrameWriter}).
 *
 * <pre>{@code
 * try (StepRowFile file = StepRowFile.create(spillDir)) {
 *   file.append(row);
 *   try (StepRowFile.Rows rows = file.read()) {
 *     for (RedoRow r = rows.next(); r != null; r = rows.next()) { ... }
 *   }
 * }
 * }</pre>
 */
public final class StepRowFile implements AutoCloseable {

  /** How the names of step files begin. */
  static final String PREFIX = "step-";

  private static final AtomicLong FILES = new AtomicLong();
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Path path;
  private final SecretKeySpec key;
  private final IvParameterSpec iv;
  private final Cipher encipher;
  private final ByteWriter frame = new ByteWriter(4096);
  private FrameWriter writer;
  private long rows;

  private StepRowFile(Path path, FrameWriter writer) throws GeneralSecurityException {
    this.path = path;
    this.writer = writer;
    byte[] keyBytes = new byte[16];
    byte[] ivBytes = new byte[16];
    RANDOM.nextBytes(keyBytes);
    RANDOM.nextBytes(ivBytes);
    this.key = new SecretKeySpec(keyBytes, "AES");
    this.iv = new IvParameterSpec(ivBytes);
    this.encipher = cipher(Cipher.ENCRYPT_MODE);
  }

  /** Creates a new step file in {@code spillDirectory} (made owner-only when missing). */
  public static StepRowFile create(Path spillDirectory) {
    Path path = spillDirectory.resolve(PREFIX + FILES.incrementAndGet() + SpillFiles.SUFFIX);
    try {
      FrameWriter.createOwnerOnlyDirectory(spillDirectory);
      FrameWriter writer = FrameWriter.create(path, 1 << 16);
      try {
        return new StepRowFile(path, writer);
      } catch (GeneralSecurityException | RuntimeException e) {
        writer.close();
        Files.deleteIfExists(path);
        throw e;
      }
    } catch (IOException e) {
      throw SpillFiles.io(path, "create", e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES/CTR is not available in this JVM", e);
    }
  }

  /** Appends {@code row}; only before the first {@link #read()}. */
  public void append(RedoRow row) {
    if (writer == null) {
      throw new IllegalStateException("step file " + path + " is already being read");
    }
    frame.reset();
    RedoRowCodec.encode(row, frame);
    try {
      encipher.update(frame.array(), 0, frame.size(), frame.array(), 0);
      writer.append(frame);
    } catch (IOException e) {
      throw SpillFiles.io(path, "write", e);
    } catch (javax.crypto.ShortBufferException e) {
      throw new IllegalStateException("CTR output is the input's size", e);
    }
    rows++;
  }

  /** Rows appended. */
  public long rows() {
    return rows;
  }

  /** Bytes in the file, buffered ones included. */
  public long bytes() {
    return writer == null ? sizeOnDisk() : writer.size();
  }

  public Path path() {
    return path;
  }

  /** Reads the rows from the first, in the order appended; appending ends with the first call. */
  public Rows read() {
    try {
      if (writer != null) {
        writer.close();
        writer = null;
      }
      return new Rows(FrameReader.open(path, 0), cipher(Cipher.DECRYPT_MODE));
    } catch (IOException e) {
      throw SpillFiles.io(path, "read", e);
    }
  }

  /** Deletes the file; never throws for a file already gone. */
  @Override
  public void close() {
    try {
      if (writer != null) {
        writer.close();
        writer = null;
      }
    } catch (IOException ignored) {
      // the file is deleted next, what it held no longer matters
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException e) {
      throw SpillFiles.io(path, "delete", e);
    }
  }

  private long sizeOnDisk() {
    try {
      return Files.size(path);
    } catch (IOException e) {
      return 0;
    }
  }

  private Cipher cipher(int mode) {
    try {
      Cipher c = Cipher.getInstance("AES/CTR/NoPadding");
      c.init(mode, key, iv);
      return c;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES/CTR is not available in this JVM", e);
    }
  }

  /** One pass over the file's rows. */
  public final class Rows implements AutoCloseable {
    private final FrameReader frames;
    private final Cipher decipher;

    private Rows(FrameReader frames, Cipher decipher) {
      this.frames = frames;
      this.decipher = decipher;
    }

    /** The next row, or {@code null} after the last. */
    public RedoRow next() {
      try {
        ByteReader payload = frames.next();
        if (payload == null) {
          return null;
        }
        byte[] bytes = frames.payloadBytes();
        int length = payload.remaining();
        decipher.update(bytes, 0, length, bytes, 0);
        return RedoRowCodec.decode(payload);
      } catch (FrameReader.TornFrameException | FrameFormatException e) {
        throw SpillFiles.corrupt(path, e.getMessage());
      } catch (IOException e) {
        throw SpillFiles.io(path, "read", e);
      } catch (javax.crypto.ShortBufferException e) {
        throw SpillFiles.corrupt(path, e.getMessage());
      }
    }

    @Override
    public void close() {
      try {
        frames.close();
      } catch (IOException ignored) {
        // read only: nothing is lost
      }
    }
  }
}
