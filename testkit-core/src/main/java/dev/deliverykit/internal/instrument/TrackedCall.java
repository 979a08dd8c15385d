package dev.deliverykit.internal.instrument;

/** The token of a call whose body runs and whose end is reported to the sink that admitted it. */
final class TrackedCall {

    private final DeliverySink sink;
    private final InterceptedCall call;

    TrackedCall(DeliverySink sink, InterceptedCall call) {
        this.sink = sink;
        this.call = call;
    }

    /** Reports the end to the sink that tracked the call, even if its run was deactivated meanwhile. */
    void left(Object returned, Throwable thrown) {
        sink.left(call, returned, thrown);
    }
}
