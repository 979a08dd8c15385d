package dev.deliverykit.junit5.assertions;

import dev.deliverykit.invariant.InvariantResult;

/** Pieces of the assertion messages that every error message factory shares. */
final class FailureText {

    private FailureText() {
    }

    /** What AssertJ prints as the actual value: {@code <name>: <description>}. */
    static String actual(InvariantResult result) {
        return result.invariantName() + ": " + result.description();
    }

    /** {@code text} with its line breaks written the way AssertJ's {@code %n} writes them. */
    static String lines(String text) {
        return text.replace("\n", System.lineSeparator());
    }
}
