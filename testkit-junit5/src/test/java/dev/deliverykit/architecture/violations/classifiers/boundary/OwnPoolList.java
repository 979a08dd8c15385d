package dev.deliverykit.architecture.violations.classifiers.boundary;

import dev.deliverykit.architecture.violations.classifiers.internal.instrument.Table;

/** VIOLATION: walks the stack and tells a pool's frame by a prefix of its own. */
public final class OwnPoolList {

    private static final StackWalker WALKER = StackWalker.getInstance();

    private OwnPoolList() {}

    static boolean isPool() {
        return WALKER.walk(
                frames -> frames.anyMatch(frame -> frame.getClassName().startsWith("com.zaxxer.hikari.")));
    }

    /** Compliant: walks the stack and asks the table. */
    static boolean isPoolByTheTable() {
        return WALKER.walk(frames -> frames.anyMatch(frame -> Table.isPool(frame.getClassName())));
    }
}
