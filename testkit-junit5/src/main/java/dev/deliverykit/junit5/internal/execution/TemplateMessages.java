package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.internal.text.Message;
import dev.deliverykit.junit5.DeliveryKitConfiguration;
import dev.deliverykit.junit5.internal.config.KitSettings;

/** The messages of a kit test template that cannot give its cases: no recording to plan them from, or no report. */
final class TemplateMessages {

    private TemplateMessages() {}

    /** A crash invocation of the sweep on {@code sweep} ran without the recording it is planned from. */
    static Message noRecordingRun(String sweep) {
        return new Message(
                "@CrashSweep on " + sweep,
                "the recording invocation did not run (was one crash invocation rerun alone, by its unique id?), so"
                        + " there are no crash cases to run",
                null,
                "run the whole test, or rerun one case with -D" + DeliveryKitConfiguration.REPLAY
                        + "='<replay key from its failure message>'");
    }

    /** JUnit is set not to close the root store, which is when the kit writes its report. */
    static Message storeNotClosed() {
        return Message.of(
                "DeliveryKit writes its report when JUnit closes the root store, but "
                        + KitSettings.STORE_CLOSES_AUTOCLOSEABLE
                        + " = false stops JUnit from closing AutoCloseable values",
                null,
                "remove that setting, or turn the report off with " + DeliveryKitConfiguration.REPORT_ENABLED
                        + " = false and " + DeliveryKitConfiguration.REPORT_SUMMARY + " = false");
    }
}
