package dev.deliverykit.junit5.postgres.pipeline;

/** new -> reserved (1) -> confirmed (2) -> released (3); amount 3 throughout; held 3 until released. */
final class Lifecycle {

    static final int AMOUNT = 3;
    private static final String[] STATES = {"new", "reserved", "confirmed", "released"};

    private Lifecycle() {}

    /** Whether {@code event} is the legal next step from {@code state} at {@code seq}. */
    static boolean isNext(String state, long seq, FlowEvent event) {
        return event.seq() == seq + 1
                && event.seq() < STATES.length
                && STATES[(int) seq].equals(state)
                && STATES[(int) event.seq()].equals(event.kind())
                && event.amount() == AMOUNT;
    }

    static int held(String state) {
        return state.equals("reserved") || state.equals("confirmed") ? AMOUNT : 0;
    }
}
