package dev.redoline.core;

import dev.redoline.core.internal.Checks;

/**
 * An Oracle transaction id: undo segment number, slot and sequence.
 *
 * <p>LogMiner's {@code XID} column is {@code RAW(8)}: the struct {@code {ub2 usn, ub2 slot, ub4
 * sqn}} in the platform's byte order, little-endian on x86. USN 10, slot 11, sequence 855 is the
 * bytes {@code 0a 00 0b 00 57 03 00 00}, shown as hex {@code 0a000b0057030000}.
 *
 * <p>Undo rows of a transaction that began in an earlier mining session may carry the sequence
 * {@code ffffffff} ({@link #UNKNOWN_SEQUENCE}): such an id {@linkplain #matches matches} any
 * transaction in the same undo slot.
 *
 * <pre>{@code
 * Xid xid = Xid.parseHex("0a000b0057030000");
 * assert xid.equals(new Xid(10, 11, 855));
 * assert Xid.parseHex("0a000b00ffffffff").matches(xid);
 * }</pre>
 *
 * @param usn the undo segment number, 0 to 65535
 * @param slot the slot in the undo segment's transaction table, 0 to 65535
 * @param sequence the slot's wrap sequence, unsigned 32-bit; {@link #UNKNOWN_SEQUENCE} when
 *     LogMiner does not know it
 */
public record Xid(int usn, int slot, long sequence) {

  /** The sequence LogMiner reports as {@code ffffffff} when it does not know it. */
  public static final long UNKNOWN_SEQUENCE = 0xFFFF_FFFFL;

  public Xid {
    Checks.argument(usn >= 0 && usn <= 0xFFFF, "usn must be in [0, 65535]: %s", usn);
    Checks.argument(slot >= 0 && slot <= 0xFFFF, "slot must be in [0, 65535]: %s", slot);
    Checks.argument(
        sequence >= 0 && sequence <= UNKNOWN_SEQUENCE,
        "sequence must be in [0, 4294967295]: %s",
        sequence);
  }

  /**
   * Reads the little-endian {@code RAW(8)} form.
   *
   * @throws IllegalArgumentException if {@code raw} is not 8 bytes long
   */
  public static Xid fromRaw(byte[] raw) {
    Checks.notNull(raw, "raw");
    Checks.argument(raw.length == 8, "An XID is RAW(8), got %s bytes", raw.length);
    int usn = (raw[0] & 0xFF) | (raw[1] & 0xFF) << 8;
    int slot = (raw[2] & 0xFF) | (raw[3] & 0xFF) << 8;
    long sequence =
        (raw[4] & 0xFFL) | (raw[5] & 0xFFL) << 8 | (raw[6] & 0xFFL) << 16 | (raw[7] & 0xFFL) << 24;
    return new Xid(usn, slot, sequence);
  }

  /**
   * Parses the 16-digit hex text of the {@code RAW(8)} form, as {@code "0a000b0057030000"}.
   *
   * @throws IllegalArgumentException quoting the text when it is not 16 hex digits
   */
  public static Xid parseHex(String hex) {
    Checks.notNull(hex, "hex");
    if (hex.length() != 16) {
      throw new IllegalArgumentException(
          "Not an XID: '" + hex + "' (expected 16 hex digits, e.g. 0a000b0057030000)");
    }
    byte[] raw = new byte[8];
    for (int i = 0; i < 8; i++) {
      int hi = Character.digit(hex.charAt(2 * i), 16);
      int lo = Character.digit(hex.charAt(2 * i + 1), 16);
      if (hi < 0 || lo < 0) {
        throw new IllegalArgumentException(
            "Not an XID: '" + hex + "' (not a hex digit at position " + (2 * i) + ")");
      }
      raw[i] = (byte) (hi << 4 | lo);
    }
    return fromRaw(raw);
  }

  /** The little-endian {@code RAW(8)} bytes; a new array on each call. */
  public byte[] toRaw() {
    return new byte[] {
      (byte) usn, (byte) (usn >>> 8), (byte) slot, (byte) (slot >>> 8),
      (byte) sequence, (byte) (sequence >>> 8), (byte) (sequence >>> 16), (byte) (sequence >>> 24)
    };
  }

  /** The 16 lower-case hex digits of {@link #toRaw()}. */
  public String toHex() {
    StringBuilder sb = new StringBuilder(16);
    for (byte b : toRaw()) {
      sb.append(Character.forDigit((b >>> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
    }
    return sb.toString();
  }

  /** Whether LogMiner reported this id without its sequence ({@code ffffffff}). */
  public boolean hasUnknownSequence() {
    return sequence == UNKNOWN_SEQUENCE;
  }

  /** This id's undo slot with {@link #UNKNOWN_SEQUENCE}: the key undo rows may arrive under. */
  public Xid slotOnly() {
    return hasUnknownSequence() ? this : new Xid(usn, slot, UNKNOWN_SEQUENCE);
  }

  /**
   * Whether this id names the same transaction as {@code other}: equal, or in the same undo slot
   * when either has an unknown sequence.
   */
  public boolean matches(Xid other) {
    if (usn != other.usn || slot != other.slot) {
      return false;
    }
    return sequence == other.sequence || hasUnknownSequence() || other.hasUnknownSequence();
  }

  /** The hex form, as connectors show XIDs. */
  @Override
  public String toString() {
    return toHex();
  }
}
