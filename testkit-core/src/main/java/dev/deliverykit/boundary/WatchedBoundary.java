package dev.deliverykit.boundary;

/**
 * One boundary a run watches, with what the run counted of it: its matches (on its place's stack), its hits (the
 * matches its occurrence selects) and, for a selector scoped to a place, how often the place was looked for and
 * what was on the stack instead. Guarded by the run's lock.
 */
final class WatchedBoundary {

    final Boundary boundary;
    /** Watched because the watch list asks for every statement: matches one SQL text only. */
    final boolean everyStatement;
    /** The place the boundary's selector is scoped to, or {@code null}: only then is the stack looked at. */
    final Place place;

    private final int occurrence;
    private int matches;
    private int hits;
    /** How often the call matched a scoped selector, on the stack of its place or not. */
    private int placeChecks;
    /** A method like the place, seen on the stack while the place was not: what it may have meant. */
    private String lookalike;

    WatchedBoundary(Boundary boundary, boolean everyStatement) {
        this.boundary = boundary;
        this.everyStatement = everyStatement;
        this.place = SelectorMatching.place(boundary.selector());
        this.occurrence = SelectorMatching.occurrence(boundary.selector());
    }

    /**
     * Counts a call its selector matched; whether it is a hit: its place is on the stack (the stack is walked for
     * scoped selectors only) and it is the occurrence the selector names, if any.
     */
    boolean countMatch() {
        if (place != null && !placeOnStack()) {
            return false;
        }
        matches++;
        if (occurrence != 0 && matches != occurrence) {
            return false;
        }
        hits++;
        return true;
    }

    /** The hits so far, counted from 1. */
    int hits() {
        return hits;
    }

    private boolean placeOnStack() {
        placeChecks++;
        StackSummary.PlaceCheck check = StackSummary.check(place);
        if (!check.onStack() && lookalike == null) {
            lookalike = check.lookalike();
        }
        return check.onStack();
    }

    /** Whether the boundary is scoped and its kind was reached, but never with its place on the stack. */
    boolean placeNeverOnStack() {
        return place != null && placeChecks > 0 && matches == 0;
    }

    /** Why a scoped boundary was never hit though its kind was: the place was never on the stack there. */
    String whyPlaceNeverOnStack() {
        return "the place " + place + " was never on the stack: "
                + SelectorMatching.base(boundary.selector()).description() + " was reached "
                + (placeChecks == 1 ? "1 time" : placeChecks + " times") + ", "
                + (placeChecks == 1 ? "not" : "none of them") + " inside it (a place names the class that"
                + " declares the method by its fully qualified name, nested classes with $"
                + (lookalike == null ? "" : "; " + lookalike + " was on the stack") + ")";
    }
}
