package dev.deliverykit.junit5.internal.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.deliverykit.junit5.MergeReports;
import org.junit.jupiter.api.Test;

/** The report names the merge tool by its class name, without depending on the face's entry points. */
class ReportTextTest {

    @Test
    void theMergeToolIsNamedAsItsClassIs() {
        assertThat(ReportText.MERGE_TOOL).isEqualTo(MergeReports.class.getName());
    }
}
