package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.redoline.core.Absent;
import dev.redoline.core.Change;
import dev.redoline.core.DecodeException;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Row;
import dev.redoline.core.Scn;
import dev.redoline.core.TableLayout;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every case of the golden corpus (see {@link GoldenCorpus} for the format). */
class GoldenCorpusTest {

  static List<GoldenCorpus.Case> cases() {
    return GoldenCorpus.load();
  }

  @Test
  void corpus_hasAtLeast150CasesWithUniqueNames() {
    List<GoldenCorpus.Case> cases = cases();
    assertThat(cases).hasSizeGreaterThanOrEqualTo(150);
    assertThat(cases.stream().map(GoldenCorpus.Case::toString).collect(Collectors.toSet()))
        .hasSameSizeAs(cases);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void decode_matchesGoldenCase(GoldenCorpus.Case c) {
    DecodeInput row =
        DecodeInput.of(
            c.op(),
            c.redo(),
            c.layout(),
            Scn.of(100),
            RedoAddress.parseRsId(1, " 0x000007.00018a2d.009c "),
            0,
            null,
            Instant.parse("2024-01-01T00:00:00Z"),
            c.status(),
            c.info());
    try (RedoDecoder decoder =
        RedoDecoder.builder()
            .excludeColumns(c.exclusions())
            .numberOneAsBoolean(c.options().contains("number.one.as.boolean"))
            .relaxedQuotes(c.options().contains("relaxed.quotes"))
            .build()) {
      if (c.errorCode() != null) {
        assertThatThrownBy(() -> decoder.decode(row))
            .isInstanceOfSatisfying(
                DecodeException.class,
                e -> {
                  assertThat(e.code()).isEqualTo(c.errorCode());
                  assertThat(e.table()).isEqualTo(c.layout().table());
                  if (c.errorColumn() != null) {
                    assertThat(e.column()).isEqualTo(c.errorColumn());
                  }
                });
        return;
      }
      Change change = decoder.decode(row);
      assertThat(change.operation()).isEqualTo(c.op());
      assertImage(
          "before",
          change.before(),
          c.before(),
          c.layout(),
          c.op() != dev.redoline.core.Operation.INSERT);
      assertImage(
          "after",
          change.after(),
          c.after(),
          c.layout(),
          c.op() != dev.redoline.core.Operation.DELETE);
      if (c.rowId() != null) {
        assertThat(change.rowId()).isEqualTo(c.rowId());
      }
    }
  }

  private static void assertImage(
      String which, Row actual, Map<String, Object> expected, TableLayout layout, boolean present) {
    if (!present) {
      assertThat(actual).as(which).isNull();
      assertThat(expected).as(which + " expectations for an image the operation has not").isEmpty();
      return;
    }
    for (String name : expected.keySet()) {
      assertThat(layout.indexOf(name)).as("expected column %s exists", name).isNotNegative();
    }
    for (int i = 0; i < layout.columns().size(); i++) {
      String name = layout.column(i).name();
      Object want = expected.containsKey(name) ? expected.get(name) : Absent.NOT_LOGGED;
      assertThat(actual.get(i)).as("%s.%s", which, name).isEqualTo(want);
    }
  }
}
