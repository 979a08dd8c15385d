package dev.deliverykit.junit5;

import dev.deliverykit.boundary.BoundaryHit;
import dev.deliverykit.boundary.CrashResult;
import dev.deliverykit.boundary.Recording;
import dev.deliverykit.invariant.InvariantResult;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** One invocation's row in the report: its case, what it observed, and how it ended. Thread-safe. */
final class CaseEntry {

    private final String testClass;
    private final String testMethod;
    private final String templateId;
    private final String uniqueId;
    private final CrashCase crashCase;
    private final Map<String, Object> observations = new LinkedHashMap<>();
    private final Map<String, InvariantResult> invariants = new LinkedHashMap<>();
    private CaseOutcome outcome = CaseOutcome.NOT_FINISHED;
    private String failure;
    private String crashSite;
    private int hits = -1;

    CaseEntry(String testClass, String testMethod, String templateId, String uniqueId, CrashCase crashCase) {
        this.testClass = testClass;
        this.testMethod = testMethod;
        this.templateId = templateId;
        this.uniqueId = uniqueId;
        this.crashCase = crashCase;
    }

    synchronized void observe(String name, Object value) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an observation needs a name, such as \"effects\"");
        }
        observations.put(name, value);
    }

    synchronized void checked(InvariantResult result) {
        invariants.put(result.invariantName(), result);
    }

    synchronized void crashed(CrashResult crash) {
        if (crash != null) {
            BoundaryHit site = crash.crashSite();
            crashSite = site.stack().isEmpty() ? site.threadName() : site.stack().get(0);
            hits = crash.hits().size();
        }
    }

    synchronized void recorded(Recording recording) {
        hits = recording.hits().size();
    }

    synchronized void finish(CaseOutcome how, String message) {
        outcome = how;
        failure = message;
    }

    /** The test class's simple name. */
    public String testClass() {
        return testClass;
    }

    /** The test method's name. */
    public String testMethod() {
        return testMethod;
    }

    /** The unique id of the test template this invocation belongs to. */
    public String templateId() {
        return templateId;
    }

    /** The invocation's unique id. */
    public String uniqueId() {
        return uniqueId;
    }

    /** The case. */
    public CrashCase crashCase() {
        return crashCase;
    }

    /** How it ended. */
    public synchronized CaseOutcome outcome() {
        return outcome;
    }

    /** The failure message, or {@code null}. */
    public synchronized String failure() {
        return failure;
    }

    /** Where the crash happened (a stack frame), or {@code null}. */
    public synchronized String crashSite() {
        return crashSite;
    }

    /** How many watched hits the run saw, or -1 if it did not run. */
    public synchronized int hits() {
        return hits;
    }

    /** The invariants the test checked, by name, in order. */
    public synchronized Map<String, InvariantResult> invariants() {
        return new LinkedHashMap<>(invariants);
    }

    /** The named values the test observed, in order. */
    public synchronized Map<String, Object> observations() {
        return new LinkedHashMap<>(observations);
    }
}
