package dev.redoline.examples;

import dev.redoline.core.Position;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * A {@link Position} as text for a sink's own storage: its versioned map form ({@link
 * Position#toMap()}) as {@code key=value} lines. {@link Position#fromMap} reads numbers written as
 * text, so nothing else is needed to read it back.
 */
final class PositionText {

  private PositionText() {}

  static String write(Position position) {
    StringBuilder out = new StringBuilder();
    new TreeMap<>(position.toMap())
        .forEach((k, v) -> out.append(k).append('=').append(v).append('\n'));
    return out.toString();
  }

  static Position read(String text) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Map<String, Object> map = new TreeMap<>();
    p.stringPropertyNames().forEach(k -> map.put(k, p.getProperty(k)));
    return Position.fromMap(map);
  }
}
