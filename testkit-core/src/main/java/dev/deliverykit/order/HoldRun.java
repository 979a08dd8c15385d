package dev.deliverykit.order;

import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.CallDecision;
import dev.deliverykit.internal.instrument.InterceptedCall;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * {@link DeliveryMode#HOLD_SENDERS}: each sender is held at the entry point until its message's turn, then
 * runs the real body on its own thread; the next turn begins when that body has returned (or thrown). The
 * k-th arrival of an id takes the k-th listing of that id in the order, so a duplicate in the order is a
 * later sender with the same id. Arrivals the order does not list are skipped at once.
 *
 * <p>Every wait is bounded: a waiting thread (a held sender, or the run's thread after the workload
 * returned) fails the run when nothing has progressed (no turn begun or finished) for the timeout.
 */
final class HoldRun extends OrderedRun {

    /** A sender held at the entry point. */
    private record Held(String id, String thread) {}

    private final Map<String, Integer> arrivals = new HashMap<>();
    private final Map<Integer, Held> held = new TreeMap<>();
    private final ThreadLocal<int[]> insideBody = ThreadLocal.withInitial(() -> new int[1]);
    private int turn;
    private boolean busy;
    private String busyThread;
    private long lastProgress;
    private boolean closed;
    private Throwable workloadFailure;

    HoldRun(ResolvedEntryPoint entryPoint, DeliveryOrder order, Duration timeout) {
        super(entryPoint, order, timeout);
    }

    @Override
    DeliveryMode mode() {
        return DeliveryMode.HOLD_SENDERS;
    }

    @Override
    String moreState() {
        if (held.isEmpty()) {
            return "";
        }
        return " Held at the entry point: "
                + held.values().stream()
                        .map(sender -> sender.id() + " (thread " + sender.thread() + ")")
                        .collect(Collectors.joining(", "))
                + ".";
    }

    @Override
    public CallDecision arrive(InterceptedCall call) {
        if (insideBody.get()[0] > 0) {
            return CallDecision.pass(); // nested in an admitted body on this thread
        }
        if (isClosed()) {
            return CallDecision.pass();
        }
        String id = messageId(call);
        lock.lock();
        try {
            if (closed) {
                return CallDecision.pass();
            }
            if (failure() != null) {
                throw failureCopy();
            }
            arrived.add(id);
            int arrival = arrivals.merge(id, 1, Integer::sum);
            List<Integer> listed = positions.get(id);
            if (listed == null) {
                omitted.add(id);
                return CallDecision.skip(entryPoint.placeholder(entryPoint.method(call)));
            }
            if (arrival > listed.size()) {
                throw fail(
                        OrderFailure.ARRIVED_TOO_OFTEN,
                        "message " + id + " arrived " + times(arrival) + " at "
                                + reference() + " (the last time on thread "
                                + call.thread().getName() + "), but "
                                + order.replayKey() + " lists it " + times(listed.size()) + ".",
                        "each listed message to arrive at most as often as the order lists it: the k-th arrival of an"
                                + " id takes its k-th place in the order.",
                        "list " + id + " " + times(arrival) + " in the order to deliver every arrival, or leave it out"
                                + " of the order to omit all of them.",
                        null);
            }
            int position = listed.get(arrival - 1);
            held.put(position, new Held(id, call.thread().getName()));
            try {
                awaitTurn(position);
            } finally {
                held.remove(position);
            }
            busy = true;
            busyThread = call.thread().getName();
            lastProgress = System.nanoTime();
            insideBody.get()[0]++;
            return CallDecision.track();
        } finally {
            lock.unlock();
        }
    }

    /** Waits (lock held) until it is {@code position}'s turn; fails the run on timeout, interrupt or failure. */
    private void awaitTurn(int position) {
        while (true) {
            if (failure() != null) {
                throw failureCopy();
            }
            if (closed) {
                throw new IllegalStateException(
                        OrderMessages.endedWhileHeld(
                                order.replayKey(),
                                reference(),
                                at(position),
                                Thread.currentThread().getName(),
                                workloadFailure),
                        workloadFailure);
            }
            if (turn == position && !busy) {
                return;
            }
            long remaining = lastProgress + timeout.toNanos() - System.nanoTime();
            if (remaining <= 0) {
                throw timedOut();
            }
            try {
                changed.awaitNanos(remaining);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw fail(
                        OrderFailure.INTERRUPTED,
                        "thread " + Thread.currentThread().getName() + " was interrupted" + " while it was held at "
                                + reference() + " with " + at(position) + ".",
                        "held senders to wait for their turn undisturbed.",
                        "do not interrupt sending threads during the run, or cancel the run by failing the workload.",
                        e);
            }
        }
    }

    @Override
    public void left(InterceptedCall call, Object returned, Throwable thrown) {
        insideBody.get()[0]--;
        lock.lock();
        try {
            if (closed || !busy) {
                return;
            }
            deliveries.add(new Delivery(
                    turn + 1,
                    order.ids().get(turn),
                    DeliveryKind.ADMITTED,
                    call.thread().getName(),
                    CallOutcome.of(returned, thrown)));
            busy = false;
            busyThread = null;
            turn++;
            lastProgress = System.nanoTime();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    @Override
    DeliveryResult execute(Workload workload) throws Exception {
        lock.lock();
        try {
            lastProgress = System.nanoTime();
        } finally {
            lock.unlock();
        }
        try {
            workload.run();
        } catch (Throwable thrown) {
            lock.lock();
            try {
                OrderNotHonouredError failure = failure();
                workloadFailure = thrown;
                closed = true;
                changed.signalAll();
                if (failure != null) {
                    if (failure == thrown) {
                        throw failure;
                    }
                    OrderNotHonouredError copy = failureCopy();
                    copy.addSuppressed(thrown);
                    throw copy;
                }
            } finally {
                lock.unlock();
            }
            throw rethrow(thrown);
        }
        lock.lock();
        try {
            while (failure() == null && (turn < order.size() || busy)) {
                long remaining = lastProgress + timeout.toNanos() - System.nanoTime();
                if (remaining <= 0) {
                    throw timedOut();
                }
                changed.awaitNanos(remaining);
            }
            if (failure() != null) {
                throw failureCopy();
            }
        } finally {
            closed = true; // later calls pass; senders still held (after a failure or an interrupt) give up
            changed.signalAll();
            lock.unlock();
        }
        return result();
    }

    /** Fails the run because nothing progressed for the timeout: a message never arrived, or a body stalled. */
    private OrderNotHonouredError timedOut() {
        if (busy) {
            String next = turn + 1 < order.size()
                    ? "so " + at(turn + 1) + " could not follow"
                    : "so the run could not finish";
            return fail(
                    OrderFailure.STALLED,
                    "the call for " + at(turn) + " on thread " + busyThread + " did not"
                            + " return within the timeout of " + timeoutText() + ", " + next + ".",
                    "every delivered call to return within the timeout.",
                    "find what the call waits for (a lock, a latch, or a sender the kit holds), or raise the timeout"
                            + " with OrderedDelivery.timeout(...).",
                    null);
        }
        String id = order.ids().get(turn);
        int needed = (int)
                order.ids().subList(0, turn + 1).stream().filter(id::equals).count();
        int got = arrivals.getOrDefault(id, 0);
        String what = needed == 1 ? at(turn) : "the " + ordinal(needed) + " arrival of " + at(turn);
        String expected = needed == 1
                ? "a call of the entry point whose message id is " + id + "."
                : "a " + ordinal(needed) + " call of the entry point with message id " + id + " (it arrived "
                        + times(got) + "): in " + mode() + " mode a duplicate in the order is a later sender with the"
                        + " same id.";
        String deadlock = held.isEmpty()
                ? ""
                : " If a held thread is the one that would send " + id + " next,"
                        + " holding cannot honour this order (a held thread cannot send): send from one thread in "
                        + DeliveryMode.CAPTURE_AND_RELEASE + " mode.";
        String monitor = entryPoint.isSynchronized()
                ? " The entry point is a synchronized method: a held sender keeps"
                        + " the receiver's monitor, so a sender on the same object cannot arrive; name an unsynchronized caller"
                        + " as the entry point, or give each sender its own receiver."
                : "";
        return fail(
                OrderFailure.NEVER_ARRIVED,
                what + " never arrived at " + reference() + " within the timeout of " + timeoutText() + ".",
                expected,
                "make the workload send " + id + (needed == 1 ? "" : " again") + ", drop it from the order, or raise"
                        + " the timeout with OrderedDelivery.timeout(...) if its sender is slow." + deadlock + monitor,
                null);
    }

    private boolean isClosed() {
        lock.lock();
        try {
            return closed;
        } finally {
            lock.unlock();
        }
    }
}
