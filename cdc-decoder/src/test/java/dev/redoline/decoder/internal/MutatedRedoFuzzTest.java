package dev.redoline.decoder.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.redoline.core.DecodeException;
import dev.redoline.core.RedoAddress;
import dev.redoline.core.Scn;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * 100,000 seeded mutations of the golden corpus texts: each decodes to a Change or a CDC-3xxx
 * DecodeException, never another exception. Hangs are ruled out by the scanner's step guard (an
 * IllegalStateException, which fails this test), not by a timer.
 */
class MutatedRedoFuzzTest {

  private static final int MUTATIONS = 100_000;
  private static final String ALPHABET = "'\"(),;|*/\\ \n.=-+0123456789abcEeXZ_#$é😀\uD800\uDC00";

  @Test
  void decode_mutatedText_givesChangeOrTypedError() {
    List<GoldenCorpus.Case> cases = GoldenCorpus.load();
    Map<List<String>, RedoDecoder> decoders = new HashMap<>();
    Random random = new Random(0xC0FFEEL);
    int changes = 0;
    int errors = 0;
    for (int i = 0; i < MUTATIONS; i++) {
      GoldenCorpus.Case c = cases.get(random.nextInt(cases.size()));
      String text = mutate(random, c.redo());
      RedoDecoder decoder =
          decoders.computeIfAbsent(
              c.exclusions(), patterns -> RedoDecoder.builder().excludeColumns(patterns).build());
      DecodeInput row =
          DecodeInput.of(
              c.op(),
              text,
              c.layout(),
              Scn.of(i),
              RedoAddress.start(1),
              0,
              null,
              Instant.EPOCH,
              c.status(),
              c.info());
      try {
        assertThat(decoder.decode(row)).isNotNull();
        changes++;
      } catch (DecodeException e) {
        assertThat(e.code()).startsWith("CDC-3");
        assertThat(e.excerpt() == null || e.excerpt().length() <= DecodeException.MAX_EXCERPT)
            .isTrue();
        errors++;
      } catch (RuntimeException e) {
        fail("mutation " + i + " of " + c + " threw " + e + " for text: " + text, e);
      }
    }
    decoders.values().forEach(RedoDecoder::close);
    // both outcomes must be common, or the mutations are too weak or too destructive to test
    // anything
    assertThat(changes).isGreaterThan(MUTATIONS / 50);
    assertThat(errors).isGreaterThan(MUTATIONS / 5);
  }

  static String mutate(Random random, String text) {
    StringBuilder sb = new StringBuilder(text);
    int count = 1 + random.nextInt(3);
    for (int k = 0; k < count; k++) {
      int at = sb.length() == 0 ? 0 : random.nextInt(sb.length() + 1);
      switch (random.nextInt(6)) {
        case 0 -> sb.insert(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        case 1 -> {
          if (at < sb.length()) {
            sb.deleteCharAt(at);
          }
        }
        case 2 -> {
          if (at < sb.length()) {
            sb.setCharAt(at, ALPHABET.charAt(random.nextInt(ALPHABET.length())));
          }
        }
        case 3 -> {
          int end = Math.min(sb.length(), at + random.nextInt(20));
          sb.insert(at, sb.substring(at, end));
        }
        case 4 -> sb.setLength(at);
        default -> {
          int end = Math.min(sb.length(), at + random.nextInt(10));
          sb.delete(at, end);
        }
      }
    }
    return sb.toString();
  }
}
