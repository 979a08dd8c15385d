package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.BoundarySink;
import dev.deliverykit.internal.instrument.MethodCall;
import java.util.function.Consumer;

/** A sink that hands each method boundary to its consumer and ignores JDBC calls and new connections (the sink's defaults). */
final class MethodCallsOnly implements BoundarySink {

    private final Consumer<MethodCall> onMethod;

    MethodCallsOnly(Consumer<MethodCall> onMethod) {
        this.onMethod = onMethod;
    }

    @Override
    public void method(MethodCall call) {
        onMethod.accept(call);
    }
}
