/**
 * The boundary engine's bytecode instrumentation: the Java agent, the weaving of JDBC calls and named
 * methods, and the tiny static {@link dev.deliverykit.internal.instrument.Dispatcher} that the woven code
 * calls. <strong>Not API</strong>: anything here may change or disappear in any release; use
 * {@code dev.deliverykit.boundary} instead.
 *
 * <p>This is the only package that may touch ByteBuddy. The model is Mockito's inline mock maker: the
 * woven code only calls static dispatcher methods that read one volatile field
 * ({@link dev.deliverykit.internal.instrument.Dispatcher#active}) and return while no run is active
 * (nothing allocated, no lock; only an idle {@code prepareStatement} remembers its SQL); only when a run
 * is active do they hand a small event to the run's
 * {@link dev.deliverykit.internal.instrument.BoundarySink}.
 *
 * <p><b>Why JDBC calls and method boundaries are woven by hand.</b> They are woven by one small
 * {@code ClassFileTransformer} written against the ASM that ships inside the byte-buddy jar, not by ByteBuddy's
 * {@code AgentBuilder} and {@code Advice}: those load about 1,200 classes and run them cold at the first weave
 * of every JVM (benchmark B4 in benchmarks/README.md). The hand-written weaver injects exactly the calls such
 * advice makes (same entry/exit pairing, arguments, return value and origin strings), decides from the class
 * file without loading classes, and records every error as an
 * {@link dev.deliverykit.internal.instrument.InstrumentationProblem}.
 *
 * <p><b>Layout.</b> Woven code calls the thin static bridge {@code Dispatcher} (Mockito's
 * {@code MockMethodDispatcher}); the logic behind it is in package-private classes with one job each:
 * {@code JdbcEvents}, {@code MethodEvents} and {@code OutsideRouting} turn calls into events for the
 * {@code RunSink}; {@code CallDepth}, {@code SqlMemory} and {@code ConnectionLedger} keep per-thread nesting,
 * statements' SQL and connections. The transformer {@code Weaver} asks {@code JdbcMatcher} and
 * {@code MethodTargetMatcher} (with {@code SuperTypes}) what each method gets ({@code MethodWeavings}); each method
 * is rewritten by a chain of visitors, as ASM's {@code LocalVariablesSorter} sits beside {@code AdviceAdapter}:
 * {@code ShiftedLocals} makes room for the {@code InjectedLocals}, {@code HandlerRanges} marks what the catch-all
 * handler covers, and {@code WovenMethod} places the calls that {@code DispatcherCalls} writes. The JDK's
 * executors, sockets, files and HTTP client are woven from fixed tables ({@code ExecutorWeaver},
 * {@code OutsideEffectWeaver}, both through {@code JdkMethodWeaver}) to call the bridge that
 * {@code BootstrapBridge} defines in {@code java.base}. {@code Instrumenter} installs all of it.
 *
 * <p>Ordered delivery ({@code dev.deliverykit.order}) follows the same model with its own dispatcher, but
 * its entry points are still woven with ByteBuddy's {@code Advice} ({@code EntryPointWeaving}): they skip
 * the body and replace the return value, and only a JVM that uses ordered delivery pays for loading it.
 * The entry-point advice reads {@link dev.deliverykit.internal.instrument.DeliveryDispatcher#active} and,
 * only while an ordered-delivery run is active, hands each call to the run's
 * {@link dev.deliverykit.internal.instrument.DeliverySink}, which may let the body run, track how it ends,
 * hold the calling thread, or skip the body ({@code skipOn}) so that the call can be released later.
 */
package dev.deliverykit.internal.instrument;
