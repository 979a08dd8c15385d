package dev.deliverykit.junit5.faults;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.CrashMode;
import dev.deliverykit.Fault;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.CrashSweep;
import dev.deliverykit.junit5.SweepKind;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Services with a failure-handling bug and their correct twins, swept with crashes and injected failures. */
public final class FaultsTestCases {

    private FaultsTestCases() {}

    /** The payment service charging one order; the restart charges it if it is not charged yet. */
    abstract static class Charging {
        @TempDir
        Path dir;

        private final boolean retriesBlindly;

        Charging(boolean retriesBlindly) {
            this.retriesBlindly = retriesBlindly;
        }

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                faults = {Fault.CRASH, Fault.FAILURE},
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void chargedOnce(CrashScenario scenario) throws Exception {
            Payments payments = new Payments(dir).create();
            scenario.run(() -> {
                if (retriesBlindly) {
                    payments.chargeRetrying("o-1");
                } else {
                    payments.chargeOnce("o-1");
                }
            });
            scenario.restart(() -> new Payments(dir).recover("o-1"));
            assertThat(new Payments(dir).charges("o-1")).as("charges of o-1").isOne();
        }
    }

    @CrashTestKitOnly
    public static class RetriesBlindlyTestCases extends Charging {
        RetriesBlindlyTestCases() {
            super(true);
        }
    }

    @CrashTestKitOnly
    public static class RetriesOnceTestCases extends Charging {
        RetriesOnceTestCases() {
            super(false);
        }
    }

    /** The consumer of one message; the restart consumes what is left with the correct consumer. */
    abstract static class Consuming {
        @TempDir
        Path dir;

        private final boolean acksFirst;

        Consuming(boolean acksFirst) {
            this.acksFirst = acksFirst;
        }

        @CrashSweep(
                kinds = SweepKind.COMMITS,
                faults = {Fault.CRASH, Fault.FAILURE},
                mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
        void appliedOnce(CrashScenario scenario) throws Exception {
            scenario.prepare(() -> new Inbox(dir).create("m-1")); // once: a child rerun must not queue it again
            Inbox inbox = new Inbox(dir);
            scenario.run(() -> {
                if (acksFirst) {
                    inbox.consumeAckingFirst();
                } else {
                    inbox.consume();
                }
            });
            scenario.restart(() -> new Inbox(dir).consume());
            assertThat(new Inbox(dir).effects("m-1")).as("effects of m-1").isOne();
        }
    }

    @CrashTestKitOnly
    static class AcksFirstTestCases extends Consuming {
        AcksFirstTestCases() {
            super(true);
        }
    }

    @CrashTestKitOnly
    public static class AppliesThenAcksTestCases extends Consuming {
        AppliesThenAcksTestCases() {
            super(false);
        }
    }

    /** One failure, named: the charge's commit applied and its answer lost. */
    @CrashTestKitOnly
    static class CommitOutcomeUnknownTestCases {
        @TempDir
        Path dir;

        @CrashAt(selector = "after-commit", fault = Fault.FAILURE)
        void chargedOnce(CrashScenario scenario) throws Exception {
            Payments payments = new Payments(dir).create();
            scenario.run(() -> payments.chargeRetrying("o-1"));
            assertThat(new Payments(dir).charges("o-1")).as("charges of o-1").isOne();
        }
    }
}
