package dev.deliverykit.brokers;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/** Names of topics, queues and groups that no other test of the JVM uses. */
public final class Names {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private Names() {}

    /** {@code prefix-7}: unique in this JVM, for tests that run in it alone. */
    public static String unique(String prefix) {
        return prefix + "-" + NEXT.incrementAndGet();
    }

    /**
     * {@code prefix-junit123}: the same in a crash case's test JVM and in its child JVM, which share the case's
     * {@code @TempDir}, and different for every case.
     */
    public static String ofCase(String prefix, Path tempDir) {
        return prefix + "-" + tempDir.getFileName();
    }
}
