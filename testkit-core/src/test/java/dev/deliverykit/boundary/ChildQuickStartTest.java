package dev.deliverykit.boundary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kit starts its child JVMs with C1 only unless told otherwise; the launch's own options come later
 * and win.
 */
class ChildQuickStartTest {

    private static final CrashPlan AFTER_PRINTING =
            CrashPlan.at(Selector.methodExit(JvmOptionsWorkload.class, "printed"));

    private static List<String> childOptions(ChildLaunch launch) {
        CrashResult result = BoundaryEngine.get().crashInChildProcess(AFTER_PRINTING, launch);
        assertThat(result.childResult().orElseThrow().exitCode()).isEqualTo(BoundaryEngine.CRASH_EXIT_CODE);
        return result.childResult().orElseThrow().stdoutLines();
    }

    @Test
    void aChildStartsWithC1OnlyByDefault() {
        ChildLaunch launch = ChildLaunch.of(JvmOptionsWorkload.class);

        assertThat(launch.startupOptions()).containsExactly("-XX:TieredStopAtLevel=1");
        assertThat(childOptions(launch)).contains("-XX:TieredStopAtLevel=1");
    }

    @Test
    void theLaunchsOwnOptionsComeAfterTheQuickStartOptions() {
        List<String> options =
                childOptions(ChildLaunch.of(JvmOptionsWorkload.class).jvmArgs("-XX:TieredStopAtLevel=4"));

        assertThat(options).containsSubsequence("-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4");
    }

    @Test
    void withoutQuickStartTheChildHasTheJvmsOwnDefaults() {
        ChildLaunch launch = ChildLaunch.of(JvmOptionsWorkload.class).withoutQuickStart();

        assertThat(launch.startupOptions()).isEmpty();
        assertThat(childOptions(launch)).noneMatch(option -> option.startsWith("-XX:TieredStopAtLevel"));
    }

    @Test
    void theSystemPropertyLeavesTheQuickStartOptionsOutOfEveryLaunch() {
        String before = System.getProperty(ChildLaunch.QUICK_START_PROPERTY);
        System.setProperty(ChildLaunch.QUICK_START_PROPERTY, "false");
        try {
            assertThat(ChildLaunch.of(JvmOptionsWorkload.class).startupOptions())
                    .isEmpty();
        } finally {
            if (before == null) {
                System.clearProperty(ChildLaunch.QUICK_START_PROPERTY);
            } else {
                System.setProperty(ChildLaunch.QUICK_START_PROPERTY, before);
            }
        }
        assertThat(ChildLaunch.of(JvmOptionsWorkload.class).startupOptions())
                .containsExactly("-XX:TieredStopAtLevel=1");
    }
}
