package dev.deliverykit.junit5.internal.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** How many cases there are, and how many of them ended each way. */
record Totals(long cases, Map<CaseOutcome, Long> byOutcome) {

    Totals {
        byOutcome = Map.copyOf(byOutcome);
    }

    static Totals of(List<CaseRow> rows) {
        Map<CaseOutcome, Long> byOutcome = new EnumMap<>(CaseOutcome.class);
        for (CaseOutcome outcome : CaseOutcome.values()) {
            byOutcome.put(
                    outcome,
                    rows.stream().filter(row -> row.outcome() == outcome).count());
        }
        return new Totals(rows.size(), byOutcome);
    }

    /** How many cases ended as {@code outcome}. */
    long of(CaseOutcome outcome) {
        return byOutcome.getOrDefault(outcome, 0L);
    }

    long passed() {
        return of(CaseOutcome.PASSED);
    }

    long failed() {
        return of(CaseOutcome.FAILED);
    }

    long aborted() {
        return of(CaseOutcome.ABORTED);
    }

    long notFinished() {
        return of(CaseOutcome.NOT_FINISHED);
    }
}
