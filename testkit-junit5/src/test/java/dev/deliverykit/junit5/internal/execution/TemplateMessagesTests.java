package dev.deliverykit.junit5.internal.execution;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TemplateMessagesTests {

    @Test
    void noRecordingRun() {
        assertThat(TemplateMessages.noRecordingRun("T.m(CrashScenario)").sentences())
                .isEqualTo("@CrashSweep on T.m(CrashScenario): the recording invocation did not run (was one crash"
                        + " invocation rerun alone, by its unique id?), so there are no crash cases to run. Fix: run the"
                        + " whole test, or rerun one case with -Ddeliverykit.replay='<replay key from its failure"
                        + " message>'.");
    }

    @Test
    void storeNotClosed() {
        assertThat(TemplateMessages.storeNotClosed().sentences())
                .isEqualTo("DeliveryKit writes its report when JUnit closes the root store, but"
                        + " junit.jupiter.extensions.store.close.autocloseable.enabled = false stops JUnit from closing"
                        + " AutoCloseable values. Fix: remove that setting, or turn the report off with"
                        + " deliverykit.report.enabled = false and deliverykit.report.summary = false.");
    }
}
