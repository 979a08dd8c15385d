package dev.deliverykit.architecture.violations.errors.order;

import org.opentest4j.AssertionFailedError;

/** VIOLATION: an AssertionError (through opentest4j's) whose name does not say Error. */
public final class OrderNotHonoured extends AssertionFailedError {
    private static final long serialVersionUID = 1L;
}
