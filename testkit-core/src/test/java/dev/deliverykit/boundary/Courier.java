package dev.deliverykit.boundary;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A test fixture with plain methods, unknown to the engine: method selectors find them from outside. */
final class Courier {

    private final List<String> sent = new ArrayList<>();

    void send(String message) {
        sent.add(message);
    }

    void send(String message, int copies) {
        for (int i = 0; i < copies; i++) {
            send(message);
        }
    }

    String confirm(String id) {
        if (id.isEmpty()) {
            throw new IllegalArgumentException("empty id");
        }
        return "ok:" + id;
    }

    /** A send that declares its failure, as a client over the network does. */
    void dispatch(String message) throws IOException {
        sent.add(message);
    }

    List<String> sent() {
        return sent;
    }
}
