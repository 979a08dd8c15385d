package dev.deliverykit.junit5.internal.execution;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.deliverykit.boundary.BoundaryEngine;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.fixtures.WarehouseReservation;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import dev.deliverykit.reference.outbox.DeliveryProtocol;
import java.lang.reflect.Field;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dead process of a case is let go when the case ends, where a failure fails the case: the engine's release is
 * made to fail for real, by taking away the executors' bridge it switches off when it lets a dead process go.
 */
class DeadProcessReleaseTest {

    @TempDir
    Path reports;

    /** The engine's bridge into {@code java.util.concurrent}, replaced by a class without its hooks while broken. */
    static final class BrokenBridge {
        private static Object defined;
        private static boolean broken;

        private static Field field() throws ReflectiveOperationException {
            Field field = Class.forName("dev.deliverykit.internal.instrument.BootstrapBridge")
                    .getDeclaredField("defined");
            field.setAccessible(true);
            return field;
        }

        static synchronized void breakIt() throws ReflectiveOperationException {
            defined = field().get(null);
            field().set(null, Object.class);
            broken = true;
        }

        /** Restores the bridge, and lets the dead process go as the failed release would have. */
        static synchronized void repair() throws ReflectiveOperationException {
            if (broken) {
                field().set(null, defined);
                broken = false;
                BoundaryEngine.get().releaseDeadProcess();
            }
        }
    }

    @CrashTestKitOnly
    static class ReleaseFailsTestCases {
        /** Registered with the class: runs after the invocation's own callbacks, the release among them. */
        @RegisterExtension
        static final AfterEachCallback REPAIR = context -> BrokenBridge.repair();

        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit", occurrence = 3)
        void kitTest(CrashScenario scenario) throws Exception {
            scenario.run(() -> WarehouseReservation.submit(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir));
            scenario.restart(() -> WarehouseReservation.recover(DeliveryProtocol.OUTBOX_WITH_ATOMIC_RECEIPT, dir));
            BrokenBridge.breakIt();
        }
    }

    @AfterEach
    void repairTheBridgeIfTheRunDidNot() throws ReflectiveOperationException {
        BrokenBridge.repair();
    }

    @Test
    void aReleaseThatFailsFailsTheCaseSayingSoAndTheReportRecordsIt() throws Exception {
        CrashTestResults results = CrashTestKit.reportingTo(reports).run(ReleaseFailsTestCases.class);

        Throwable failure = assertThat(results)
                .hasSingleFailedCase("[1] crash after commit #3")
                .withExceptionInstanceOf(IllegalStateException.class)
                .failure();
        assertThat(failure.getCause())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("cannot set the executor bridge's ");
        assertThat(failure)
                .hasMessage(ScenarioMessages.deadProcessNotReleased("crash after commit #3", failure.getCause())
                        .sentences());
        JsonNode theCase = new ObjectMapper()
                .readTree(reports.resolve("report.json").toFile())
                .get("tests")
                .get(0)
                .get("cases")
                .get(0);
        assertThat(theCase.get("outcome").asText()).isEqualTo("FAILED");
        assertThat(theCase.get("failure").asText()).contains("its dead process could not be let go");
    }
}
