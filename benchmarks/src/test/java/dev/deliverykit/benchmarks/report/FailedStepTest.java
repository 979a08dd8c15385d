package dev.deliverykit.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FailedStepTest {

    @Test
    void givesTheExceptionAndItsRootCauseOnOneLine() {
        IOException root = new IOException("disk\nfull");
        RuntimeException thrown = new IllegalStateException("sweep failed", new UncheckedIOException("write", root));

        FailedStep failed = FailedStep.of("B8 sweep", Set.of("B8"), thrown);

        assertThat(failed.reason())
                .isEqualTo("IllegalStateException: sweep failed (root cause: IOException: disk full)");
    }

    @Test
    void givesTheExceptionAloneWithoutACause() {
        assertThat(FailedStep.reason(new IllegalArgumentException())).isEqualTo("IllegalArgumentException");
    }
}
