package dev.deliverykit.order;

import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.DeliverySink;
import dev.deliverykit.internal.instrument.InterceptedCall;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One ordered-delivery run: the sink the entry-point advice reports to while the run is active. Holds what
 * arrived, what was delivered and the first failure, under one lock; subclasses force the order.
 */
abstract class OrderedRun implements DeliverySink {

    final ResolvedEntryPoint entryPoint;
    final DeliveryOrder order;
    final Duration timeout;
    final ReentrantLock lock = new ReentrantLock();
    /** Signalled whenever a turn, an arrival or the failure changes. */
    final Condition changed = lock.newCondition();
    /** Guarded by {@link #lock}: every arrival's id, in arrival order. */
    final List<String> arrived = new ArrayList<>();
    /** Guarded by {@link #lock}: ids of the arrivals the order does not list. */
    final List<String> omitted = new ArrayList<>();
    /** Guarded by {@link #lock}: the deliveries so far, in order. */
    final List<Delivery> deliveries = new ArrayList<>();
    /** For each id of the order, its 0-based positions. */
    final Map<String, List<Integer>> positions;

    private OrderNotHonouredError failure;

    OrderedRun(ResolvedEntryPoint entryPoint, DeliveryOrder order, Duration timeout) {
        this.entryPoint = entryPoint;
        this.order = order;
        this.timeout = timeout;
        Map<String, List<Integer>> byId = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            byId.computeIfAbsent(order.ids().get(i), id -> new ArrayList<>()).add(i);
        }
        byId.replaceAll((id, list) -> Collections.unmodifiableList(list));
        this.positions = Collections.unmodifiableMap(byId);
    }

    /** Runs the workload under this run and returns its result, or throws its failure. */
    abstract DeliveryResult execute(Workload workload) throws Exception;

    abstract DeliveryMode mode();

    /** Extra state for failure messages, such as the held senders; empty or starting with a space. */
    abstract String moreState();

    // ---- reading ids ------------------------------------------------------------------------------

    /** The call's message id (read outside the lock: it runs user code); an unreadable id fails the run. */
    final String messageId(InterceptedCall call) {
        try {
            return entryPoint.messageId(call);
        } catch (UnreadableIdException e) {
            lock.lock();
            try {
                throw fail(
                        OrderFailure.ID_UNREADABLE,
                        "the message id of a call of " + reference() + " on thread "
                                + call.thread().getName() + " could not be read: " + e.getMessage() + ".",
                        entryPoint.entryPoint().describeMessageId() + " to give a non-empty id for every call.",
                        "choose how the id is read with EntryPoint.messageIdFrom(...) and"
                                + " EntryPoint.messageArgument(...).",
                        e.getCause());
            } finally {
                lock.unlock();
            }
        }
    }

    // ---- failures ---------------------------------------------------------------------------------

    /**
     * Records the run's failure (the first one wins), wakes every waiting thread, and returns an exception
     * for the calling thread to throw. Call with the lock held.
     */
    final OrderNotHonouredError fail(OrderFailure reason, String what, String expected, String fix, Throwable cause) {
        if (failure == null) {
            failure = new OrderNotHonouredError(message(what, expected, fix), reason, order, delivered(), cause);
            changed.signalAll();
            return failure;
        }
        return failureCopy();
    }

    /** The recorded failure, or {@code null}. Call with the lock held. */
    final OrderNotHonouredError failure() {
        return failure;
    }

    /** A new exception with the recorded failure's message, for another thread to throw. Lock held. */
    final OrderNotHonouredError failureCopy() {
        return new OrderNotHonouredError(
                failure.getMessage(), failure.reason(), order, failure.delivered(), failure.getCause());
    }

    private String message(String what, String expected, String fix) {
        String state = "Mode: " + mode() + ", " + mode().describe() + "; message id: "
                + entryPoint.entryPoint().describeMessageId() + ".\n"
                + "Arrived: " + list(arrived) + ". Delivered: " + list(delivered()) + "." + moreState();
        return OrderMessages.replayable(OrderMessages.notHonoured(what, state, expected, fix), order.replayKey());
    }

    // ---- helpers ----------------------------------------------------------------------------------

    /** Ids delivered so far. Lock held. */
    final List<String> delivered() {
        return deliveries.stream().map(Delivery::messageId).toList();
    }

    final DeliveryResult result() {
        lock.lock();
        try {
            return new DeliveryResult(order, mode(), reference(), arrived, deliveries, omitted);
        } finally {
            lock.unlock();
        }
    }

    final String reference() {
        return entryPoint.entryPoint().reference();
    }

    /** {@code message A2 (position 2 of order=A1,A2,A3)}; positions are 0-based here, 1-based in text. */
    final String at(int position) {
        return "message " + order.ids().get(position) + " (position " + (position + 1) + " of " + order.replayKey()
                + ")";
    }

    /** {@code 500 ms}, {@code 10 s}. */
    final String timeoutText() {
        long millis = timeout.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    static String list(List<String> ids) {
        return ids.isEmpty() ? "none" : String.join(", ", ids);
    }

    static String ordinal(int n) {
        int lastTwo = n % 100;
        String suffix = lastTwo >= 11 && lastTwo <= 13
                ? "th"
                : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
        return n + suffix;
    }

    static String times(int n) {
        return n == 1 ? "once" : n == 2 ? "twice" : n + " times";
    }

    /** Rethrows what the workload threw, unchanged: errors as errors, exceptions as exceptions. */
    static Exception rethrow(Throwable thrown) {
        if (thrown instanceof Error error) {
            throw error;
        }
        if (thrown instanceof Exception exception) {
            return exception;
        }
        return new UndeclaredThrowableException(thrown);
    }
}
