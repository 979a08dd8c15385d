package dev.deliverykit.order;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** An entry point whose body does not return until the test opens it: a call that stalls. */
final class Valve {

    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch open = new CountDownLatch(1);

    void pass(String id) throws InterruptedException {
        entered.countDown();
        if (!open.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the test never opened the valve for " + id);
        }
    }
}
