package dev.deliverykit.order;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An entry point whose body, for {@code "spawn:<id>"}, sends {@code <id>} to itself from another thread. */
final class Forwarder {

    private final List<String> forwarded = Collections.synchronizedList(new ArrayList<>());

    void forward(String id) throws InterruptedException {
        if (id.startsWith("spawn:")) {
            Thread other = new Thread(
                    () -> {
                        try {
                            forward(id.substring("spawn:".length()));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    "late-sender");
            other.start();
            other.join();
        }
        forwarded.add(id);
    }

    List<String> forwarded() {
        return List.copyOf(forwarded);
    }
}
