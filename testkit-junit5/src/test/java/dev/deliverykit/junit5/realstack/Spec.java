package dev.deliverykit.junit5.realstack;

/**
 * The failure texts the issue "A crashed process stays dead" asks for, in one place. The engine that
 * satisfies it is being written; where its exact wording differs, adjust it here and every test follows.
 */
final class Spec {

    private Spec() {
    }

    /**
     * A workload that carried on after its death, however it ended.
     *
     * @param crash  the crash, as the kit describes it ({@code hit 1 of after commit})
     * @param thread the thread the crash fired on
     * @param place  the first JDBC call of the dead process that is not a clean-up ({@code statement "INSERT ..."})
     */
    static String keptWorking(String crash, String thread, String place, String caseName, String replayKey) {
        return "Crashed process kept working: the simulated crash at " + crash + " on thread " + thread
                + " was caught, and the crashed process kept working at " + place + ".\n"
                + "Expected: nothing of a process runs after its death: every JDBC call between the crash and the"
                + " recovery fails before it reaches the database, and the crash propagates out of the workload.\n"
                + "Fix: do not catch Throwable or Error around the code under test (catch Exception), or rethrow"
                + " SimulatedCrash; stop the threads and tasks the workload started.\n"
                + "\n"
                + suffix(caseName, replayKey);
    }

    /** The two lines every case failure ends with. */
    static String suffix(String caseName, String replayKey) {
        return "DeliveryKit case: " + caseName + " (in process)\n"
                + "Replay only this case: -Ddeliverykit.replay='" + replayKey + "'";
    }
}
