package dev.deliverykit.order;

import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Sender threads for HOLD_SENDERS tests: started together behind one latch, joined, their failures kept. */
final class Senders {

    /** What one sender does with its message id. */
    interface Send {
        void send(String id) throws Exception;
    }

    private final Map<String, Throwable> failures = new ConcurrentHashMap<>();

    /** Starts one thread per id (named {@code sender-<id>}, or {@code sender-<id>-<n>} for a repeated id) at once, and joins them. */
    void sendConcurrently(List<String> ids, Send send) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = ids.get(i);
            boolean repeated = ids.indexOf(id) != ids.lastIndexOf(id);
            String name = "sender-" + id
                    + (repeated
                            ? "-"
                                    + (ids.subList(0, i + 1).stream()
                                            .filter(id::equals)
                                            .count())
                            : "");
            threads.add(thread(name, () -> {
                start.await();
                send.send(id);
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread thread : threads) {
            join(thread);
        }
    }

    /** Runs one sender thread named {@code name} to its end. */
    void sendAlone(String name, String id, Send send) throws InterruptedException {
        Thread thread = thread(name, () -> send.send(id));
        thread.start();
        join(thread);
    }

    /** A started sender thread named {@code name}; join it with {@link #join(Thread)}. */
    Thread start(String name, String id, Send send) {
        Thread thread = thread(name, () -> send.send(id));
        thread.start();
        return thread;
    }

    /** What each failed sender thread threw, by thread name. */
    Map<String, Throwable> failures() {
        return failures;
    }

    void join(Thread thread) throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(60));
        if (thread.isAlive()) {
            fail(thread.getName() + " did not end within 60 s; the kit must never hold a sender without bound");
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    private Thread thread(String name, Body body) {
        return new Thread(
                () -> {
                    try {
                        body.run();
                    } catch (Throwable e) {
                        failures.put(name, e);
                    }
                },
                name);
    }
}
