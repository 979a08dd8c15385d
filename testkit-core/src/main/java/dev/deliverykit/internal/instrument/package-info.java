/**
 * The boundary engine's bytecode instrumentation: the Java agent, the ByteBuddy advice woven into JDBC
 * drivers and named methods, and the tiny static {@link dev.deliverykit.internal.instrument.Dispatcher}
 * that the advice calls. <strong>Not API</strong>: anything here may change or disappear in any
 * release; use {@code dev.deliverykit.boundary} instead.
 *
 * <p>This is the only package that may touch ByteBuddy. The model is Mockito's inline mock maker:
 * advice is inlined into the instrumented method and does nothing but read one volatile field
 * ({@link dev.deliverykit.internal.instrument.Dispatcher#active}); only when a run is active does it
 * call into the dispatcher, which hands a small event to the run's
 * {@link dev.deliverykit.internal.instrument.BoundarySink}.
 *
 * <p>Ordered delivery ({@code dev.deliverykit.order}) follows the same model with its own dispatcher: the
 * entry-point advice reads {@link dev.deliverykit.internal.instrument.DeliveryDispatcher#active} and, only
 * while an ordered-delivery run is active, hands each call to the run's
 * {@link dev.deliverykit.internal.instrument.DeliverySink}, which may let the body run, track how it ends,
 * hold the calling thread, or skip the body ({@code skipOn}) so that the call can be released later.
 */
package dev.deliverykit.internal.instrument;
