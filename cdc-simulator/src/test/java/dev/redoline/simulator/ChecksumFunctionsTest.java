package dev.redoline.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.Bytes;
import dev.redoline.core.OracleType;
import dev.redoline.core.OracleType.Kind;
import dev.redoline.core.TableId;
import dev.redoline.core.TableLayout;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The functions of a verification's checksum SQL evaluate as Oracle's do, where H2's namesakes
 * differ: {@code RAWTOHEX} in upper case, {@code TO_CHAR(n, 'TM9')} without a zero before the
 * decimal point, {@code STANDARD_HASH} and {@code DBMS_CRYPTO.HASH} as the standard digests of the
 * value's bytes (MD5 of {@code abc} is the RFC 1321 test vector), {@code TO_NUMBER} of hex text.
 */
class ChecksumFunctionsTest {

  private final SimulatedOracle oracle = SimulatedOracle.builder().seed(5).build();
  private final TableId t =
      oracle.createTable(
          TableLayout.builder(TableId.of("APP", "T"), 1)
              .column("ID", OracleType.number(10, 0), false)
              .column("N", OracleType.of(Kind.NUMBER), true)
              .column("S", OracleType.sized(Kind.VARCHAR2, 20), true)
              .column("R", OracleType.sized(Kind.RAW, 8), true)
              .column("C", OracleType.of(Kind.CLOB), true)
              .primaryKey("ID")
              .build());

  private List<String> one(String select) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(oracle.url(), "c##redoline", "secret");
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT "
                    + select
                    + " FROM APP.T AS OF SCN "
                    + oracle.currentScn()
                    + " ORDER BY \"ID\"")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  @Test
  void functions_evaluateAsOracleDoes() throws SQLException {
    SimulatedTransaction tx = oracle.begin();
    tx.insert(
        t, 1L, new BigDecimal("-0.5"), "abc", Bytes.of(new byte[] {0x0a, (byte) 0xff}), "abc");
    tx.insert(t, 2L, new BigDecimal("1.50"), "é", null, null);
    tx.commit();

    assertThat(one("TO_CHAR(\"N\", 'TM9')")).containsExactly("-.5", "1.5");
    assertThat(one("RAWTOHEX(\"R\")")).containsExactly("0AFF", null);
    assertThat(one("RAWTOHEX(STANDARD_HASH(\"S\", 'MD5'))"))
        .containsExactly("900150983CD24FB0D6963F7D28E17F72", md5Hex("é")); // é as UTF-8, C3 A9
    assertThat(one("RAWTOHEX(DBMS_CRYPTO.HASH(\"C\", 2))"))
        .containsExactly("900150983CD24FB0D6963F7D28E17F72", null);
    assertThat(one("RAWTOHEX(STANDARD_HASH(\"R\", 'MD5'))").get(0))
        .isEqualTo(md5Hex(new byte[] {0x0a, (byte) 0xff}));
    assertThat(
            one("TO_NUMBER(SUBSTR('900150983CD24FB0D6963F7D28E17F72', 1, 15), 'XXXXXXXXXXXXXXX')"))
        .containsOnly(Long.toString(0x900150983CD24FBL));
  }

  private static String md5Hex(String text) {
    return md5Hex(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static String md5Hex(byte[] bytes) {
    try {
      return java.util.HexFormat.of()
          .withUpperCase()
          .formatHex(java.security.MessageDigest.getInstance("MD5").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
