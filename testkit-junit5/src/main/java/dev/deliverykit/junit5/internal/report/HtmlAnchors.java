package dev.deliverykit.junit5.internal.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The ids report.html links by: one per test (its name made an id, numbered when two tests share it), one per
 * matrix row, and each failed row's cause, for the link from the matrix to the cause's group.
 */
final class HtmlAnchors {

    private final List<String> ids = new ArrayList<>();
    private final Map<String, Integer> causeOfRow = new LinkedHashMap<>();

    HtmlAnchors(List<TestReport> tests, List<ReportCauses.Cause> causes) {
        Set<String> used = new HashSet<>();
        tests.forEach(test -> {
            String base = test.name().replaceAll("[^A-Za-z0-9_.-]", "-");
            String id = base;
            for (int n = 2; !used.add(id); n++) {
                id = base + "-" + n;
            }
            ids.add(id);
        });
        for (int cause = 0; cause < causes.size(); cause++) {
            for (ReportCauses.Numbered numbered : causes.get(cause).cases()) {
                causeOfRow.put(row(causes.get(cause).testIndex(), numbered.number()), cause + 1);
            }
        }
    }

    /** The heading of test {@code testIndex} (from 0). */
    String test(int testIndex) {
        return ids.get(testIndex);
    }

    /** The matrix row of case {@code number} (from 1) of test {@code testIndex}. */
    String row(int testIndex, int number) {
        return ids.get(testIndex) + "-" + number;
    }

    /** The number of the cause (from 1) a failed matrix row is listed under. */
    Optional<Integer> causeOf(String rowId) {
        return Optional.ofNullable(causeOfRow.get(rowId));
    }
}
