package dev.deliverykit.junit5.internal.report;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.boundary.TurnEnd;
import dev.deliverykit.invariant.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * The codec of {@code report.json} and its parts: a {@link Report} as JSON text and back, the one place that names
 * the report's fields (with {@link SweepJson}, which names a sweep's and a schedule's). A field the report writes only when it says something ({@code afterDeath},
 * {@code equivalents}, {@code sweep}, {@code guarantees}, ...) is left out when empty, and read as empty when
 * missing; other fields are written even when {@code null}, and a number or an enum the report cannot do without is
 * refused, by its field, when it is missing or holds what the kit never writes there.
 */
@API(status = INTERNAL, since = "0.1")
public final class ReportJson {

    /** The field of a report that {@link dev.deliverykit.junit5.MergeReports} merged from shards: how many. */
    public static final String MERGED_SHARDS = "mergedShards";

    private static final String FORMAT = "format";
    private static final String PID = "pid";
    private static final String RUN = "run";
    private static final String WRITTEN = "written";
    private static final String JDK = "jdk";
    private static final String KIT = "kit";
    private static final String SHARD = "shard";
    private static final String PARTS = "parts";
    private static final String FILE = "file";
    private static final String TOTALS = "totals";
    private static final String TESTS = "tests";
    private static final String GUARANTEES = "guarantees";
    private static final String CLASS = "class";
    private static final String CLASS_NAME = "className";
    private static final String METHOD = "method";
    private static final String UNIQUE_ID = "uniqueId";
    private static final String CASES = "cases";
    private static final String DISPLAY_NAME = "displayName";
    private static final String CASE_NUMBER = "caseNumber";
    private static final String KIND = "kind";
    private static final String BOUNDARY = "boundary";
    private static final String SELECTOR = "selector";
    private static final String WITHIN = "within";
    private static final String HIT = "hit";
    private static final String RECOVERY = "recovery";
    private static final String ORDER = "order";
    private static final String MODE = "mode";
    private static final String REPLAY_KEY = "replayKey";
    private static final String OUTCOME = "outcome";
    private static final String FAILURE = "failure";
    private static final String CRASH_SITE = "crashSite";
    private static final String AFTER_DEATH = "afterDeath";
    private static final String HITS = "hits";
    private static final String DURATION = "durationMs";
    private static final String INVARIANTS = "invariants";
    private static final String OBSERVATIONS = "observations";
    private static final String ATTACHMENTS = "attachments";
    private static final String EQUIVALENTS = "equivalents";
    private static final String SWEEP = "sweep";
    private static final String FIELD = "field";
    private static final String VERDICT = "verdict";
    private static final String CHECKED = "checked";
    private static final String VIOLATIONS = "violations";
    private static final String MESSAGE = "message";
    private static final String VIOLATED = "violated";
    private static final String LABEL = "label";
    private static final String KEY = "key";
    private static final String FOUND = "found";
    private static final String EXPECTED = "expected";
    private static final String PATH = "path";
    private static final String ROLE = "role";
    private static final String ID = "id";
    private static final String NAME = "name";
    private static final String GUARANTEE = "guarantee";
    private static final String SEED = "seed";
    private static final String FAILED = "failed";
    private static final String FINDING = "finding";
    private static final String REASON = "reason";
    private static final String UNKNOWN = "unknown";

    private ReportJson() {}

    /** {@code report} as indented JSON, ending with a line break. */
    static String write(Report report) {
        return JsonText.write(data(report)) + "\n";
    }

    /**
     * Reads a report or a part.
     *
     * @throws OtherReportFormat when the text is JSON but not of format {@value Report#FORMAT}
     * @throws BadReportField naming a number or an enum that is missing, or holds what the kit never writes there
     * @throws IllegalArgumentException naming the position of the first thing that is not JSON
     */
    static Report read(String text) {
        JsonText.Node root = JsonText.read(text);
        String format = root.path(FORMAT).asText();
        if (!Report.FORMAT.equals(format)) {
            throw new OtherReportFormat(format);
        }
        try {
            List<TestReport> tests = new ArrayList<>();
            root.path(TESTS).forEach(test -> tests.add(test(test)));
            List<GuaranteeResult> guarantees = new ArrayList<>();
            root.path(GUARANTEES).forEach(guarantee -> guarantees.add(guarantee(guarantee)));
            return new Report(header(root), tests, guarantees);
        } catch (UnexpectedValue e) {
            List<String> kits = new ArrayList<>();
            (root.path(PARTS).isMissing() ? List.of(root) : root.path(PARTS))
                    .forEach(part ->
                            part.text(KIT).filter(kit -> !kits.contains(kit)).ifPresent(kits::add));
            throw new BadReportField(e, kits);
        }
    }

