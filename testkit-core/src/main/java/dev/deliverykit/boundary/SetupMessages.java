package dev.deliverykit.boundary;

import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.internal.text.Message;
import java.util.List;

/**
 * The messages of a crash set up wrong, thrown before anything runs: a name, a method, a workload, a setting or a run
 * that would overlap another.
 */
final class SetupMessages {

    private SetupMessages() {}

    /** {@code name} is not a boundary of {@code catalogue}. */
    static Message unknownBoundary(String catalogue, String name, List<String> knownNames) {
        return Message.of(
                "Unknown boundary \"" + name + "\" in catalogue \"" + catalogue + "\". Known boundaries: "
                        + (knownNames.isEmpty() ? "none" : String.join(", ", knownNames)),
                "one of these names",
                "correct the name, or add the boundary with BoundaryCatalogue.builder(\"" + catalogue + "\").add(\""
                        + name + "\", selector)");
    }

    /** A child JVM cannot create {@code workload} itself. */
    static Message notRunnableInChild(Class<?> workload) {
        return Message.of(
                workload.getName() + " cannot be run in a child JVM: the child creates the workload itself, so it must"
                        + " be a public, non-abstract, top-level or static nested class with a public no-argument"
                        + " constructor",
                null,
                "make it so, and pass data as arguments");
    }

    /** The system property {@code property} is set to {@code configured}, which is no duration. */
    static Message unusableDuration(String property, String configured) {
        return Message.of(
                "-D" + property + "=" + configured + " cannot be used: expected " + DurationText.EXPECTED,
                null,
                "correct or remove the system property");
    }

    /** An in-process run started while {@code otherThread} ran another in this JVM. */
    static Message runsOverlap(String otherThread) {
        return Message.of(
                "Another in-process boundary run is active in this JVM (on thread " + otherThread + "); the agent is"
                        + " JVM-wide, so in-process runs cannot overlap",
                "one run at a time",
                "run these tests sequentially (no parallel JUnit execution for them), or use crashInChildProcess,"
                        + " which may run in parallel");
    }

    /** {@code selection} names a method of {@code type}, a JDK class the engine does not instrument. */
    static Message bootstrapMethod(String selection, String type) {
        return Message.of(
                "Cannot select " + selection + ": " + type + " is a JDK class loaded by the bootstrap class loader,"
                        + " which the engine does not instrument",
                "an application or library class",
                "select the method of your code that calls it");
    }

    /**
     * {@code type} declares no method {@code method} with a body.
     *
     * @param selection the selector's description
     * @param type the named class
     * @param method the method name, with its parameter types when the selector gives them
     * @param declared the signatures of the methods {@code type} declares
     */
    static Message undeclaredMethod(String selection, String type, String method, List<String> declared) {
        return Message.of(
                "Cannot select " + selection + ": " + type + " declares no method " + method
                        + " with a body. Its declared methods: "
                        + (declared.isEmpty() ? "none" : String.join(", ", declared)),
                "the class that declares and implements the method (not an interface, nor a subclass that inherits"
                        + " it)",
                "name that class, or correct the method name or parameter types");
    }

    /** {@code name} cannot name a boundary. */
    static String badBoundaryName(String name) {
        return "\"" + name + "\" is not a boundary name: use letters, digits and . _ : - only, starting with a letter"
                + " or digit (for example after-outbox-insert), so that replay keys like"
                + " boundary=after-outbox-insert;hit=1 stay unambiguous";
    }

    /** Catalogue {@code catalogue} was given the unnamed boundary {@code boundary}. */
    static String unnamedInCatalogue(String catalogue, String boundary) {
        return "catalogue \"" + catalogue + "\" needs named boundaries, got the unnamed " + boundary
                + "; use Boundary.named(name, selector)";
    }

    /** Catalogue {@code catalogue} has a boundary {@code name}, which selects {@code selector}, already. */
    static String nameTakenInCatalogue(String catalogue, String name, String selector) {
        return "catalogue \"" + catalogue + "\" already has a boundary named \"" + name + "\" (" + selector
                + "); give each boundary its own name";
    }

    /** A watch list names two boundaries {@code name}, of selectors {@code first} and {@code second}. */
    static String nameTakenInWatch(String name, String first, String second) {
        return "two different boundaries are both named \"" + name + "\": " + first + " and " + second
                + "; give them different names";
    }

    /** The replay key {@code key} names a boundary of a catalogue where a selector was read. */
    static String catalogueKeyAsSelector(String key) {
        return "\"" + key + "\" names a catalogue boundary, not a selector; read it with its catalogue";
    }

    /** The replay key {@code key} scopes its selector in its spec and in {@code within=}. */
    static String placeNamedTwice(String key) {
        return "\"" + key + "\" names a place twice: in its spec and as within=; keep one";
    }

    /** {@code replayKey} names no crash. */
    static String notACrashKey(String replayKey) {
        return "\"" + replayKey + "\" is not a replay key; expected boundary=NAME;hit=N as printed by"
                + " CrashResult.replayKey(), for example boundary=after-outbox-insert;hit=1";
    }

    /** A plan to crash at hit {@code n}, below 1. */
    static String hitBelowOne(int n) {
        return "hits are counted from 1, got occurrence " + n;
    }

    /** A database of another process named by a blank JDBC URL prefix. */
    static String blankDatabasePrefix() {
        return "a database of another process is named by the start of its JDBC URL, such as"
                + " \"jdbc:sqlite:/tmp/receiver.db\"; got a blank prefix";
    }

    /** A child's time limit {@code limit} that is not positive. */
    static String timeoutNotPositive(Object limit) {
        return "timeout must be positive, got " + limit;
    }
}
