package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class VectorValueTest {

  /** ojdbc11 23.26's {@code VECTOR.ofFloat32Values(new float[] {1.5f, -2f, 0f}).getBytes()}. */
  private static final String FLOAT32_IMAGE =
      "db00001202000000030000000000000000bfc000003fffffff80000000";

  /** ojdbc11 23.26's {@code VECTOR.ofBinaryValues(new byte[] {(byte) 0xA5, 1}).getBytes()}. */
  private static final String BINARY_IMAGE = "db01001005000000100000000000000000a501";

  @Test
  void fromImage_readsTheDriversFloat32Image() {
    VectorValue v = VectorValue.fromImage(Bytes.fromHex(FLOAT32_IMAGE).toByteArray());
    assertThat(v.format()).isEqualTo(VectorValue.Format.FLOAT32);
    assertThat(v.toDoubleArray()).containsExactly(1.5, -2.0, 0.0);
    assertThat(v).isEqualTo(VectorValue.ofFloat32(1.5f, -2f, 0f));
  }

  @Test
  void toImage_writesWhatTheDriverWrites() {
    assertThat(Bytes.of(VectorValue.ofFloat32(1.5f, -2f, 0f).toImage()).toHex())
        .isEqualTo(FLOAT32_IMAGE);
    assertThat(Bytes.of(VectorValue.ofBinary((byte) 0xA5, (byte) 1).toImage()).toHex())
        .isEqualTo(BINARY_IMAGE);
  }

  @Test
  void image_roundTripsEveryFormat() {
    for (VectorValue v :
        new VectorValue[] {
          VectorValue.ofFloat64(-0.0, Double.MAX_VALUE, 1e-300),
          VectorValue.ofInt8((byte) -128, (byte) 0, (byte) 127),
          VectorValue.ofFloat32(),
          VectorValue.ofBinary((byte) 0x80)
        }) {
      assertThat(VectorValue.fromImage(v.toImage())).isEqualTo(v);
    }
  }

  @Test
  void binary_bitsReadFromTheHighBitFirst() {
    VectorValue v = VectorValue.fromImage(Bytes.fromHex(BINARY_IMAGE).toByteArray());
    assertThat(v.dimensions()).isEqualTo(16);
    assertThat(v.get(0)).isEqualTo(1.0);
    assertThat(v.get(1)).isEqualTo(0.0);
    assertThat(v.get(15)).isEqualTo(1.0);
    assertThat(v.toPackedBits()).containsExactly((byte) 0xA5, (byte) 1);
  }

  @Test
  void fromImage_refusesBrokenImagesWithoutValues() {
    assertThatThrownBy(() -> VectorValue.fromImage(new byte[] {1, 2})).hasMessageContaining("db");
    String sparse = "db02003202000000030000000000000000";
    assertThatThrownBy(() -> VectorValue.fromImage(Bytes.fromHex(sparse).toByteArray()))
        .hasMessageContaining("sparse");
    String truncated = FLOAT32_IMAGE.substring(0, FLOAT32_IMAGE.length() - 8);
    assertThatThrownBy(() -> VectorValue.fromImage(Bytes.fromHex(truncated).toByteArray()))
        .hasMessageContaining("12 value bytes, not 8");
    String badFormat = "db00001209000000010000000000000000ff";
    assertThatThrownBy(() -> VectorValue.fromImage(Bytes.fromHex(badFormat).toByteArray()))
        .hasMessageContaining("9");
  }

  @Test
  void toString_isTheVectorText() {
    assertThat(VectorValue.ofFloat32(42.5f, 0.1f).toString()).isEqualTo("[42.5,0.1]");
    assertThat(VectorValue.ofFloat64(0.1, -2).toString()).isEqualTo("[0.1,-2.0]");
    assertThat(VectorValue.ofInt8((byte) -3, (byte) 4).toString()).isEqualTo("[-3,4]");
    assertThat(VectorValue.ofBinary((byte) 0xA5, (byte) 1).toString()).isEqualTo("[165,1]");
  }
}
