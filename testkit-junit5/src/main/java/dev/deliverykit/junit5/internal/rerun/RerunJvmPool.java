package dev.deliverykit.junit5.internal.rerun;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.junit5.internal.config.KitSettings;
import dev.deliverykit.process.ChildJvm;
import dev.deliverykit.process.ChildProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The child JVMs of {@code CHILD_PROCESS} cases, started ahead: with a parallelism of N, up to N - 1 children wait,
 * started and with the JUnit launcher loaded, for the next cases, so that a child's start-up runs while the case
 * before it runs. Cases still run one after the other, in order, so the report and the display names are those of
 * a run without children started ahead (parallelism 1). Children share the classes of their jars
 * ({@link ChildJvm#classDataSharing}) unless switched off. Kept in the root store; closing it kills the children that were never
 * used.
 */
@API(status = INTERNAL, since = "0.1")
public final class RerunJvmPool implements AutoCloseable {

    private final int parallelism;
    private final Optional<Path> archiveDirectory;
    private final Map<List<String>, Deque<ChildProcess>> waiting = new LinkedHashMap<>();
    private boolean closed;

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RerunJvmPool.class);

    /** The run's pool, in the root store; its parallelism is that of the first case to ask. */
    @SuppressWarnings("deprecation") // getOrComputeIfAbsent: computeIfAbsent does not exist in JUnit 5.14
    public static RerunJvmPool of(ExtensionContext context, KitSettings settings) {
        return context.getRoot()
                .getStore(NAMESPACE)
                .getOrComputeIfAbsent(
                        RerunJvmPool.class,
                        key -> new RerunJvmPool(settings.childParallelism(), settings.childArchiveDirectory()),
                        RerunJvmPool.class);
    }

    RerunJvmPool(int parallelism, Optional<Path> archiveDirectory) {
        if (parallelism < 1) {
            throw new IllegalArgumentException(RerunMessages.parallelismBelowOne(parallelism));
        }
        this.parallelism = parallelism;
        this.archiveDirectory = Objects.requireNonNull(archiveDirectory, "archiveDirectory");
    }

    /**
     * A running child started with {@code jvmOptions}, waiting for its case file on standard input: one started
     * ahead if there is one, else a new one. Then starts the children for the next cases, telling them
     * {@code templateUniqueId}: the next case is most often another case of the same template, whose discovery a
     * child started ahead runs while it waits.
     */
    synchronized ChildProcess take(List<String> jvmOptions, Duration timeout, String templateUniqueId) {
        Objects.requireNonNull(jvmOptions, "jvmOptions");
        if (closed) {
            throw new IllegalStateException(RerunMessages.poolClosed());
        }
        Deque<ChildProcess> ready = waiting.computeIfAbsent(List.copyOf(jvmOptions), key -> new ArrayDeque<>());
        ChildProcess child = null;
        while (child == null && !ready.isEmpty()) {
            ChildProcess candidate = ready.poll();
            if (candidate.isAlive()) {
                child = candidate;
            } else {
                candidate.close();
            }
        }
        if (child == null) {
            child = start(jvmOptions, timeout, List.of());
        }
        stopWaitingOthers(ready);
        while (ready.size() < parallelism - 1) {
            ready.add(start(jvmOptions, timeout, List.of(templateUniqueId)));
        }
        child.restartTimeout();
        return child;
    }

    /** Children started with other options are for a test that has finished: they would only take memory. */
    private void stopWaitingOthers(Deque<ChildProcess> kept) {
        for (Iterator<Deque<ChildProcess>> queues = waiting.values().iterator(); queues.hasNext(); ) {
            Deque<ChildProcess> queue = queues.next();
            if (queue != kept) {
                queue.forEach(ChildProcess::close);
                queues.remove();
            }
        }
    }

    private ChildProcess start(List<String> jvmOptions, Duration timeout, List<String> templateAhead) {
        ChildJvm child = ChildJvm.mainClass(RerunMain.class)
                .classPath(RerunClassPath.get())
                .jvmArgs(jvmOptions.toArray(new String[0]))
                .args(templateAhead.toArray(new String[0]))
                .timeout(timeout);
        return archiveDirectory.map(child::classDataSharing).orElse(child).start();
    }

    /** Kills the children that were never used. */
    @Override
    public synchronized void close() {
        closed = true;
        List<ChildProcess> all = new ArrayList<>();
        waiting.values().forEach(all::addAll);
        waiting.clear();
        all.forEach(ChildProcess::close);
    }
}
