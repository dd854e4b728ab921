package dev.redoline.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import dev.redoline.core.DecodeException;
import dev.redoline.core.ErrorCode;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.RedoRow;
import dev.redoline.core.Scn;
import dev.redoline.core.TableId;
import dev.redoline.core.Xid;
import dev.redoline.core.internal.Json;
import dev.redoline.logminer.DeadLetter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeadLetterFileTest {

  @TempDir Path dir;

  static DeadLetter letter(String pdb, String owner, String table) {
    RedoRow row =
        new RedoRow(
            Scn.of(500),
            null,
            null,
            LocalDateTime.of(2026, 1, 2, 3, 4, 5),
            null,
            null,
            new Xid(1, 2, 3),
            RedoRow.INSERT,
            "INSERT",
            false,
            owner,
            table,
            "AAAB",
            "APP",
            RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "),
            0,
            false,
            77,
            1,
            77,
            "insert into \"HR\".\"PEOPLE\"(\"ID\",\"SSN\") values ('1','123-45-6789');",
            "delete ...",
            null,
            0,
            pdb,
            pdb == null ? null : 3,
            null);
    DecodeException error =
        new DecodeException(
                ErrorCode.VALUE_NOT_CONVERTIBLE,
                "'1' is not a NUMBER",
                TableId.of(owner, table),
                "ID",
                30,
                "values ('1'",
                null)
            .withRow(row.scn(), row.xid(), row.address());
    return new DeadLetter(row, error, Instant.parse("2026-01-02T03:04:06Z"));
  }

  private Map<?, ?> written(List<String> excludes, DeadLetter letter) throws Exception {
    Path file = dir.resolve("dl-" + excludes.hashCode() + ".jsonl");
    DeadLetterFile.open(file, excludes).accept(letter);
    List<String> lines = Files.readAllLines(file);
    assertThat(lines).hasSize(1);
    assertThat(lines.get(0)).doesNotContain("delete ...");
    return (Map<?, ?>) Json.parseObject(lines.get(0)).get("row");
  }

  @Test
  void accept_writesTheRawRowWhenNoExclusionIsConfigured() throws Exception {
    Map<?, ?> row = written(List.of(), letter(null, "HR", "PEOPLE"));
    assertThat(row.get("sql_redo")).asString().contains("123-45-6789");
    assertThat(row.get("rs_id")).isEqualTo(" 0x000007.00018a2d.009c ");
    assertThat(row.get("xid")).isEqualTo(new Xid(1, 2, 3).toHex());
  }

  @Test
  void accept_withholdsSqlRedoWhenAnExclusionMayApply() throws Exception {
    for (String pattern :
        List.of(
            "HR.PEOPLE.SSN",
            "hr.people.ssn",
            "HR.*.SSN",
            "*.SSN",
            "SSN",
            "PDB1.HR.PEOPLE.SSN",
            "\"HR\".\"PEOPLE\".\"SSN\"")) {
      Map<?, ?> row = written(List.of(pattern), letter("PDB1", "HR", "PEOPLE"));
      assertThat(row.get("sql_redo")).as(pattern).isNull();
      assertThat(row.get("sql_redo_withheld"))
          .isEqualTo("cdc.columns.exclude may apply to this table");
    }
  }

  @Test
  void accept_keepsSqlRedoWhenExclusionsNameOtherTables() throws Exception {
    Map<?, ?> row =
        written(
            List.of("HR.SALARIES.AMOUNT", "PDB2.HR.PEOPLE.SSN"), letter("PDB1", "HR", "PEOPLE"));
    assertThat(row.get("sql_redo")).asString().startsWith("insert into");
  }

  @Test
  void accept_withholdsSqlRedoOfAnUnknownTable() throws Exception {
    Map<?, ?> row = written(List.of("HR.SALARIES.AMOUNT"), letter(null, "UNKNOWN", "OBJ# 77"));
    assertThat(row.get("sql_redo")).isNull();
  }
}
