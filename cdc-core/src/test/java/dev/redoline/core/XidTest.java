package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class XidTest {

  @Test
  void fromRaw_isLittleEndian() {
    byte[] raw = {0x0a, 0x00, 0x0b, 0x00, 0x57, 0x03, 0x00, 0x00};
    Xid xid = Xid.fromRaw(raw);
    assertThat(xid).isEqualTo(new Xid(10, 11, 855));
    assertThat(xid.toRaw()).containsExactly(raw);
    assertThat(xid.toHex()).isEqualTo("0a000b0057030000");
  }

  @Test
  void parseHex_roundTripsHighValues() {
    Xid xid = new Xid(65535, 65534, 0xFFFF_FFFEL);
    assertThat(Xid.parseHex(xid.toHex())).isEqualTo(xid);
    assertThat(Xid.parseHex("0A000B0057030000")).isEqualTo(new Xid(10, 11, 855));
  }

  @Test
  void unknownSequence_matchesSameSlotOnly() {
    Xid known = Xid.parseHex("0a000b0057030000");
    Xid unknown = Xid.parseHex("0a000b00ffffffff");
    assertThat(unknown.hasUnknownSequence()).isTrue();
    assertThat(unknown.matches(known)).isTrue();
    assertThat(known.matches(unknown)).isTrue();
    assertThat(known.slotOnly()).isEqualTo(unknown);
    assertThat(unknown.matches(Xid.parseHex("0a000c00ffffffff"))).isFalse();
    assertThat(known.matches(new Xid(10, 11, 856))).isFalse();
  }

  @Test
  void parseHex_rejectsMalformedWithInput() {
    assertThatThrownBy(() -> Xid.parseHex("0a000b00570300"))
        .hasMessage("Not an XID: '0a000b00570300' (expected 16 hex digits, e.g. 0a000b0057030000)");
    assertThatThrownBy(() -> Xid.parseHex("0a000b005703000g"))
        .hasMessageContaining("'0a000b005703000g'");
    assertThatThrownBy(() -> Xid.fromRaw(new byte[7])).hasMessageContaining("7 bytes");
  }

  @Test
  void constructor_rejectsOutOfRange() {
    assertThatThrownBy(() -> new Xid(65536, 0, 0)).hasMessageContaining("65536");
    assertThatThrownBy(() -> new Xid(0, -1, 0)).hasMessageContaining("-1");
    assertThatThrownBy(() -> new Xid(0, 0, 1L << 32)).hasMessageContaining("4294967296");
  }
}
