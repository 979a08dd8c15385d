package dev.deliverykit.benchmarks.junit;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The Byteman rule's condition: true once per arming. A Byteman rule fires at every hit while it is
 * installed, and BMUnit keeps a method's rule installed for the whole test, recovery included; our
 * engine's plan stops at its one hit by itself. This is the usual way to make a rule fire once.
 *
 * <pre>{@code
 * // rule: IF dev.deliverykit.benchmarks.junit.OneShot.fire() DO throw new RuleCrash("...")
 * OneShot.arm();
 * }</pre>
 */
public final class OneShot {

    private static final AtomicBoolean ARMED = new AtomicBoolean();

    private OneShot() {}

    /** The next {@link #fire()} returns true. */
    public static void arm() {
        ARMED.set(true);
    }

    /** True exactly once after {@link #arm()}. */
    public static boolean fire() {
        return ARMED.getAndSet(false);
    }
}
