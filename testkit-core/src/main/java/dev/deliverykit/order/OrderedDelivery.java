package dev.deliverykit.order;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.DeliveryDispatcher;
import dev.deliverykit.internal.instrument.InstrumentationProblem;
import dev.deliverykit.internal.instrument.Instrumenter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * Forces the order in which messages arrive at an entry point of the code under test, with no change to
 * that code: the kit weaves advice into the entry-point method and, while a run is active, decides when
 * each call's body runs.
 *
 * <pre>{@code
 * EntryPoint deliver = EntryPoint.method(Transport.class, "deliver", Event.class).messageIdFrom("eventId()");
 *
 * // one sending thread: calls are captured, then released in the forced order when the workload returns
 * DeliveryResult result = OrderedDelivery.at(deliver).run(DeliveryOrder.parse("A3,A1,A2,A3"), () -> {
 *     transport.deliver(a1);   // captured: the body does not run yet
 *     transport.deliver(a2);
 *     transport.deliver(a3);
 * });
 * result.delivered();   // [A3, A1, A2, A3]: the second A3 is the same call invoked again
 *
 * // several sending threads: each is held at the entry point until its message's turn
 * OrderedDelivery.at(deliver).mode(DeliveryMode.HOLD_SENDERS).timeout(Duration.ofSeconds(5))
 *         .run(DeliveryOrder.parse("A3,A1,A2"), () -> startAndJoinOneSenderPerEvent());
 * }</pre>
 *
 * <p><b>Checks before anything runs.</b> The entry point must be a declared method with a body that takes
 * the message ({@link IllegalArgumentException}); with {@link #expectingMessages(String...)} every id of the
 * order must be expected ({@link UnknownMessageException}).
 *
 * <p><b>Failures.</b> A message that never arrives, arrives more often than listed, or a call that stalls
 * fails the run with {@link OrderNotHonouredError}, whose message ends with the replay key
 * ({@code Replay: order=A3,A1,A2,A3}); in {@link DeliveryMode#HOLD_SENDERS} mode no wait lasts longer than
 * the {@link #timeout(Duration) timeout} without progress. What the workload throws is rethrown unchanged.
 *
 * <p><b>One run at a time.</b> The advice is JVM-wide, so only one ordered-delivery run may be active per
 * JVM; a second is refused with {@link IllegalStateException}. A boundary-engine run may be active at the
 * same time (a crash while the forced order is delivered).
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class OrderedDelivery {

    /** How long a held sender or the run waits without progress before the run fails, unless set. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private static final AtomicReference<String> ACTIVE_RUN = new AtomicReference<>();

    private final EntryPoint entryPoint;
    private final DeliveryMode mode;
    private final Duration timeout;
    private final List<String> expectedMessages;

    private OrderedDelivery(EntryPoint entryPoint, DeliveryMode mode, Duration timeout, List<String> expectedMessages) {
        this.entryPoint = entryPoint;
        this.mode = mode;
        this.timeout = timeout;
        this.expectedMessages = expectedMessages;
    }

    /** Ordered delivery at {@code entryPoint}, in {@link DeliveryMode#CAPTURE_AND_RELEASE} mode, timeout 10 s. */
    public static OrderedDelivery at(EntryPoint entryPoint) {
        return new OrderedDelivery(
                Objects.requireNonNull(entryPoint, "entryPoint"),
                DeliveryMode.CAPTURE_AND_RELEASE,
                DEFAULT_TIMEOUT,
                null);
    }

    /** How the order is forced. */
    public OrderedDelivery mode(DeliveryMode deliveryMode) {
        return new OrderedDelivery(
                entryPoint, Objects.requireNonNull(deliveryMode, "deliveryMode"), timeout, expectedMessages);
    }

    /** The longest wait without progress (no turn begun or finished) before the run fails. */
    public OrderedDelivery timeout(Duration maximumWait) {
        Objects.requireNonNull(maximumWait, "maximumWait");
        if (maximumWait.isNegative() || maximumWait.isZero()) {
            throw new IllegalArgumentException(OrderMessages.timeoutNotPositive(maximumWait));
        }
        return new OrderedDelivery(entryPoint, mode, maximumWait, expectedMessages);
    }

    /**
     * The ids the workload sends; an order naming any other id then fails before anything runs with
     * {@link UnknownMessageException}. Without it, such an id fails the run as a message that never arrived.
     */
    public OrderedDelivery expectingMessages(String... ids) {
        List<String> expected = DeliveryOrder.of(ids).ids();
        Set<String> distinct = new LinkedHashSet<>(expected);
        if (distinct.size() != expected.size()) {
            throw new IllegalArgumentException(OrderMessages.expectedRepeat(expected));
        }
        return new OrderedDelivery(entryPoint, mode, timeout, expected);
    }

    /** {@link #run(DeliveryOrder, Workload)} with an order in text form, such as {@code "A3,A1,A2,A3"}. */
    public DeliveryResult run(String order, Workload workload) throws Exception {
        return run(DeliveryOrder.parse(order), workload);
    }

    /**
     * Runs {@code workload} and delivers its calls of the entry point in {@code order}.
     *
     * @return what arrived, what was delivered and how each delivered call ended
     * @throws OrderNotHonouredError if the order could not be delivered
     * @throws UnknownMessageException if the order names an id that is not expected; nothing ran
     * @throws IllegalArgumentException if the entry point cannot be used; nothing ran
     * @throws IllegalStateException if another ordered-delivery run is active in this JVM; nothing ran
     * @throws Exception whatever the workload throws, unchanged
     */
    public DeliveryResult run(DeliveryOrder order, Workload workload) throws Exception {
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(workload, "workload");
        checkExpected(order);
        ResolvedEntryPoint resolved = ResolvedEntryPoint.resolve(entryPoint);
        if (mode == DeliveryMode.CAPTURE_AND_RELEASE) {
            resolved.requireInvocable();
        }
        String description = "thread " + Thread.currentThread().getName() + ", " + order.replayKey() + " at "
                + entryPoint.reference();
        if (!ACTIVE_RUN.compareAndSet(null, description)) {
            throw new IllegalStateException(
                    OrderMessages.runAlreadyActive(ACTIVE_RUN.get(), order.replayKey(), entryPoint.reference())
                            .sentences());
        }
        try {
            instrument(resolved);
            OrderedRun run = mode == DeliveryMode.CAPTURE_AND_RELEASE
                    ? new CaptureRun(resolved, order, timeout)
                    : new HoldRun(resolved, order, timeout);
            DeliveryDispatcher.activate(run);
            try {
                return run.execute(workload);
            } finally {
                DeliveryDispatcher.deactivate();
            }
        } finally {
            ACTIVE_RUN.set(null);
        }
    }

    private void checkExpected(DeliveryOrder order) {
        if (expectedMessages == null) {
            return;
        }
        List<String> unknown = order.distinctIds().stream()
                .filter(id -> !expectedMessages.contains(id))
                .toList();
        if (!unknown.isEmpty()) {
            String ids = unknown.stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(", "));
            throw new UnknownMessageException(
                    OrderMessages.replayable(
                            OrderMessages.unknownMessages(
                                    ids, unknown, order.replayKey(), expectedMessages, entryPoint.reference()),
                            order.replayKey()),
                    unknown,
                    expectedMessages);
        }
    }

    private static void instrument(ResolvedEntryPoint resolved) {
        Instrumenter instrumenter = Instrumenter.get();
        List<InstrumentationProblem> before = instrumenter.problems();
        instrumenter.ensureEntryPoints(resolved.targets());
        String type = resolved.entryPoint().typeName();
        if (!instrumenter.isEntryPointWoven(type)) {
            List<InstrumentationProblem> all = instrumenter.problems();
            List<String> fresh = new ArrayList<>();
            all.subList(Math.min(before.size(), all.size()), all.size())
                    .forEach(problem -> fresh.add(problem.describe()));
            throw new IllegalStateException(
                    EntryPointMessages.notWoven(resolved.entryPoint().reference(), type, fresh)
                            .sentences());
        }
    }

    /** The entry point. */
    public EntryPoint entryPoint() {
        return entryPoint;
    }

    /** The mode. */
    public DeliveryMode mode() {
        return mode;
    }

    /** The timeout. */
    public Duration timeout() {
        return timeout;
    }

    /** The expected message ids, if set. */
    public List<String> expectedMessages() {
        return expectedMessages == null ? List.of() : expectedMessages;
    }

    @Override
    public String toString() {
        return "OrderedDelivery at " + entryPoint + ", " + mode + ", timeout " + timeout
                + (expectedMessages == null ? "" : ", expecting " + Arrays.toString(expectedMessages.toArray()));
    }
}
