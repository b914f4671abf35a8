package io.throttlescope.scenario;

import java.util.Collection;

/** "did you mean" for misspelt keys and names (Damerau-Levenshtein distance). */
final class Suggest {
    private Suggest() { }

    static String didYouMean(String found, Collection<String> known) {
        String best = null;
        int bestD = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(found.toLowerCase(), k.toLowerCase());
            if (d < bestD) { bestD = d; best = k; }
        }
        if (best == null) return "";
        int limit = Math.max(1, Math.min(3, best.length() / 3));
        boolean close = bestD <= limit && bestD < found.length() && bestD < best.length();
        return close ? " (did you mean \"" + best + "\"?)" : "";
    }

    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) d[i][0] = i;
        for (int j = 0; j <= b.length(); j++) d[0][j] = j;
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
