package dev.deliverykit.boundary;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * A child workload that binds primitive arguments to a method handle, which makes the JDK spin
 * {@code BoundMethodHandle$Species_*} classes (as frameworks' method handles do), then returns from {@link #bound()}.
 */
public final class MethodHandleSpeciesWorkload implements ProcessWorkload {

    /** For the engine's child main. */
    public MethodHandleSpeciesWorkload() {}

    @Override
    public void run(List<String> args) throws Exception {
        MethodHandle sum = MethodHandles.lookup()
                .findStatic(
                        MethodHandleSpeciesWorkload.class,
                        "sum",
                        MethodType.methodType(long.class, int.class, long.class, double.class, float.class, int.class));
        MethodHandle bound = MethodHandles.insertArguments(sum, 0, 1);
        bound = MethodHandles.insertArguments(bound, 0, 2L);
        bound = MethodHandles.insertArguments(bound, 0, 3.0);
        bound = MethodHandles.insertArguments(bound, 0, 4.0f);
        try {
            bound((long) bound.invoke(5));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static long sum(int a, long b, double c, float d, int e) {
        return a + b + (long) c + (long) d + e;
    }

    /** The boundary the tests crash at: its normal exit. */
    void bound(long sum) {
        System.out.println("bound: " + sum);
    }
}
