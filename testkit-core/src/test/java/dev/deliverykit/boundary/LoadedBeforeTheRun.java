package dev.deliverykit.boundary;

/** A class loaded before any method selector names it, so the engine must retransform it. */
final class LoadedBeforeTheRun {

    private int calls;

    int call() {
        return ++calls;
    }
}
