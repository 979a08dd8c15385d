package dev.deliverykit.order;

/** Why the message id of one call could not be read; becomes an {@link OrderFailure#ID_UNREADABLE} failure. */
final class UnreadableIdException extends Exception {

    private static final long serialVersionUID = 1L;

    UnreadableIdException(String detail) {
        super(detail);
    }

    UnreadableIdException(String detail, Throwable cause) {
        super(detail, cause);
    }
}
