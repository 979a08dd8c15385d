package dev.deliverykit.weaving;

/** Methods for method boundaries: wide parameters and locals, loops, handlers, a static method, a throw. */
public class Arithmetic {

    private long calls;

    /** The sum of {@code values} scaled by {@code factor}, or -1 if one is negative. */
    public double scaledSum(long factor, double[] values, String label) {
        calls++;
        double sum = 0;
        for (double value : values) {
            if (value < 0) {
                return -1;
            }
            long rounded = Math.round(value * factor);
            sum += rounded;
        }
        return label.isEmpty() ? sum : sum + calls * 0;
    }

    /** {@code n!}, recursively; throws for negative {@code n}, through a finally block. */
    public static long factorial(int n) {
        long marker = 7L;
        try {
            if (n < 0) {
                throw new IllegalArgumentException("negative");
            }
            return n <= 1 ? 1 : n * factorial(n - 1);
        } finally {
            marker++;
        }
    }

    /** A nested type: its binary name has a dollar sign. */
    public static class Inner {

        /** Returns its argument doubled. */
        public long twice(long value) {
            return value * 2;
        }
    }
}
