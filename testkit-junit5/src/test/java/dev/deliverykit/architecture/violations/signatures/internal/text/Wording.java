package dev.deliverykit.architecture.violations.signatures.internal.text;

import com.fasterxml.jackson.core.JsonFactory;

/** An internal type. Its own public signature may name anything: it is not API. */
public class Wording {
    public JsonFactory json() {
        return null;
    }
}
