package dev.deliverykit.process;

import java.util.concurrent.CountDownLatch;

/** Test child: says it started, then waits forever on a latch nobody counts down. */
public final class HangingChild {

    private HangingChild() {}

    public static void main(String[] args) throws InterruptedException {
        System.out.println("started");
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
