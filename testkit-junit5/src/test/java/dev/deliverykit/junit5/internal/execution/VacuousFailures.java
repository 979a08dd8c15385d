package dev.deliverykit.junit5.internal.execution;

import java.util.List;

/**
 * The failure of a sweep that cannot fail, for the tests of other packages that expect it whole: they say what each
 * invariant read, and leave the wording to the one test that pins it ({@code VacuousMessagesTests}).
 */
public final class VacuousFailures {

    private VacuousFailures() {}

    /** The failure of an in-process crash-free run that committed {@code commits} times, each invariant as read. */
    public static String nothingAfterTheCrashFreeRun(long commits, List<String> reads) {
        return VacuousMessages.nothingAfterTheCrashFreeRun(false, commits, reads)
                .lines();
    }

    /** The failure of a child that crashed after all {@code commits} commits, none of which survived. */
    public static String commitsLost(long commits, List<String> reads) {
        return VacuousMessages.commitsLost(commits, reads).lines();
    }
}
