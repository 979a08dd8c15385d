package dev.deliverykit.junit5.realstack;

import static dev.deliverykit.junit5.testkit.CrashTestKitAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.realstack.fixtures.Shop;
import dev.deliverykit.junit5.realstack.fixtures.Shop.RelayKind;
import dev.deliverykit.junit5.realstack.fixtures.Store;
import dev.deliverykit.junit5.testkit.CrashTestKit;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import dev.deliverykit.junit5.testkit.CrashTestResults;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sweep cases of the Spring outbox named after the service code, not Spring's transaction manager, and after
 * its caller when the test sees through the outbox's data-access class, by annotation or by configuration
 * parameter (docs/boundaries.md, "Where a crash happened").
 */
@RealStack
class CrashSiteNamesTest {

    private static final String OUTBOX = "dev.deliverykit.junit5.realstack.fixtures.Outbox";

    @TempDir
    Path reports;

    @CrashTestKitOnly
    static class CommitsTestCases {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS)
        void placedOrderShips(CrashScenario scenario) throws Exception {
            Shop.crashAndRecover(scenario, Store.SQLITE, dir, RelayKind.CORRECT, "o-1");
        }
    }

    @CrashTestKitOnly
    static class SeeingThroughTheOutboxTestCases {
        @TempDir
        Path dir;

        @CrashSweep(kinds = SweepKind.COMMITS, seeThrough = OUTBOX)
        void placedOrderShips(CrashScenario scenario) throws Exception {
            Shop.crashAndRecover(scenario, Store.SQLITE, dir, RelayKind.CORRECT, "o-1");
        }
    }

    @CrashTestKitOnly
    static class NotAPackageTestCases {
        @CrashSweep(kinds = SweepKind.COMMITS, seeThrough = "com.example.db; com.example.util")
        void placedOrderShips(CrashScenario scenario) {
            scenario.run(() -> {});
        }
    }

    private static final List<String> BY_THE_SERVICE_CODE = List.of(
            "[1] record boundaries (crash-free run)",
            "[2] crash before commit #1 in OrderService.placeOrder (via TransactionOperations.executeWithoutResult)",
            "[3] crash after commit #1 in OrderService.placeOrder (via TransactionOperations.executeWithoutResult)",
            "[4] crash before commit #1 in ShippingReceiver.receive (via TransactionOperations.executeWithoutResult)",
            "[5] crash after commit #1 in ShippingReceiver.receive (via TransactionOperations.executeWithoutResult)",
            "[6] crash before commit #1 in Outbox.markPublished (via TransactionOperations.executeWithoutResult)",
            "[7] crash after commit #1 in Outbox.markPublished (via TransactionOperations.executeWithoutResult)");

    private static final List<String> BY_THE_OUTBOX_CALLER = List.of(
            "[1] record boundaries (crash-free run)",
            "[2] crash before commit #1 in OrderService.placeOrder (via TransactionOperations.executeWithoutResult)",
            "[3] crash after commit #1 in OrderService.placeOrder (via TransactionOperations.executeWithoutResult)",
            "[4] crash before commit #1 in ShippingReceiver.receive (via TransactionOperations.executeWithoutResult)",
            "[5] crash after commit #1 in ShippingReceiver.receive (via TransactionOperations.executeWithoutResult)",
            // the receiver's commit, which the relay calls, is the first commit within publish
            "[6] crash before commit #2 in OutboxRelay.publish (via Outbox.markPublished)",
            "[7] crash after commit #2 in OutboxRelay.publish (via Outbox.markPublished)");

    @Test
    void aCommitInsideATransactionTemplateIsNamedAfterTheCodeThatOpenedIt() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(CommitsTestCases.class);

        assertThat(results).hasNumberOfSucceededCases(7).hasNumberOfFailedCases(0);
        assertThat(results.startedCases()).containsExactlyElementsOf(BY_THE_SERVICE_CODE);
    }

    @Test
    void aSeenThroughClassNamesTheCommitAfterItsCaller() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .run(SeeingThroughTheOutboxTestCases.class);

        assertThat(results).hasNumberOfSucceededCases(7).hasNumberOfFailedCases(0);
        assertThat(results.startedCases()).containsExactlyElementsOf(BY_THE_OUTBOX_CALLER);
    }

    @Test
    void theConfigurationParameterSeesThroughForEveryKitTest() {
        CrashTestResults results = CrashTestKit.reportingTo(reports)
                .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                .with("deliverykit.site.see-through", " com.example.unused ," + OUTBOX)
                .run(CommitsTestCases.class);

        assertThat(results).hasNumberOfSucceededCases(7).hasNumberOfFailedCases(0);
        assertThat(results.startedCases()).containsExactlyElementsOf(BY_THE_OUTBOX_CALLER);
    }

    @Test
    void aSeeThroughEntryThatIsNoJavaNameIsRefusedBeforeAnythingRuns() {
        assertThat(CrashTestKit.reportingTo(reports)
                        .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                        .with("deliverykit.site.see-through", "com.example.db; com.example.util")
                        .run(CommitsTestCases.class))
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessageStartingWith("DeliveryKit configuration parameter deliverykit.site.see-through ="
                        + " \"com.example.db; com.example.util\" cannot be used: \"com.example.db; com.example.util\""
                        + " is not a package or class name; expected comma-separated dotted Java names such as"
                        + " com.example.db, com.example.util.Tx. Fix: ");
        assertThat(CrashTestKit.reportingTo(reports)
                        .with(DeliveryKitConfiguration.SWEEP_EXHAUSTIVE, "true")
                        .run(NotAPackageTestCases.class))
                .hasNumberOfStartedCases(0)
                .hasSingleFailedContainer()
                .withExceptionInstanceOf(ExtensionConfigurationException.class)
                .withMessage("@CrashSweep(seeThrough = \"com.example.db; com.example.util\") on"
                        + " NotAPackageTestCases.placedOrderShips(CrashScenario): \"com.example.db; com.example.util\""
                        + " is not a package or class name to see through; expected a dotted Java name such as"
                        + " com.example.db or com.example.util.Tx. Fix: name packages or classes, for example"
                        + " seeThrough = \"com.example.db\"");
    }
}
