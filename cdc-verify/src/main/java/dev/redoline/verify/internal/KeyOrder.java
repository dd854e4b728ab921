package dev.redoline.verify.internal;

import java.util.Comparator;
import java.util.List;

/**
 * The order Oracle sorts keys in ({@code ORDER BY} with {@code NLS_SORT=BINARY}): numbers and
 * date-times by value, text by the bytes of AL32UTF8, which is code point order (Java's {@code
 * String.compareTo} orders UTF-16 units and puts U+E000..U+FFFF after supplementary characters). A
 * target's rows are placed into Oracle's chunks by this order, whatever order the target keeps them
 * in.
 */
public final class KeyOrder implements Comparator<List<Comparable<?>>> {

  public static final KeyOrder INSTANCE = new KeyOrder();

  private KeyOrder() {}

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public int compare(List<Comparable<?>> a, List<Comparable<?>> b) {
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      int c;
      if (x instanceof String s && y instanceof String t) {
        c = codePoints(s, t);
      } else {
        c = ((Comparable) x).compareTo(y);
      }
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** {@link #compare} of keys held as plain values (those of a {@code RowKey}). */
  @SuppressWarnings("unchecked")
  public int compareValues(List<Object> a, List<Object> b) {
    return compare((List<Comparable<?>>) (List<?>) a, (List<Comparable<?>>) (List<?>) b);
  }

  private static int codePoints(String s, String t) {
    int i = 0;
    int j = 0;
    while (i < s.length() && j < t.length()) {
      int x = s.codePointAt(i);
      int y = t.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Integer.compare(s.length() - i, t.length() - j);
  }
}
