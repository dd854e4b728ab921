package dev.redoline.core;

import static dev.redoline.core.OracleType.UNSPECIFIED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.OracleType.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

class OracleTypeTest {

  @Test
  void parse_dictionaryForms() {
    assertThat(OracleType.parse("NUMBER")).isEqualTo(OracleType.number(UNSPECIFIED, UNSPECIFIED));
    assertThat(OracleType.parse("number(10, 2)")).isEqualTo(OracleType.number(10, 2));
    assertThat(OracleType.parse("NUMBER(10)")).isEqualTo(OracleType.number(10, 0));
    assertThat(OracleType.parse("INTEGER")).isEqualTo(OracleType.number(38, 0));
    assertThat(OracleType.parse("NUMBER(*,0)")).isEqualTo(OracleType.number(UNSPECIFIED, 0));
    assertThat(OracleType.parse("VARCHAR2(100 CHAR)"))
        .isEqualTo(OracleType.sized(Kind.VARCHAR2, 100));
    assertThat(OracleType.parse("CHAR")).isEqualTo(OracleType.sized(Kind.CHAR, 1));
    assertThat(OracleType.parse("TIMESTAMP(6) WITH TIME ZONE"))
        .isEqualTo(OracleType.timestamp(Kind.TIMESTAMP_TZ, 6));
    assertThat(OracleType.parse("TIMESTAMP(3) WITH LOCAL TIME ZONE"))
        .isEqualTo(OracleType.timestamp(Kind.TIMESTAMP_LTZ, 3));
    assertThat(OracleType.parse("TIMESTAMP")).isEqualTo(OracleType.timestamp(Kind.TIMESTAMP, 6));
    assertThat(OracleType.parse("INTERVAL DAY(3) TO SECOND(2)"))
        .isEqualTo(new OracleType(Kind.INTERVAL_DS, UNSPECIFIED, 3, 2));
    assertThat(OracleType.parse("INTERVAL YEAR(4) TO MONTH").precision()).isEqualTo(4);
    assertThat(OracleType.parse("LONG RAW").kind()).isEqualTo(Kind.LONG_RAW);
    assertThat(OracleType.parse("SDO_GEOMETRY").kind()).isEqualTo(Kind.UNSUPPORTED);
    assertThat(OracleType.parse("FLOAT").precision()).isEqualTo(126);
  }

  @Test
  void toString_readsBack() {
    for (String text :
        List.of(
            "NUMBER",
            "NUMBER(10,2)",
            "NUMBER(10,0)",
            "FLOAT(63)",
            "VARCHAR2(30)",
            "NCHAR(5)",
            "RAW(16)",
            "DATE",
            "TIMESTAMP(9)",
            "TIMESTAMP(6) WITH TIME ZONE",
            "TIMESTAMP(0) WITH LOCAL TIME ZONE",
            "INTERVAL YEAR(2) TO MONTH",
            "INTERVAL DAY(2) TO SECOND(6)",
            "CLOB",
            "BLOB",
            "BINARY_DOUBLE",
            "LONG RAW",
            "XMLTYPE",
            "BOOLEAN",
            "VECTOR(768,FLOAT32)",
            "VECTOR(*,INT8)",
            "VECTOR(3,*)",
            "VECTOR(1024,BINARY)",
            "VECTOR(2,FLOAT64)",
            "VECTOR(*,*)")) {
      OracleType type = OracleType.parse(text);
      assertThat(type.toString()).isEqualTo(text);
      assertThat(OracleType.parse(type.toString())).isEqualTo(type);
    }
  }

  @Test
  void parse_oracle23aiTypes() {
    assertThat(OracleType.parse("boolean")).isEqualTo(OracleType.of(Kind.BOOLEAN));
    assertThat(OracleType.parse("VECTOR")).isEqualTo(OracleType.vector(UNSPECIFIED, UNSPECIFIED));
    assertThat(OracleType.parse("VECTOR(768, FLOAT32)")).isEqualTo(OracleType.vector(768, 32));
    assertThat(OracleType.parse("vector(*, float64)"))
        .isEqualTo(OracleType.vector(UNSPECIFIED, 64));
    assertThat(OracleType.parse("VECTOR(3)")).isEqualTo(OracleType.vector(3, UNSPECIFIED));
    assertThat(OracleType.parse("VECTOR(3, INT8, DENSE)")).isEqualTo(OracleType.vector(3, 8));
    assertThat(OracleType.parse("VECTOR(3, FLOAT32, SPARSE)").kind()).isEqualTo(Kind.UNSUPPORTED);
    assertThatThrownBy(() -> OracleType.parse("VECTOR(3, FLOAT16)"))
        .hasMessageContaining("FLOAT16");
    assertThatThrownBy(() -> OracleType.vector(3, 16)).hasMessageContaining("16");
  }

  @Test
  void isNumberOne_onlyForOneDigitScaleZero() {
    assertThat(OracleType.parse("NUMBER(1)").isNumberOne()).isTrue();
    assertThat(OracleType.parse("NUMBER(1,0)").isNumberOne()).isTrue();
    assertThat(OracleType.parse("NUMBER(2)").isNumberOne()).isFalse();
    assertThat(OracleType.parse("NUMBER(1,1)").isNumberOne()).isFalse();
    assertThat(OracleType.parse("NUMBER").isNumberOne()).isFalse();
  }

  @Test
  void isWholeNumber_onlyForDeclaredScaleZero() {
    assertThat(OracleType.number(10, 0).isWholeNumber()).isTrue();
    assertThat(OracleType.number(10, 2).isWholeNumber()).isFalse();
    assertThat(OracleType.number(UNSPECIFIED, UNSPECIFIED).isWholeNumber()).isFalse();
  }

  @Test
  void parse_rejectsMalformedWithInput() {
    assertThatThrownBy(() -> OracleType.parse("NUMBER(10")).hasMessageContaining("'NUMBER(10'");
    assertThatThrownBy(() -> OracleType.parse("TIMESTAMP(12)"))
        .hasMessageContaining("'TIMESTAMP(12)'");
    assertThatThrownBy(() -> OracleType.parse("VARCHAR2(abc)"))
        .hasMessageContaining("'VARCHAR2(abc)'");
  }
}
