/**
 * Ordered delivery: force the order in which messages arrive at a consumer entry point of the code under
 * test, without changing that code. The framework-agnostic core of {@code @DeliverInOrder}.
 *
 * <pre>{@code
 * EntryPoint deliver = EntryPoint.method("com.acme.Transport#deliver(com.acme.Event)").messageIdFrom("eventId()");
 * for (DeliveryOrder order : DeliveryOrder.permutationsOf("A1", "A2", "A3")) {
 *     DeliveryResult result = OrderedDelivery.at(deliver).run(order, () -> {
 *         transport.deliver(a1);
 *         transport.deliver(a2);
 *         transport.deliver(a3);
 *     });
 *     // now check the consumer's committed state; result.delivered() equals order.ids()
 * }
 * }</pre>
 *
 * <ul>
 *   <li>{@link dev.deliverykit.order.DeliveryOrder}: {@code "A3,A1,A2,A3"}, duplicates and omissions
 *       included; {@link dev.deliverykit.order.DeliveryOrder#permutationsOf(String...)}; its
 *       {@code toString()} is the canonical text and {@code order=...} its replay key.</li>
 *   <li>{@link dev.deliverykit.order.EntryPoint}: {@code Type#method(paramTypes)} and how a call's message id
 *       is read: the message argument's {@code toString()}, a public accessor or field, or a
 *       {@link dev.deliverykit.order.MessageIdReader}.</li>
 *   <li>{@link dev.deliverykit.order.OrderedDelivery}: the runner;
 *       {@link dev.deliverykit.order.DeliveryResult} what it did.</li>
 * </ul>
 *
 * <p><b>Two modes</b> ({@link dev.deliverykit.order.DeliveryMode}).
 * <ul>
 *   <li>{@code CAPTURE_AND_RELEASE}, for one sending thread: each call is captured (its body is skipped and it
 *       returns a placeholder: {@code null}, zero, {@code false}, or
 *       {@link dev.deliverykit.order.EntryPoint#returningWhenSkipped(Object)}); when the workload returns, the
 *       kit invokes the original body of the captured calls in the forced order, on the run's thread, on the
 *       same receiver with the same arguments. The k-th listing of an id releases its k-th captured call; a
 *       listing beyond the captured calls invokes the last one again (a duplicate). Code in the workload after
 *       the sends therefore runs <em>before</em> any delivery: check the outcome after {@code run} returns,
 *       and keep the receiver usable (open) until then.</li>
 *   <li>{@code HOLD_SENDERS}, for several sending threads: each sender is held at the entry point until its
 *       message's turn and then runs the real body on its own thread; the next turn begins when that body has
 *       returned or thrown. The k-th arrival of an id takes the k-th listing of that id, so a duplicate in
 *       the order is a later sender with the same id (the kit never invokes anything itself in this mode).
 *       Arrivals of ids the order omits return the placeholder at once. The workload should start and join
 *       its sender threads.</li>
 * </ul>
 * In both modes ids the order does not list are omitted ({@link dev.deliverykit.order.DeliveryResult#omitted()}),
 * calls of the entry point nested in a delivered call run normally, and calls after the run are not touched.
 * A body that throws an exception is recorded in its {@link dev.deliverykit.order.Delivery} (and, holding
 * senders, also reaches its sender); an {@link java.lang.Error} thrown while captured calls are released
 * (a simulated crash of the boundary engine, a failed assertion) ends the run and propagates.
 *
 * <p><b>Failures</b> are {@link dev.deliverykit.order.OrderNotHonouredError}s (never arrived, arrived too
 * often, stalled, arrived after the workload, unreadable id, interrupted) whose message ends with
 * {@code Replay: order=...}; holding senders, every wait is bounded by the run's timeout (default 10 s)
 * without progress. An id the run was told is not sent fails before anything runs with
 * {@link dev.deliverykit.order.UnknownMessageException}.
 *
 * <p><b>Known limits.</b>
 * <ul>
 *   <li>One ordered-delivery run at a time per JVM; a boundary-engine run may be active at the same time.</li>
 *   <li>Entry points are instrumented in the named class only: name the class that declares the method with
 *       a body (not an interface or a subclass); constructors cannot be entry points; the class must be
 *       loadable when the run starts.</li>
 *   <li>Capturing keeps references to the arguments: a workload that mutates a message after sending it
 *       changes what is released. A workload that waits for the effect of a captured call never sees it.</li>
 *   <li>Holding senders cannot honour an order that needs a held thread to send first (one thread sending
 *       A1 then A2 with order {@code A2,A1}): the run fails when the timeout passes; use capturing. The
 *       advice runs inside the entry-point method, so a held sender keeps every lock it holds, including the
 *       receiver's monitor of a {@code synchronized} entry point: senders sharing that receiver cannot arrive.</li>
 *   <li>If the entry point is also the method of a boundary-engine method selector, which advice runs first
 *       depends on which was installed first in the JVM; a captured call may then count as a method entry.</li>
 * </ul>
 */
package dev.deliverykit.order;
