package dev.redoline.simulator.internal.sql;

/**
 * Where {@link SqlRedoRenderer} writes a statement: a {@link Text} that keeps it, or a {@link
 * SqlRedoCsf.Counter} that keeps only what the number of its CSF pieces needs, for a query that
 * does not select it. Both take the same calls, so a text and its count come from the same
 * rendering code.
 */
public interface SqlSink {

  /** Appends {@code s}; by default character by character, as a sink that looks at each does. */
  default SqlSink append(String s) {
    for (int i = 0; i < s.length(); i++) {
      append(s.charAt(i));
    }
    return this;
  }

  SqlSink append(char c);

  /** Something written into a sink: a statement, as text or counted. */
  @FunctionalInterface
  interface Writing {
    void to(SqlSink out);
  }

  /** A sink that keeps the text. */
  final class Text implements SqlSink {
    private final StringBuilder sb;

    public Text(int capacity) {
      this.sb = new StringBuilder(capacity);
    }

    /** The text {@code writing} writes. */
    public static String of(Writing writing) {
      Text out = new Text(128);
      writing.to(out);
      return out.toString();
    }

    @Override
    public Text append(String s) {
      sb.append(s);
      return this;
    }

    @Override
    public Text append(char c) {
      sb.append(c);
      return this;
    }

    /** The text written so far. */
    @Override
    public String toString() {
      return sb.toString();
    }
  }
}
