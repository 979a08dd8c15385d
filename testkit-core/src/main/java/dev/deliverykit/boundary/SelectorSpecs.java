package dev.deliverykit.boundary;

import java.util.List;
import java.util.Objects;

/** The two text forms of a selector: its {@linkplain Selector#spec() spec}, written and read, and its description. */
final class SelectorSpecs {

    private static final String STATEMENT_REGEX = "-statement:";
    private static final String STATEMENT_EXACT = "-statement=";
    private static final String WITHIN = " within ";

    private SelectorSpecs() {}

    static Selector parse(String spec) {
        Objects.requireNonNull(spec, "spec");
        String text = spec;
        int nth = 0;
        if (text.startsWith("#")) {
            int space = text.indexOf(' ');
            try {
                nth = space < 0 ? -1 : Integer.parseInt(text.substring(1, space));
            } catch (NumberFormatException e) {
                nth = -1;
            }
            if (nth < 1) {
                throw badSpec(spec);
            }
            text = text.substring(space + 1);
        }
        Selector base = parseScoped(text, spec);
        return nth == 0 ? base : base.occurrence(nth);
    }

    /** A base spec, then optionally {@code " within Type#method"}: the last such text, if it is one word. */
    private static Selector parseScoped(String text, String spec) {
        int within = text.lastIndexOf(WITHIN);
        String place = within < 0 ? "" : text.substring(within + WITHIN.length());
        if (within < 0 || place.isEmpty() || place.chars().anyMatch(Character::isWhitespace)) {
            return parseBase(text, spec);
        }
        Place scope;
        try {
            scope = Place.of(place);
        } catch (IllegalArgumentException notAPlace) {
            throw new IllegalArgumentException(SelectorMessages.specWithinNotAPlace(spec, notAPlace.getMessage()));
        }
        return parseBase(text.substring(0, within), spec).within(scope);
    }

    private static Selector parseBase(String text, String spec) {
        switch (text) {
            case "before-commit":
                return Selector.beforeCommit();
            case "after-commit":
                return Selector.afterCommit();
            case "before-rollback":
                return Selector.beforeRollback();
            case "after-rollback":
                return Selector.afterRollback();
            default:
                break;
        }
        for (String when : List.of("before", "after")) {
            if (text.startsWith(when + STATEMENT_REGEX)) {
                String regex = text.substring((when + STATEMENT_REGEX).length());
                return when.equals("before") ? Selector.beforeStatement(regex) : Selector.afterStatement(regex);
            }
            if (text.startsWith(when + STATEMENT_EXACT)) {
                String sql = text.substring((when + STATEMENT_EXACT).length());
                return when.equals("before")
                        ? Selector.beforeStatementExactly(sql)
                        : Selector.afterStatementExactly(sql);
            }
        }
        for (OutsideEffect effect : OutsideEffect.values()) {
            if (text.equals("before-" + effect.specWord())) {
                return Selector.beforeOutsideEffect(effect);
            }
            if (text.equals("after-" + effect.specWord())) {
                return Selector.afterOutsideEffect(effect);
            }
        }
        if (text.startsWith("method-entry:")) {
            return Selector.methodEntry(text.substring("method-entry:".length()));
        }
        if (text.startsWith("method-exit:")) {
            return Selector.methodExit(text.substring("method-exit:".length()));
        }
        if (text.startsWith("method-exceptional-exit:")) {
            return Selector.methodExceptionalExit(text.substring("method-exceptional-exit:".length()));
        }
        throw badSpec(spec);
    }

    static String description(Selector selector) {
        return text(selector, false);
    }

    static String spec(Selector selector) {
        return text(selector, true);
    }

    /** The spec, or the description: each kind's two texts side by side. */
    private static String text(Selector selector, boolean spec) {
        if (selector instanceof Selector.Occurrence occurrence) {
            return (spec ? "#" + occurrence.number() + " " : "occurrence " + occurrence.number() + " of ")
                    + text(occurrence.selector(), spec);
        }
        if (selector instanceof Selector.Within within) {
            return text(within.selector(), spec) + WITHIN + within.place();
        }
        if (selector instanceof Selector.Statement statement) {
            boolean exact = statement.match() == Selector.SqlMatch.EXACT;
            return word(statement.timing())
                    + (spec
                            ? (exact ? STATEMENT_EXACT : STATEMENT_REGEX) + statement.sql()
                            : " statement "
                                    + (exact ? "\"" + statement.sql() + "\"" : "matching /" + statement.sql() + "/"));
        }
        if (selector instanceof Selector.TransactionEnd end) {
            return word(end.timing()) + (spec ? "-" : " ") + (end.end() == Selector.End.COMMIT ? "commit" : "rollback");
        }
        if (selector instanceof Selector.Outside outside) {
            return word(outside.timing())
                    + (spec
                            ? "-" + outside.effect().specWord()
                            : " " + outside.effect().words());
        }
        Selector.Method method = (Selector.Method) selector;
        return switch (method.point()) {
                    case ENTRY -> spec ? "method-entry:" : "entry of ";
                    case NORMAL_EXIT -> spec ? "method-exit:" : "normal exit of ";
                    case EXCEPTIONAL_EXIT -> spec ? "method-exceptional-exit:" : "exceptional exit of ";
                }
                + method.methodReference();
    }

    private static String word(Selector.Timing timing) {
        return timing == Selector.Timing.BEFORE ? "before" : "after";
    }

    private static IllegalArgumentException badSpec(String spec) {
        return new IllegalArgumentException(SelectorMessages.notASpec(spec));
    }
}
