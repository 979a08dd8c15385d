package dev.deliverykit.junit5;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every message says "Fix:" once: the failures of the test classes that provoke the kit's messages (configuration
 * errors, engine verdicts, invariant failures, ordered delivery, parameters, replay), with their causes and
 * suppressed exceptions, as a run produces them, so that a message composed of another's (an engine message inside a
 * configuration error) is caught too.
 */
class MessagesSayFixOnceTest {

    @TempDir
    Path reports;

    @Test
    void noFailureOfTheKitsMessageProvokingTestClassesSaysFixTwice() {
        Class<?>[] provoking = Stream.of(
                        ConfigurationErrorTest.class,
                        DeliverInOrderTest.class,
                        ReplayAndHonestyTest.class,
                        CheckInvariantTest.class,
                        ScenarioParameterTest.class)
                .flatMap(test -> Arrays.stream(test.getDeclaredClasses()))
                .filter(fixture -> fixture.isAnnotationPresent(CrashTestKitOnly.class))
                // JUnit itself warns at discovery of a method with @Test and @CrashAt; that one has its own test.
                .filter(fixture -> fixture != ScenarioParameterTest.TestAndCrashAtTestCases.class)
                .toArray(Class<?>[]::new);
        CrashTestResults run = CrashTestKit.reportingTo(reports.resolve("all")).run(provoking);
        CrashTestResults replayed = CrashTestKit.reportingTo(reports.resolve("replayed"))
                .with(DeliveryKitConfiguration.REPLAY, "selector=after-comit;hit=3")
                .run(provoking);

        List<String> messages = new ArrayList<>();
        Stream.concat(run.failures().stream(), replayed.failures().stream())
                .forEach(failure -> collect(failure, messages, new IdentityHashMap<>()));

        assertThat(messages).hasSizeGreaterThan(50);
        assertThat(messages)
                .allSatisfy(message -> assertThat(fixes(message))
                        .as("\"Fix:\" in%n%s", message)
                        .isLessThanOrEqualTo(1));
    }

    private static void collect(Throwable failure, List<String> messages, Map<Throwable, Boolean> seen) {
        if (failure == null || seen.put(failure, true) != null) {
            return;
        }
        if (failure.getMessage() != null) {
            messages.add(failure.getMessage());
        }
        collect(failure.getCause(), messages, seen);
        Arrays.stream(failure.getSuppressed()).forEach(suppressed -> collect(suppressed, messages, seen));
    }

    private static int fixes(String message) {
        int count = 0;
        for (int at = message.indexOf("Fix:"); at >= 0; at = message.indexOf("Fix:", at + 1)) {
            count++;
        }
        return count;
    }
}
