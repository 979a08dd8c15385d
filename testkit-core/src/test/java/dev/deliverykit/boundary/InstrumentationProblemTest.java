package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A class the engine cannot instrument is never silently skipped: the run that needed it says so. */
class InstrumentationProblemTest {

    @Test
    void aNamedClassInALoaderThatCannotSeeTheKitIsReportedWhenTheRunEnds() throws Exception {
        URL testClasses =
                IsolatedTarget.class.getProtectionDomain().getCodeSource().getLocation();
        AtomicReference<Object> result = new AtomicReference<>();

        assertThatThrownBy(() -> BoundaryEngine.get()
                        .crashInProcess(CrashPlan.at(Selector.methodEntry(IsolatedTarget.class, "run")), () -> {
                            try (URLClassLoader isolated = new URLClassLoader(
                                    "isolated", new URL[] {testClasses}, ClassLoader.getPlatformClassLoader())) {
                                Class<?> copy = isolated.loadClass(IsolatedTarget.class.getName());
                                result.set(copy.getMethod("run").invoke(null));
                            }
                        }))
                .isInstanceOf(BoundaryNotReachedError.class)
                .hasMessageStartingWith("Boundary not reached: the crash was armed at hit 1 of entry of"
                        + " dev.deliverykit.boundary.IsolatedTarget#run, but the workload returned normally after"
                        + " reaching it 0 times.\n"
                        + "Reached boundaries (hits):\n"
                        + "  none: no watched boundary, statement, commit or rollback was reached\n"
                        + "Instrumentation problems (boundaries in these classes may have been missed):\n"
                        + "  dev.deliverykit.boundary.IsolatedTarget (class loader isolated, loading):"
                        + " java.lang.IllegalStateException: its class loader cannot see the kit's Dispatcher, so no"
                        + " advice can be woven into it; load the kit from the same or a parent class loader\n"
                        + "Expected: ");
        assertThat(result.get()).isEqualTo("ran");
    }
}
