package dev.deliverykit.spring.boottest;

import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.SmartLifecycle;

/**
 * Stands for a scheduler or a listener container: a lifecycle bean that, while running, would work on the
 * application's database on its own. It counts how often it was stopped.
 */
public class Ticker implements SmartLifecycle {

    private volatile boolean running;
    private final AtomicInteger stops = new AtomicInteger();

    @Override
    public void start() {
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        stops.incrementAndGet();
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** How often the bean was stopped. */
    public int stops() {
        return stops.get();
    }
}
