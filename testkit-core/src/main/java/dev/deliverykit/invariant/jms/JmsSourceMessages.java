package dev.deliverykit.invariant.jms;

/** The messages of a JMS queue source set up wrong. */
final class JmsSourceMessages {

    private JmsSourceMessages() {}

    /** The {@code what} of the source is blank. */
    static String blank(String what) {
        return "the " + what + " of a JMS queue source must not be blank";
    }
}
