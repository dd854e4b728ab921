package dev.redoline.logminer.internal.jdbc;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverPropertyInfo;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class JdbcDriversTest {

  /**
   * The in-process simulator's driver in a Connect plugin whose lib/ lacks H2 fails to load
   * org.h2.Driver as it connects. That is a typed setup error naming the class and the fix, never a
   * NoClassDefFoundError that a worker answers with HTTP 500.
   */
  @Test
  void aDriverMissingAClassItNeeds_isCdc4091NamingTheClassAndTheTrialArchive() {
    Driver lacksH2 =
        new Driver() {
          @Override
          public Connection connect(String url, Properties info) {
            throw new NoClassDefFoundError("org/h2/Driver");
          }

          @Override
          public boolean acceptsURL(String url) {
            return url.startsWith("jdbc:redoline:sim:");
          }

          @Override
          public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
            return new DriverPropertyInfo[0];
          }

          @Override
          public int getMajorVersion() {
            return 1;
          }

          @Override
          public int getMinorVersion() {
            return 0;
          }

          @Override
          public boolean jdbcCompliant() {
            return false;
          }

          @Override
          public Logger getParentLogger() {
            return Logger.getGlobal();
          }
        };
    assertThatThrownBy(
            () -> JdbcDrivers.connect("jdbc:redoline:sim:demo", new Properties(), List.of(lacksH2)))
        .isInstanceOfSatisfying(
            CdcException.class,
            e ->
                org.assertj.core.api.Assertions.assertThat(e.errorCode())
                    .isEqualTo(ErrorCode.DRIVER_CLASS_MISSING))
        .hasMessageStartingWith("CDC-4091 ")
        .hasMessageContaining("cdc.database.url='jdbc:redoline:sim:demo'")
        .hasMessageContaining("org.h2.Driver")
        .hasMessageContaining("redoline-connect-trial");
  }
}
