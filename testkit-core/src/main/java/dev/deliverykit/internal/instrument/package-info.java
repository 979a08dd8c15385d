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
 */
package dev.deliverykit.internal.instrument;
