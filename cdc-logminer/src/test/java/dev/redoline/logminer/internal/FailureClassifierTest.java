package dev.redoline.logminer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.CdcException;
import dev.redoline.core.ErrorCode;
import dev.redoline.logminer.internal.Failure.Action;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import org.junit.jupiter.api.Test;

class FailureClassifierTest {

  private static SQLException ora(int code, String text) {
    return new SQLException(
        String.format(
            "ORA-%05d: %s%nORA-06512: at \"SYS.DBMS_LOGMNR\", line 58%nORA-06512: at line 1",
            code, text),
        "99999",
        code);
  }

  @Test
  void classify_onlineLogReusedRemines() {
    Failure f =
        FailureClassifier.classify(
            new SQLException(
                "ORA-00310: archived log contains sequence 7; sequence 6 required\n"
                    + "ORA-00334: archived log: '/redo/g1.log'",
                "64000",
                310));
    assertThat(f.action()).isEqualTo(Action.REMINE);
    assertThat(f.code()).isEqualTo(ErrorCode.REMINE_STEP);
    assertThat(f.detail())
        .isEqualTo(
            "ORA-00310: archived log contains sequence 7; sequence 6 required\n"
                + "ORA-00334: archived log: '/redo/g1.log'");
  }

  @Test
  void classify_connectionLossReconnects() {
    assertThat(
            FailureClassifier.classify(
                    new SQLRecoverableException("IO Error: Connection reset", "08006", 17002))
                .action())
        .isEqualTo(Action.RECONNECT);
    assertThat(FailureClassifier.classify(ora(28, "your session has been killed")).code())
        .isEqualTo(ErrorCode.TRANSIENT_DATABASE_ERROR);
    assertThat(
            FailureClassifier.classify(new RuntimeException(new IOException("broken pipe")))
                .action())
        .isEqualTo(Action.RECONNECT);
    assertThat(
            FailureClassifier.classify(new SQLRecoverableException("unknown", "08000", 0)).action())
        .isEqualTo(Action.RECONNECT);
  }

  @Test
  void classify_timeoutShrinksWindow() {
    assertThat(
            FailureClassifier.classify(ora(1013, "user requested cancel of current operation"))
                .action())
        .isEqualTo(Action.SHRINK_WINDOW);
  }

  @Test
  void classify_unknownOraStopsWithCodeInMessage() {
    Failure f = FailureClassifier.classify(ora(12345, "something new"));
    assertThat(f.action()).isEqualTo(Action.STOP);
    assertThat(f.code()).isEqualTo(ErrorCode.UNCLASSIFIED_ORACLE_ERROR);
    assertThat(f.oraCode()).isEqualTo(12345);
    assertThat(f.toException().getMessage()).contains("ORA-12345: something new");
  }

  @Test
  void classify_oraInWrappedMessage() {
    SQLException wrapped =
        new SQLException(
            "ORA-00603: ORACLE server session terminated by fatal error\n"
                + "ORA-27102: out of memory\nORA-04030: out of process memory");
    assertThat(FailureClassifier.classify(wrapped).action()).isEqualTo(Action.RECONNECT);
    assertThat(FailureClassifier.oraCode(new RuntimeException("x", ora(1291, "missing logfile"))))
        .isEqualTo(1291);
  }

  @Test
  void errorChains_theFirstCodeBeyondTheWrappersDecides() {
    Failure sharedPool =
        FailureClassifier.classify(
            new SQLException(
                "ORA-00604: error occurred at recursive SQL "
                    + "level 1\nORA-04031: unable to allocate 4160 bytes of shared memory (\"shared pool\",\"x\")",
                "60000",
                604));
    assertThat(sharedPool.action()).isEqualTo(Action.RECONNECT);
    assertThat(sharedPool.oraCode()).isEqualTo(4031);
    assertThat(
            FailureClassifier.classify(
                    new SQLException(
                        "ORA-00604: error occurred at recursive SQL level 1\n"
                            + "ORA-01031: insufficient privileges",
                        "60000",
                        604))
                .code())
        .isEqualTo(ErrorCode.MISSING_PRIVILEGE);
    // Only a wrapper, or an unknown code under one: never retried blindly.
    Failure alone = FailureClassifier.classify(ora(604, "error occurred at recursive SQL level 2"));
    assertThat(alone.code()).isEqualTo(ErrorCode.UNCLASSIFIED_ORACLE_ERROR);
    assertThat(alone.oraCode()).isEqualTo(604);
    assertThat(
            FailureClassifier.classify(
                    new SQLException(
                        "ORA-00604: error occurred at recursive SQL level 1\n" + "ORA-29999: new",
                        "60000",
                        604))
                .oraCode())
        .isEqualTo(29999);
    for (int code : new int[] {1092, 12528, 12516, 12519, 12520, 12537, 12170, 18, 20, 25408}) {
      Failure f =
          FailureClassifier.classify(
              new SQLException(String.format("ORA-%05d: x", code), "08006", code));
      assertThat(f.action()).as("ORA-%05d", code).isEqualTo(Action.RECONNECT);
      assertThat(f.code()).isEqualTo(ErrorCode.TRANSIENT_DATABASE_ERROR);
    }
  }

  @Test
  void classify_internalErrorRetriesOnlyKnownArguments() {
    assertThat(
            FailureClassifier.classify(
                    ora(600, "internal error code, arguments: [krvrdGetUID], [2]"))
                .action())
        .isEqualTo(Action.REMINE);
    assertThat(
            FailureClassifier.classify(ora(600, "internal error code, arguments: [kdli_iread]"))
                .action())
        .isEqualTo(Action.STOP);
  }

  @Test
  void classify_setupErrorsStopWithSetupCodes() {
    assertThat(FailureClassifier.classify(ora(1031, "insufficient privileges")).code())
        .isEqualTo(ErrorCode.MISSING_PRIVILEGE);
    assertThat(FailureClassifier.classify(ora(942, "table or view does not exist")).code())
        .isEqualTo(ErrorCode.MISSING_PRIVILEGE);
    assertThat(FailureClassifier.classify(ora(1347, "supplemental log data not found")).code())
        .isEqualTo(ErrorCode.SUPPLEMENTAL_LOGGING_MISSING);
  }

  @Test
  void classify_cdcExceptionKeepsItsCode() {
    CdcException purged = new CdcException(ErrorCode.LOG_PURGED, "thread 1 sequence 9");
    Failure f = FailureClassifier.classify(purged);
    assertThat(f.action()).isEqualTo(Action.STOP);
    assertThat(f.toException()).isSameAs(purged);
    assertThat(FailureClassifier.classify(new IllegalStateException("bug")).code())
        .isEqualTo(ErrorCode.INTERNAL_ERROR);
  }

  @Test
  void classify_corruptionIsMinedAgainButStopsAsCorruptRedo() {
    Failure f =
        FailureClassifier.classify(ora(1343, "LogMiner encountered corruption in the logstream"));
    assertThat(f.action()).isEqualTo(Action.REMINE);
    assertThat(f.code()).isEqualTo(ErrorCode.CORRUPT_REDO);
  }
}
