package dev.deliverykit.boundary;

/** A child JVM that installs the engine and prints how: its source, then its install time in milliseconds. */
final class InstallProbe {

    private InstallProbe() {}

    public static void main(String[] args) {
        Installation first = BoundaryEngine.get().installation();
        Installation again = BoundaryEngine.get().installation(); // installed once per JVM: same answer
        System.out.println(first.source());
        System.out.println(first.installTime().toMillis());
        System.out.println(first.equals(again));
    }
}
