package dev.redoline.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {

  @Test
  void codes_areUniqueAndClassedByThousands() {
    assertThat(ErrorCode.values()).extracting(ErrorCode::number).doesNotHaveDuplicates();
    for (ErrorCode code : ErrorCode.values()) {
      assertThat(code.errorClass().digit()).isEqualTo(code.number() / 1000);
      assertThat(ErrorCode.ofCode(code.code())).isSameAs(code);
    }
    assertThat(Arrays.stream(ErrorCode.values()).map(ErrorCode::code))
        .contains("CDC-1001", "CDC-1002", "CDC-2001", "CDC-2002");
  }

  @Test
  void exception_messageCarriesCodeDetailActionAndRunbook() {
    CdcException e =
        new CdcException(
            ErrorCode.LOG_PURGED,
            "thread 1 sequence 42 (SCN 100 to 200) has STATUS 'D' at LOG_ARCHIVE_DEST_1");
    assertThat(e.getMessage())
        .isEqualTo(
            "CDC-2002 A redo log needed to continue was deleted from the archive "
                + "destination: thread 1 sequence 42 (SCN 100 to 200) has STATUS 'D' at LOG_ARCHIVE_DEST_1. Action: "
                + ErrorCode.LOG_PURGED.action()
                + " See docs/runbook.md#cdc-2002");
    assertThat(e.retriable()).isFalse();
    assertThat(new CdcException(ErrorCode.TRANSIENT_DATABASE_ERROR, "x").retriable()).isTrue();
  }

  @Test
  void decodeException_carriesWhereAndAddsRow() {
    DecodeException e =
        new DecodeException(
            ErrorCode.VALUE_NOT_CONVERTIBLE,
            "'12x' is not a NUMBER",
            TableId.of("S", "T"),
            "PRICE",
            57,
            "x".repeat(500),
            null);
    assertThat(e.excerpt()).hasSize(DecodeException.MAX_EXCERPT).endsWith("...");
    DecodeException located = e.withRow(Scn.of(9), new Xid(1, 2, 3), new RedoAddress(1, 2, 3, 4));
    assertThat(located.scn()).isEqualTo(Scn.of(9));
    assertThat(located.column()).isEqualTo("PRICE");
    assertThat(located.detail())
        .startsWith(
            "'12x' is not a NUMBER [table=S.T, column=PRICE, offset=57, scn=9, "
                + "xid=0100020003000000, address=1:0x000002.00000003.0004, near 'xxx");
    assertThatThrownBy(
            () -> new DecodeException(ErrorCode.LOG_PURGED, "p", null, null, -1, null, null))
        .hasMessage("CDC-2002 is not a data error");
  }
}