    private static Map<String, Object> data(Report report) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put(FORMAT, Report.FORMAT);
        if (report.header() instanceof Report.Part part) {
            root.put(PID, part.pid());
            root.put(RUN, part.run());
            root.put(WRITTEN, part.written());
            root.put(JDK, part.jdk());
            root.put(KIT, part.kit());
            root.put(SHARD, part.shard().orElse(null));
        } else if (report.header() instanceof Report.Merged merged) {
            root.put(PARTS, list(merged.parts(), ReportJson::source));
            root.put(SHARD, merged.shard().orElse(null));
            merged.mergedShards().ifPresent(shards -> root.put(MERGED_SHARDS, (long) shards));
        }
        root.put(TOTALS, totals(report.totals()));
        root.put(TESTS, list(report.tests(), ReportJson::test));
        if (!report.guarantees().isEmpty()) {
            root.put(GUARANTEES, list(report.guarantees(), ReportJson::guarantee));
        }
        return root;
    }

    private static Report.Header header(JsonText.Node root) {
        if (root.path(PARTS).isMissing()) {
            return new Report.Part(
                    root.path(PID).requiredLong(),
                    root.path(RUN).asText(null),
                    root.path(WRITTEN).asText(),
                    root.path(JDK).asText(UNKNOWN),
                    root.path(KIT).asText(UNKNOWN),
                    root.text(SHARD));
        }
        List<Report.Source> parts = new ArrayList<>();
        root.path(PARTS)
                .forEach(source -> parts.add(new Report.Source(
                        source.path(FILE).asText(),
                        source.path(PID).requiredLong(),
                        source.text(RUN),
                        source.path(WRITTEN).asText(),
                        source.path(JDK).asText(UNKNOWN),
                        source.path(KIT).asText(UNKNOWN),
                        source.text(SHARD))));
        JsonText.Node shards = root.path(MERGED_SHARDS);
        return new Report.Merged(
                parts,
                root.text(SHARD),
                shards.isMissing() ? OptionalInt.empty() : OptionalInt.of((int) shards.requiredLong()));
    }

    private static Map<String, Object> source(Report.Source source) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(FILE, source.file());
        object.put(PID, source.pid());
        object.put(RUN, source.run().orElse(null));
        object.put(WRITTEN, source.written());
        object.put(JDK, source.jdk());
        object.put(KIT, source.kit());
        object.put(SHARD, source.shard().orElse(null));
        return object;
    }

    private static Map<String, Object> totals(Totals totals) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(CASES, totals.cases());
        for (CaseOutcome outcome : CaseOutcome.values()) {
            object.put(outcome.name().toLowerCase(Locale.ROOT), totals.of(outcome));
        }
        return object;
    }

    private static Map<String, Object> test(TestReport test) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(CLASS, test.testClass());
        object.put(CLASS_NAME, test.className());
        object.put(METHOD, test.method());
        object.put(UNIQUE_ID, test.uniqueId());
        object.put(TOTALS, totals(test.totals()));
        object.put(CASES, list(test.cases(), ReportJson::row));
        return object;
    }

    private static TestReport test(JsonText.Node test) {
        List<CaseRow> cases = new ArrayList<>();
        test.path(CASES).forEach(row -> cases.add(row(row)));
        return new TestReport(
                test.path(CLASS).asText(null),
                test.path(CLASS_NAME).asText(null),
                test.path(METHOD).asText(null),
                test.path(UNIQUE_ID).asText(),
                cases);
    }

    private static Map<String, Object> row(CaseRow row) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(DISPLAY_NAME, row.displayName());
        object.put(UNIQUE_ID, row.uniqueId());
        object.put(CASE_NUMBER, orNull(row.caseNumber()));
        object.put(KIND, row.kind());
        object.put(BOUNDARY, row.boundary().orElse(null));
        object.put(SELECTOR, row.selector().orElse(null));
        object.put(WITHIN, row.within().orElse(null));
        object.put(HIT, orNull(row.hit()));
        object.put(RECOVERY, row.recovery().map(ReportJson::recovery).orElse(null));
        object.put(ORDER, row.order().orElse(null));
        object.put(MODE, row.mode());
        object.put(REPLAY_KEY, row.replayKey());
        object.put(OUTCOME, row.outcome().name());
        object.put(FAILURE, row.failure().orElse(null));
        object.put(CRASH_SITE, row.crashSite().orElse(null));
        if (!row.afterDeath().isEmpty()) {
            object.put(AFTER_DEATH, row.afterDeath());
        }
        object.put(HITS, orNull(row.hits()));
        object.put(DURATION, row.durationMs().isPresent() ? row.durationMs().getAsLong() : null);
        Map<String, Object> invariants = new LinkedHashMap<>();
        row.invariants().forEach((name, cell) -> invariants.put(name, invariant(cell)));
        object.put(INVARIANTS, invariants);
        object.put(OBSERVATIONS, row.observations());
        object.put(ATTACHMENTS, list(row.attachments(), ReportJson::attachment));
        if (!row.equivalents().isEmpty()) {
            object.put(EQUIVALENTS, row.equivalents());
        }
        row.sweep().ifPresent(sweep -> object.put(SWEEP, SweepJson.counts(sweep)));
        row.schedules().ifPresent(schedules -> object.put(SweepJson.SCHEDULES, SweepJson.counts(schedules)));
        if (!row.timeline().isEmpty()) {
            object.put(SweepJson.TIMELINE, list(row.timeline(), SweepJson::turn));
        }
        return object;
    }

    private static CaseRow row(JsonText.Node row) {
        Map<String, CaseRow.InvariantCell> invariants = new LinkedHashMap<>();
        row.path(INVARIANTS).fields().forEach((name, cell) -> invariants.put(name, invariant(cell)));
        Map<String, Object> observations = new LinkedHashMap<>();
        row.path(OBSERVATIONS)
                .fields()
                .forEach((name, value) -> observations.put(name, value.data().orElse(null)));
        List<CaseRow.AttachmentLink> attachments = new ArrayList<>();
        row.path(ATTACHMENTS)
                .forEach(attachment -> attachments.add(
                        new CaseRow.AttachmentLink(attachment.path(LABEL).asText(), attachment.text(PATH))));
        JsonText.Node recovery = row.path(RECOVERY);
        JsonText.Node sweep = row.path(SWEEP);
        JsonText.Node schedules = row.path(SweepJson.SCHEDULES);
        List<TurnEnd> timeline = new ArrayList<>();
        row.path(SweepJson.TIMELINE).forEach(turn -> timeline.add(SweepJson.turn(turn)));
        return new CaseRow(
                row.path(DISPLAY_NAME).asText(),
                row.path(UNIQUE_ID).asText(null),
                optionalInt(row.path(CASE_NUMBER)),
                row.path(KIND).asText(),
                row.text(BOUNDARY),
                row.text(SELECTOR),
                row.text(WITHIN),
                optionalInt(row.path(HIT)),
                recovery.data().isPresent() ? Optional.of(recovery(recovery)) : Optional.empty(),
                row.text(ORDER),
                row.path(MODE).asText(),
                row.path(REPLAY_KEY).asText(),
                row.path(OUTCOME).required(CaseOutcome.class),
                row.text(FAILURE),
                row.text(CRASH_SITE),
                row.path(AFTER_DEATH).texts(),
                optionalInt(row.path(HITS)),
                row.path(DURATION).wholeNumber(),
                invariants,
                observations,
                attachments,
                row.path(EQUIVALENTS).texts(),
                sweep.isMissing() ? Optional.empty() : Optional.of(SweepJson.counts(sweep)),
                schedules.isMissing() ? Optional.empty() : Optional.of(SweepJson.scheduleCounts(schedules)),
                timeline);
    }

    private static Map<String, Object> recovery(CaseRow.Recovery recovery) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(BOUNDARY, recovery.boundary());
        object.put(SELECTOR, recovery.selector().orElse(null));
        object.put(WITHIN, recovery.within().orElse(null));
        object.put(HIT, recovery.hit());
        object.put(CRASH_SITE, recovery.crashSite().orElse(null));
        return object;
    }

    private static CaseRow.Recovery recovery(JsonText.Node recovery) {
        return new CaseRow.Recovery(
                recovery.path(BOUNDARY).asText(),
                recovery.text(SELECTOR),
                recovery.text(WITHIN),
                (int) recovery.path(HIT).requiredLong(),
                recovery.text(CRASH_SITE));
    }

    private static Map<String, Object> invariant(CaseRow.InvariantCell cell) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(FIELD, cell.field().orElse(null));
        object.put(VERDICT, cell.verdict().name());
        object.put(CHECKED, cell.checked());
        object.put(VIOLATIONS, cell.violations());
        object.put(MESSAGE, cell.message());
        cell.violated().ifPresent(violated -> object.put(VIOLATED, list(violated, ReportJson::violation)));
        return object;
    }

    private static CaseRow.InvariantCell invariant(JsonText.Node cell) {
        JsonText.Node violated = cell.path(VIOLATED);
        List<CaseRow.ViolationRow> violations = new ArrayList<>();
        violated.forEach(violation -> violations.add(new CaseRow.ViolationRow(
                violation.path(KIND).asText(),
                violation.path(LABEL).asText(violation.path(KIND).asText()),
                violation.path(KEY).asText(),
                violation.path(FOUND).asText(),
                violation.path(EXPECTED).asText())));
        return new CaseRow.InvariantCell(
                cell.text(FIELD),
                cell.path(VERDICT).required(Verdict.class),
                cell.path(CHECKED).asText(null),
                cell.path(VIOLATIONS).requiredLong(),
                cell.path(MESSAGE).asText(),
                violated.isMissing() ? Optional.empty() : Optional.of(violations));
    }

    private static Map<String, Object> violation(CaseRow.ViolationRow violation) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(KIND, violation.kind());
        object.put(LABEL, violation.label());
        object.put(KEY, violation.key());
        object.put(FOUND, violation.found());
        object.put(EXPECTED, violation.expected());
        return object;
    }

    private static Map<String, Object> attachment(CaseRow.AttachmentLink attachment) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(LABEL, attachment.label());
        object.put(PATH, attachment.path().orElse(null));
        return object;
    }

    private static Map<String, Object> guarantee(GuaranteeResult row) {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put(CLASS, row.testClass());
        object.put(CLASS_NAME, row.className());
        object.put(METHOD, row.method());
        object.put(UNIQUE_ID, row.uniqueId());
        object.put(ROLE, row.role());
        object.put(ID, row.id());
        object.put(NAME, row.name());
        object.put(GUARANTEE, row.guarantee());
        object.put(SEED, row.seed());
        object.put(VERDICT, row.verdict().name());
        object.put(CASES, row.cases());
        object.put(FAILED, row.failed());
        object.put(FINDING, row.finding().orElse(null));
        object.put(REASON, row.reason().orElse(null));
        return object;
    }

    private static GuaranteeResult guarantee(JsonText.Node row) {
        return new GuaranteeResult(
                row.path(CLASS).asText(),
                row.path(CLASS_NAME).asText(),
                row.path(METHOD).asText(),
                row.path(UNIQUE_ID).asText(),
                row.path(ROLE).asText(),
                row.path(ID).asText(),
                row.path(NAME).asText(),
                row.path(GUARANTEE).asText(),
                row.path(SEED).asText(""),
                row.path(VERDICT).required(GuaranteeRow.Verdict.class),
                row.path(CASES).requiredLong(),
                row.path(FAILED).requiredLong(),
                row.text(FINDING),
                row.text(REASON));
    }

    private static OptionalInt optionalInt(JsonText.Node number) {
        return number.data().isPresent() ? OptionalInt.of((int) number.requiredLong()) : OptionalInt.empty();
    }

    private static Object orNull(OptionalInt number) {
        return number.isPresent() ? number.getAsInt() : null;
    }

    static <T> List<Object> list(List<T> elements, Function<T, Object> data) {
        List<Object> array = new ArrayList<>();
        elements.forEach(element -> array.add(data.apply(element)));
        return array;
    }
}
