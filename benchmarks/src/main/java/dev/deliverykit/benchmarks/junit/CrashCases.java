package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What B7's JUnit classes share: the number of cases and the warm-up before them. */
public final class CrashCases {

    /** Crash cases per class run; the first pays the tool's setup, the rest are steady-state. */
    public static final int CASES = 10;

    private CrashCases() {}

    /**
     * Runs the crash case's workload, recovery and check once without any crash, so that loading SQLite's
     * native library and the reference classes is not counted as either tool's setup. Prints
     * {@code WARMUP <nanos>} for {@code JUnitCaseMain}'s parent to subtract.
     */
    static void warmUpWithoutTool() {
        long start = System.nanoTime();
        Path dir;
        try {
            dir = Files.createTempDirectory("deliverykit-bench-warmup-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a warm-up directory", e);
        }
        try {
            CrashCase.runRecoverAndCheckWithoutCrash(dir);
        } finally {
            Scratch.deleteTree(dir);
        }
        System.out.println("WARMUP " + (System.nanoTime() - start));
    }
}
