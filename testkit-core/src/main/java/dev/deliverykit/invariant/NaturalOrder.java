package dev.deliverykit.invariant;

import java.util.Comparator;

/**
 * Text order that compares runs of ASCII digits as numbers, so {@code key9 < key10} and
 * {@code (A, 2) < (A, 10)}; ties fall back to plain string order, which makes it a total order.
 */
enum NaturalOrder implements Comparator<String> {
    INSTANCE;

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            if (isDigit(a.charAt(i)) && isDigit(b.charAt(j))) {
                int endA = digitRunEnd(a, i);
                int endB = digitRunEnd(b, j);
                int byNumber = compareNumbers(a.substring(i, endA), b.substring(j, endB));
                if (byNumber != 0) {
                    return byNumber;
                }
                i = endA;
                j = endB;
            } else {
                if (a.charAt(i) != b.charAt(j)) {
                    return Character.compare(a.charAt(i), b.charAt(j));
                }
                i++;
                j++;
            }
        }
        int byRest = Integer.compare(a.length() - i, b.length() - j);
        return byRest != 0 ? byRest : a.compareTo(b);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static int digitRunEnd(String text, int start) {
        int end = start;
        while (end < text.length() && isDigit(text.charAt(end))) {
            end++;
        }
        return end;
    }

    private static int compareNumbers(String a, String b) {
        String strippedA = stripLeadingZeros(a);
        String strippedB = stripLeadingZeros(b);
        if (strippedA.length() != strippedB.length()) {
            return Integer.compare(strippedA.length(), strippedB.length());
        }
        return strippedA.compareTo(strippedB);
    }

    private static String stripLeadingZeros(String digits) {
        int start = 0;
        while (start < digits.length() - 1 && digits.charAt(start) == '0') {
            start++;
        }
        return digits.substring(start);
    }
}
