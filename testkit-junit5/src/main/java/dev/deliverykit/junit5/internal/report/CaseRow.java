package dev.deliverykit.junit5.internal.report;

import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.invariant.Verdict;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One invocation's row of the report: its case, how it ended, what it checked and observed.
 *
 * @param caseNumber the case's number in an unsharded run of its test, from 1; empty for a replayed case
 * @param kind the case's kind ({@code CRASH}, {@code RECORD}, {@code ORDER}, ...)
 * @param boundary where the workload crashed, for a crash case
 * @param selector the crashed boundary's selector spec, without its place
 * @param within the place the selector is scoped to
 * @param hit which hit of the boundary crashed, from 1
 * @param recovery where a case that crashes its recovery too crashed the recovery
 * @param order the delivery order of an order case
 * @param mode the {@link dev.deliverykit.CrashMode} it ran in, by name
 * @param failure the failure message
 * @param crashSite where the crash happened (a stack frame)
 * @param afterDeath what the dead process still tried after an in-process crash, each refused
 * @param hits how many watched hits the run saw
 * @param durationMs milliseconds from the invocation's start to its end
 * @param invariants each checked invariant's cell, by name, in order
 * @param observations the named values the test observed (a text or a whole number each), in order
 * @param equivalents the points of a sweep this case stands for (for a pair, the recovery's)
 * @param sweep a sweep recording's counts
 * @param schedules a schedule sweep's first recording's counts
 * @param timeline a schedule case's turns, in order, as its instances ended them; empty for other cases
 */
record CaseRow(
        String displayName,
        String uniqueId,
        OptionalInt caseNumber,
        String kind,
        Optional<String> boundary,
        Optional<String> selector,
        Optional<String> within,
        OptionalInt hit,
        Optional<Recovery> recovery,
        Optional<String> order,
        String mode,
        String replayKey,
        CaseOutcome outcome,
        Optional<String> failure,
        Optional<String> crashSite,
        List<String> afterDeath,
        OptionalInt hits,
        OptionalLong durationMs,
        Map<String, InvariantCell> invariants,
        Map<String, Object> observations,
        List<AttachmentLink> attachments,
        List<String> equivalents,
        Optional<SweepCounts> sweep,
        Optional<ScheduleCounts> schedules,
        List<TurnEnd> timeline) {

    CaseRow {
        afterDeath = List.copyOf(afterDeath);
        invariants = Collections.unmodifiableMap(new LinkedHashMap<>(invariants));
        observations = Collections.unmodifiableMap(new LinkedHashMap<>(observations));
        attachments = List.copyOf(attachments);
        equivalents = List.copyOf(equivalents);
        timeline = List.copyOf(timeline);
    }

    /**
     * Where a case that crashes its recovery too crashed the recovery.
     *
     * @param crashSite the recovery's crash site (a stack frame)
     */
    record Recovery(
            String boundary, Optional<String> selector, Optional<String> within, int hit, Optional<String> crashSite) {}

    /**
     * One checked invariant of a case.
     *
     * @param field the {@code @CheckInvariant} field ({@code Class.field}) that declares it
     * @param checked what it checked, as the invariant says it
     * @param violations how many violations it found
     * @param violated its violations; empty for a part written before violations were data (only its message)
     */
    record InvariantCell(
            Optional<String> field,
            Verdict verdict,
            String checked,
            long violations,
            String message,
            Optional<List<ViolationRow>> violated) {

        InvariantCell {
            violated = violated.map(List::copyOf);
        }
    }

    /**
     * One violation.
     *
     * @param kind the {@link dev.deliverykit.invariant.ViolationKind} by name
     * @param label the kind's label, such as {@code lost intent}
     * @param key the key it concerns
     */
    record ViolationRow(String kind, String label, String key, String found, String expected) {}

    /**
     * One attachment of a case.
     *
     * @param path the file, relative to the report directory with {@code /} between names; empty when the report
     *     was off
     */
    record AttachmentLink(String label, Optional<String> path) {}

    boolean failed() {
        return outcome == CaseOutcome.FAILED;
    }

    /** The same row with another unique id and attachments, as a shard merge renumbers and copies it. */
    CaseRow renumbered(String otherId, List<AttachmentLink> copied) {
        return new CaseRow(
                displayName,
                otherId,
                caseNumber,
                kind,
                boundary,
                selector,
                within,
                hit,
                recovery,
                order,
                mode,
                replayKey,
                outcome,
                failure,
                crashSite,
                afterDeath,
                hits,
                durationMs,
                invariants,
                observations,
                copied,
                equivalents,
                sweep,
                schedules,
                timeline);
    }
}
