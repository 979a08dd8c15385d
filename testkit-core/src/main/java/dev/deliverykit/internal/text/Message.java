package dev.deliverykit.internal.text;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One error message as a value: where it happened, what happened, what was expected and how to fix it. Factories
 * build it, one per message; each layer renders it in its own form, so that no layer types or parses "Fix:".
 *
 * <p>The inline forms join the parts into sentences, so there a part is a clause without its closing full stop. In
 * the multi-line form each part is a paragraph of its own and closes itself (it may end with a list or a child's
 * output), so {@link #lines()} prints the parts as given.
 *
 * @param where the element or place the message is about, printed first as {@code where: }; {@code null} for none
 * @param what what happened
 * @param expected what was expected; {@code null} when {@code what} says it
 * @param fix how to fix it
 */
@API(status = INTERNAL, since = "0.1")
public record Message(String where, String what, String expected, String fix) {

    /** Checks the parts that every message has. */
    public Message {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(fix, "fix");
    }

    /** A message about no particular element. */
    public static Message of(String what, String expected, String fix) {
        return new Message(null, what, expected, fix);
    }

    /** This message about {@code element}, for a layer that names the element the user wrote. */
    public Message at(String element) {
        return new Message(element, what, expected, fix);
    }

    /** This message with the fix in the terms of the layer that reports it. */
    public Message fixedBy(String layerFix) {
        return new Message(where, what, expected, layerFix);
    }

    /** {@code where: what. Expected expected. Fix: fix.}: the engine's one-line exception text. */
    public String sentences() {
        return clauses() + ".";
    }

    /** {@code where: what. Expected expected. Fix: fix}: a one-line text that its reporter closes itself. */
    public String clauses() {
        return prefix() + what + (expected == null ? "" : ". Expected " + expected) + ". Fix: " + fix;
    }

    /** {@code where: what}, {@code Expected: expected} and {@code Fix: fix}, each on its own line. */
    public String lines() {
        return prefix() + what + "\n" + (expected == null ? "" : "Expected: " + expected + "\n") + "Fix: " + fix;
    }

    private String prefix() {
        return where == null ? "" : where + ": ";
    }
}
