package dev.redoline.core;

import java.util.Collection;

/** Finds the known key closest to a mistyped one, by edit distance. */
final class KeySuggester {

  /** Suggest nothing when the closest key needs more edits than this. */
  private static final int MAX_DISTANCE = 6;

  private KeySuggester() {}

  static String closest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = MAX_DISTANCE + 1;
    for (String candidate : known) {
      int d = distance(name, candidate);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    return best;
  }

  /** Levenshtein distance with two rolling rows. */
  static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
