package dev.deliverykit.junit5.realstack;

/**
 * The kit's failure texts these tests pin, in one place.
 */
final class Spec {

    private Spec() {}

    /**
     * A workload that carried on after its death, however it ended.
     *
     * @param place    where the dead process kept working, with its thread and frame
     *                 ({@code statement "INSERT ..." on thread main at Relay.mark(Relay.java:N)})
     * @param crash    the crash, as the kit describes it ({@code hit 1 of after commit})
     * @param site     the crash's thread and frame ({@code main at PlainOrders.placeOrder(PlainOrders.java:N)})
     * @param ended    how the workload ended ({@code returned normally}, {@code threw the kit's SimulatedCrash})
     */
    static String keptWorking(
            String place, String crash, String site, String ended, String caseName, String replayKey) {
        return "The crashed process kept working at " + place + ", after the simulated crash at " + crash
                + " on thread " + site + ".\n"
                + "The workload then " + ended + ". The call was refused before it reached the database, so nothing"
                + " the dead process did after the crash is durable; but in a real process nothing runs after a"
                + " crash, and code that catches a failure and carries on (marks a message sent after its send"
                + " failed) does exactly this.\n"
                + "Expected: the SimulatedCrash to propagate; catch and finally blocks may only roll back, restore"
                + " auto-commit and close.\n"
                + "Fix: do not catch Throwable or Error around the code under test (catch Exception), or rethrow"
                + " SimulatedCrash.\n"
                + "\n"
                + suffix(caseName, replayKey);
    }

    /** The two lines every case failure ends with. */
    static String suffix(String caseName, String replayKey) {
        return "DeliveryKit case: " + caseName + " (in process)\n" + "Replay only this case: -Ddeliverykit.replay='"
                + replayKey + "'";
    }
}
