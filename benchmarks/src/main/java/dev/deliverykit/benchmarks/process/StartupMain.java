package dev.deliverykit.benchmarks.process;

import dev.deliverykit.benchmarks.pipeline.OrderedBoundaries;
import dev.deliverykit.benchmarks.pipeline.RawCommits;
import dev.deliverykit.benchmarks.pipeline.Scratch;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.boundary.CrashPlan;
import dev.deliverykit.boundary.Installation;
import dev.deliverykit.boundary.WatchList;
import dev.deliverykit.reference.SqliteDatabase;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * B4's child JVM: {@code StartupMain plain|engine}. Both open a fresh SQLite file and make two commits
 * (so the driver and its native library are loaded), then make two more: {@code plain} directly,
 * {@code engine} inside the first engine run of the JVM (a recording of one boundary), which obtains the
 * agent and waits for the JDBC weaving the kit's premain started (with {@code =lazy} or a self-attach:
 * retransforms the already-loaded JDBC driver classes itself). Prints
 * {@code TIMING install_ns=... first_run_ns=... source=...} (engine) or {@code TIMING work_ns=...} (plain).
 */
public final class StartupMain {

    private StartupMain() {}

    /** See the class comment. */
    public static void main(String[] args) throws Exception {
        boolean engine = "engine".equals(args[0]);
        Path dir = Files.createTempDirectory("deliverykit-bench-startup-");
        try {
            twoCommits(dir.resolve("first.db"));
            if (engine) {
                long start = System.nanoTime();
                Installation installation = BoundaryEngine.get().installation();
                long installed = System.nanoTime();
                CrashPlan plan =
                        CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.NEVER_REACHED_BY_THE_PIPELINE);
                BoundaryEngine.get().record(WatchList.of(plan.boundary()), () -> twoCommits(dir.resolve("second.db")));
                long ran = System.nanoTime();
                System.out.println("TIMING install_ns=" + (installed - start) + " first_run_ns=" + (ran - installed)
                        + " source=" + installation.source());
            } else {
                long start = System.nanoTime();
                twoCommits(dir.resolve("second.db"));
                System.out.println("TIMING work_ns=" + (System.nanoTime() - start));
            }
        } finally {
            Scratch.deleteTree(dir);
        }
    }

    private static void twoCommits(Path file) {
        try (RawCommits log = RawCommits.open(SqliteDatabase.at(file))) {
            log.commitOneRow();
        }
    }
}
