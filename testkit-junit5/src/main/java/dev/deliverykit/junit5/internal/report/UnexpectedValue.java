package dev.deliverykit.junit5.internal.report;

import java.util.Optional;

/** A value that the reader of a report needed and did not find, by its field. */
final class UnexpectedValue extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String field;
    private final transient Optional<String> found;
    private final String expected;

    /**
     * @param field where the value is, as {@link JsonText.Node#where()} says
     * @param found the value as JSON text; empty when the field is missing
     * @param expected what the field holds when the kit writes it, such as {@code a whole number}
     */
    UnexpectedValue(String field, Optional<String> found, String expected) {
        super(field + " is " + found.orElse("missing") + ", expected " + expected);
        this.field = field;
        this.found = found;
        this.expected = expected;
    }

    String field() {
        return field;
    }

    Optional<String> found() {
        return found;
    }

    String expected() {
        return expected;
    }
}
