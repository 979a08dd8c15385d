package dev.deliverykit.junit5.realstack;

/**
 * The kit's failure texts these tests pin, in one place.
 */
final class Spec {

    private Spec() {}

    /** The two lines every case failure ends with. */
    static String suffix(String caseName, String replayKey) {
        return "DeliveryKit case: " + caseName + " (in process)\n" + "Replay only this case: -Ddeliverykit.replay='"
                + replayKey + "'";
    }
}
