package dev.redoline.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void write_thenParseGivesTheValuesBack() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("s", "quote \" backslash \\ newline \n tab \t bell \u0007 é");
    map.put("n", Long.MAX_VALUE);
    map.put("neg", -5L);
    map.put("b", true);
    map.put("null", null);
    map.put("list", Arrays.asList(1L, "x", null, Map.of()));
    String text = Json.write(map);
    assertThat(text).contains("\\u0007");
    assertThat(Json.parseObject(text)).isEqualTo(map);
  }

  @Test
  void parseObject_refusesFractionsAndTrailingText() {
    assertThatThrownBy(() -> Json.parseObject("{\"a\":1.5}"))
        .hasMessage("Not valid JSON at offset 6: only whole numbers are expected");
    assertThatThrownBy(() -> Json.parseObject("{} x"))
        .hasMessage("Not valid JSON at offset 3: text after the value");
    assertThatThrownBy(() -> Json.parseObject("[1]"))
        .hasMessage("Not valid JSON at offset 3: expected an object");
    assertThatThrownBy(() -> Json.parseObject("{\"a\":\"x"))
        .hasMessage("Not valid JSON at offset 7: unterminated string");
  }
}
