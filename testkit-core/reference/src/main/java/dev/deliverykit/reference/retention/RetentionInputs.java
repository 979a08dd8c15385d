package dev.deliverykit.reference.retention;

/**
 * Argument checks shared by the retention components. A rejected argument throws before any
 * transaction starts, so nothing is stored.
 */
final class RetentionInputs {

    private RetentionInputs() {}

    static void namespace(String call, String namespace) {
        text(
                call,
                "namespace",
                namespace,
                RetentionStore.MAX_NAMESPACE_LENGTH,
                "the namespace isolates one tenant's receipts and boundary; pass a name such as \"tenantA\"");
    }

    static void op(String call, String op) {
        text(
                call,
                "op",
                op,
                RetentionStore.MAX_OP_LENGTH,
                "the op is the identity of the business intent within its epoch; pass an id such as \"work-1\"");
    }

    static void epoch(String call, long epoch) {
        if (epoch < 1) {
            throw new IllegalArgumentException(call + ": epoch must be 1 or greater, got " + epoch
                    + ". Epochs are positive batch numbers (closed_through 0 means nothing is sealed);"
                    + " pass the epoch the trusted task state assigned to this request.");
        }
    }

    static void through(String call, long through) {
        if (through < 1) {
            throw new IllegalArgumentException(call + ": through must be 1 or greater, got " + through
                    + ". Epochs start at 1, so closing through " + through + " would seal nothing;"
                    + " pass the last epoch to seal.");
        }
    }

    static void params(String call, String params) {
        if (params == null) {
            throw new IllegalArgumentException(call + ": params must not be null. Its SHA-256 digest tells a"
                    + " retry from a conflicting request; pass \"\" if the operation has no parameters.");
        }
        tooLong(call, "params", params, RetentionStore.MAX_PARAMS_LENGTH);
    }

    private static void text(String call, String name, String value, int maxLength, String hint) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(
                    call + ": " + name + " must not be " + (value == null ? "null" : "blank") + "; " + hint + ".");
        }
        tooLong(call, name, value, maxLength);
    }

    private static void tooLong(String call, String name, String value, int maxLength) {
        if (value.length() > maxLength) {
            throw new IllegalArgumentException(call + ": " + name + " is " + value.length()
                    + " characters long, but at most " + maxLength + " are allowed; dedup records stay small"
                    + " on purpose. Pass a shorter " + name + ".");
        }
    }
}
