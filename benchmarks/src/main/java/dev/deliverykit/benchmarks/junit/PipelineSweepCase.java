package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.benchmarks.pipeline.CrashCase;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * B9: the sample project's kind of sweep (every commit and every write statement, {@code sql = "^(INSERT|UPDATE|DELETE)"})
 * over the reference pipeline of B1: advance A1, relay it, drain flow A on two SQLite files; recovery re-advances,
 * relays until idle, drains, and checks exactly one A1 effect and the projection ({@link CrashCase}). The mode is left
 * to {@code deliverykit.mode}: {@code both} in the full run, as the sample sweeps in this JVM and as real process
 * exits, {@code in_process} in the smoke run.
 */
public class PipelineSweepCase {

    @TempDir
    Path dir;

    @CrashSweep(
            kinds = {SweepKind.COMMITS, SweepKind.STATEMENTS},
            sql = "^(INSERT|UPDATE|DELETE)")
    void aReservedEventIsAppliedOnce(CrashScenario scenario) throws Exception {
        scenario.run(() -> CrashCase.workload(dir));
        scenario.restart(() -> CrashCase.recoverAndCheck(dir));
    }
}
