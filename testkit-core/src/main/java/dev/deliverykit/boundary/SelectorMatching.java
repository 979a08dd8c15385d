package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.MethodTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The engine's side of a {@link Selector}: whether a call matches it (occurrences are counted by the run, places
 * are checked on the stack by the run), which occurrence and place it is limited to, and the method it names.
 */
final class SelectorMatching {

    private SelectorMatching() {}

    /**
     * The compiled pattern of a statement selector's regular expression; a run compiles each of its selectors once
     * ({@link CompiledSelector}).
     *
     * @throws IllegalArgumentException if it does not compile
     */
    static Pattern sqlPattern(String regex) {
        try {
            return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(SelectorMessages.invalidPattern(regex, e.getDescription()), e);
        }
    }

    /** The occurrence the selector is limited to, or 0 for every occurrence. */
    static int occurrence(Selector selector) {
        return selector instanceof Selector.Occurrence occurrence ? occurrence.number() : 0;
    }

    /** The place the selector is scoped to, or {@code null} for one that matches anywhere. */
    static Place place(Selector selector) {
        return unlimited(selector) instanceof Selector.Within within ? within.place() : null;
    }

    /** The selector without its occurrence. */
    private static Selector unlimited(Selector selector) {
        return selector instanceof Selector.Occurrence occurrence ? occurrence.selector() : selector;
    }

    /** The selector without its occurrence and its place: what a call is compared with. */
    static Selector base(Selector selector) {
        Selector unlimited = unlimited(selector);
        return unlimited instanceof Selector.Within within ? within.selector() : unlimited;
    }

    /**
     * The selector without its place, keeping its occurrence, and the place: the two parts of a replay key,
     * {@code selector=#2 after-commit;within=com.acme.Relay#send}.
     */
    static Selector unscoped(Selector selector) {
        if (selector instanceof Selector.Occurrence occurrence
                && occurrence.selector() instanceof Selector.Within within) {
            return within.selector().occurrence(occurrence.number());
        }
        return selector instanceof Selector.Within within ? within.selector() : selector;
    }

    /** The method selector it is, or the one whose occurrence it is; {@code null} for any other. */
    static Selector.Method method(Selector selector) {
        return base(selector) instanceof Selector.Method method ? method : null;
    }

    static MethodTarget methodTarget(Selector.Method method) {
        return new MethodTarget(
                method.typeName(), method.methodName(), method.parameterTypes().orElse(null));
    }

    /** The selectors before and after every kind of call that leaves the JVM. */
    static List<Selector> outsideEffects() {
        List<Selector> selectors = new ArrayList<>();
        for (OutsideEffect effect : OutsideEffect.values()) {
            selectors.add(Selector.beforeOutsideEffect(effect));
            selectors.add(Selector.afterOutsideEffect(effect));
        }
        return selectors;
    }

    /** The commit and rollback selectors before and / or after. */
    static List<Selector> transactionEnds(boolean before, boolean after) {
        List<Selector> selectors = new ArrayList<>();
        if (before) {
            selectors.add(Selector.beforeCommit());
            selectors.add(Selector.beforeRollback());
        }
        if (after) {
            selectors.add(Selector.afterCommit());
            selectors.add(Selector.afterRollback());
        }
        return selectors;
    }
}
