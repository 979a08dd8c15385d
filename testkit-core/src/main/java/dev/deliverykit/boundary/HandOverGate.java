package dev.deliverykit.boundary;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Holds a thread's send while another thread of the process is handing a message over to an I/O thread, so that
 * what the hand-over's end means does not depend on the I/O thread's timing. It is guarded by its run's lock, the
 * {@code monitor} it waits on: every method is called holding it.
 */
final class HandOverGate {

    /** How long a send waits for another thread's hand-over to end (a hand-over that itself waits for it: none). */
    private static final long WAIT_MILLIS = 5_000;

    private final Object monitor;

    /** The process's threads between the start and the end of a hand-over: other threads' sends wait meanwhile. */
    private final Set<Thread> handingOver = Collections.newSetFromMap(new IdentityHashMap<>());

    HandOverGate(Object monitor) {
        this.monitor = monitor;
    }

    /** The calling thread starts a hand-over. */
    void started() {
        handingOver.add(Thread.currentThread());
    }

    /** The calling thread's hand-over ended: the sends it held go on. */
    void ended() {
        handingOver.remove(Thread.currentThread());
        monitor.notifyAll();
    }

    /** Holds the calling thread's send until no other thread hands over, the process died, or the wait runs out. */
    void await(BooleanSupplier died) {
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000;
        while (!died.getAsBoolean() && !handingOver.isEmpty() && !handingOver.contains(Thread.currentThread())) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return; // a hand-over that waits for this very send (a full buffer): let it through
            }
            try {
                monitor.wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
