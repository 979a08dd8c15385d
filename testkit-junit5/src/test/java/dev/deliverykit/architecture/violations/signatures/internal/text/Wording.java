package dev.deliverykit.architecture.violations.signatures.internal.text;

/** An internal type. Its own public signature may name anything: it is not API. */
public class Wording {
    public com.fasterxml.jackson.core.JsonFactory json() {
        return null;
    }
}
