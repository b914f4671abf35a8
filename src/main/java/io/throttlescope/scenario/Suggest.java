package io.throttlescope.scenario;

import java.util.Collection;
import java.util.Locale;

/**
 * "did you mean" for misspelt keys and names (Damerau-Levenshtein distance), bounded: names over
 * {@link #MAX_LENGTH} characters and lists of more than {@link #MAX_CANDIDATES} names get no
 * suggestion, and the distance is computed only up to {@link #MAX_DISTANCE} (two rows, stopped
 * early), so a file full of misspellings costs time in proportion to its size.
 */
final class Suggest {
    static final int MAX_LENGTH = 64, MAX_CANDIDATES = 2000, MAX_DISTANCE = 3;

    private Suggest() {}

    static String didYouMean(String found, Collection<String> known) {
        if (found.length() > MAX_LENGTH || known.size() > MAX_CANDIDATES) return "";
        String f = found.toLowerCase(Locale.ROOT);
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (String k : known) {
            if (k.length() > MAX_LENGTH || Math.abs(k.length() - f.length()) > MAX_DISTANCE) continue;
            int d = distance(f, k.toLowerCase(Locale.ROOT), Math.min(MAX_DISTANCE, bestD));
            if (d < bestD) {
                bestD = d;
                best = k;
            }
        }
        if (best == null) return "";
        int limit = Math.max(1, Math.min(MAX_DISTANCE, best.length() / 3));
        boolean close = bestD <= limit && bestD < found.length() && bestD < best.length();
        return close ? " (did you mean \"" + best + "\"?)" : "";
    }

    static int distance(String a, String b) {
        return distance(a, b, Integer.MAX_VALUE - 1);
    }

    /** The distance, or max + 1 as soon as it is sure to exceed max. */
    static int distance(String a, String b, int max) {
        int n = a.length(), m = b.length();
        if (Math.abs(n - m) > max) return max + 1;
        int[] prev2 = new int[m + 1], prev = new int[m + 1], cur = new int[m + 1];
        for (int j = 0; j <= m; j++) prev[j] = j;
        for (int i = 1; i <= n; i++) {
            cur[0] = i;
            int rowMin = cur[0];
            for (int j = 1; j <= m; j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int v = Math.min(Math.min(prev[j] + 1, cur[j - 1] + 1), prev[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1))
                    v = Math.min(v, prev2[j - 2] + 1);
                cur[j] = v;
                rowMin = Math.min(rowMin, v);
            }
            if (rowMin > max) return max + 1;
            int[] t = prev2;
            prev2 = prev;
            prev = cur;
            cur = t;
        }
        return prev[m];
    }
}
