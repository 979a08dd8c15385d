package dev.deliverykit.boundary;

/** The caller's source line, so a test can expect an exact stack frame in a message. */
final class Lines {

    private Lines() {}

    static int current() {
        return new Throwable().getStackTrace()[1].getLineNumber();
    }
}
