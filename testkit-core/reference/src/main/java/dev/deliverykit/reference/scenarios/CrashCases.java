package dev.deliverykit.reference.scenarios;

import dev.deliverykit.CrashMode;
import dev.deliverykit.boundary.BoundaryEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the cases of one crash table (each: crash, recover, read the state) and returns their results in the
 * cases' order, whatever order they finish in. Child-process cases are separate JVMs that share nothing but
 * their own files: up to one per core runs at a time. In-process cases run one after another, since the agent
 * is JVM-wide, and the dead process of each is released after its case.
 *
 * <pre>{@code
 * List<Row> rows = CrashCases.run(
 *         CrashMode.CHILD_PROCESS, List.of(() -> crashAndRecover(1), () -> crashAndRecover(2)));
 * }</pre>
 */
final class CrashCases {

    private CrashCases() {}

    static <T> List<T> run(CrashMode mode, List<Callable<T>> cases) throws Exception {
        return mode == CrashMode.CHILD_PROCESS ? sideBySide(cases) : oneAfterAnother(cases);
    }

    private static <T> List<T> oneAfterAnother(List<Callable<T>> cases) throws Exception {
        List<T> results = new ArrayList<>();
        for (Callable<T> crashCase : cases) {
            try {
                results.add(crashCase.call());
            } finally {
                BoundaryEngine.get().releaseDeadProcess();
            }
        }
        return results;
    }

    private static <T> List<T> sideBySide(List<Callable<T>> cases) throws Exception {
        int threads = Math.max(1, Math.min(cases.size(), Runtime.getRuntime().availableProcessors()));
        AtomicInteger started = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, work -> {
            Thread thread = new Thread(work, "scenario-child-" + started.incrementAndGet());
            thread.setDaemon(true); // never keeps a JVM alive, whatever happens to the report
            return thread;
        });
        try {
            List<T> results = new ArrayList<>();
            for (Future<T> result : pool.invokeAll(cases)) {
                results.add(unwrap(result));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    private static <T> T unwrap(Future<T> result) throws Exception {
        try {
            return result.get();
        } catch (ExecutionException failed) {
            Throwable cause = failed.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw failed;
        }
    }
}
