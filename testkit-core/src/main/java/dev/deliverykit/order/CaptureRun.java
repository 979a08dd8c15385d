package dev.deliverykit.order;

import dev.deliverykit.Workload;
import dev.deliverykit.internal.instrument.CallDecision;
import dev.deliverykit.internal.instrument.InterceptedCall;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link DeliveryMode#CAPTURE_AND_RELEASE}: while the workload runs, every call of the entry point is
 * captured and skipped; when it returns, the captured calls are invoked in the forced order on this
 * thread. The k-th listing of an id releases the k-th captured call of that id, or, when fewer were
 * captured, invokes the last one again ({@link DeliveryKind#REPEATED}).
 */
final class CaptureRun extends OrderedRun {

    private enum Phase {
        CAPTURING,
        RELEASING,
        CLOSED
    }

    /** One planned delivery: a captured call at a position of the order. */
    private record Planned(int position, String id, InterceptedCall call, DeliveryKind kind) {}

    private final Map<String, List<InterceptedCall>> captured = new LinkedHashMap<>();
    private final List<String> late = new ArrayList<>();
    private Phase phase = Phase.CAPTURING;
    private volatile Thread runner;

    CaptureRun(ResolvedEntryPoint entryPoint, DeliveryOrder order, Duration timeout) {
        super(entryPoint, order, timeout);
    }

    @Override
    DeliveryMode mode() {
        return DeliveryMode.CAPTURE_AND_RELEASE;
    }

    @Override
    String moreState() {
        return late.isEmpty() ? "" : " Arrived after the workload returned: " + list(late) + ".";
    }

    @Override
    public CallDecision arrive(InterceptedCall call) {
        Phase now = phaseNow();
        if (now == Phase.CLOSED || (now == Phase.RELEASING && call.thread() == runner)) {
            return CallDecision.pass(); // the kit's own invocation, a call nested in it, or after the run
        }
        String id = messageId(call);
        Method method = entryPoint.method(call);
        lock.lock();
        try {
            if (phase == Phase.CLOSED) {
                return CallDecision.pass();
            }
            arrived.add(id);
            if (phase == Phase.RELEASING) {
                late.add(id);
                fail(
                        OrderFailure.ARRIVED_AFTER_WORKLOAD,
                        "message " + id + " arrived at " + reference()
                                + " on thread " + call.thread().getName() + " after the workload returned, while the"
                                + " captured calls were being released; its call was skipped.",
                        "in " + mode() + " mode, every message is sent before the workload returns.",
                        "join the sending threads inside the workload, or use " + DeliveryMode.HOLD_SENDERS
                                + " mode for several sending threads.",
                        null);
                return CallDecision.skip(entryPoint.placeholder(method));
            }
            captured.computeIfAbsent(id, key -> new ArrayList<>()).add(call);
            if (!positions.containsKey(id)) {
                omitted.add(id);
            }
            return CallDecision.skip(entryPoint.placeholder(method));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void left(InterceptedCall call, Object returned, Throwable thrown) {
        // Never called: this run skips or passes calls, it tracks none.
    }

    @Override
    DeliveryResult execute(Workload workload) throws Exception {
        runner = Thread.currentThread();
        try {
            workload.run();
        } catch (Throwable thrown) {
            OrderNotHonouredError failure = close();
            if (failure != null) {
                throw failure == thrown ? failure : copyWithSuppressed(thrown);
            }
            throw rethrow(thrown);
        }
        List<Planned> plan;
        lock.lock();
        try {
            phase = Phase.RELEASING;
            if (failure() != null) {
                throw failureCopy();
            }
            plan = plan();
        } catch (OrderNotHonouredError failed) {
            phase = Phase.CLOSED;
            throw failed;
        } finally {
            lock.unlock();
        }
        for (Planned planned : plan) {
            release(planned);
        }
        OrderNotHonouredError failure = close();
        if (failure != null) {
            throw failureCopyLocked();
        }
        return result();
    }

    /** The release plan; fails (nothing delivered yet) if a message never arrived or arrived too often. */
    private List<Planned> plan() {
        Map<String, Integer> listed = new HashMap<>();
        List<Planned> plan = new ArrayList<>(order.size());
        for (int position = 0; position < order.size(); position++) {
            String id = order.ids().get(position);
            int occurrence = listed.merge(id, 1, Integer::sum);
            List<InterceptedCall> calls = captured.getOrDefault(id, List.of());
            if (calls.isEmpty()) {
                throw neverArrived(position);
            }
            boolean fresh = occurrence <= calls.size();
            plan.add(new Planned(
                    position,
                    id,
                    calls.get(fresh ? occurrence - 1 : calls.size() - 1),
                    fresh ? DeliveryKind.RELEASED : DeliveryKind.REPEATED));
        }
        for (Map.Entry<String, List<InterceptedCall>> entry : captured.entrySet()) {
            int listedTimes = order.occurrences(entry.getKey());
            if (listedTimes > 0 && entry.getValue().size() > listedTimes) {
                String id = entry.getKey();
                int arrivals = entry.getValue().size();
                throw fail(
                        OrderFailure.ARRIVED_TOO_OFTEN,
                        "message " + id + " arrived " + times(arrivals) + " at "
                                + reference() + ", but " + order.replayKey() + " lists it " + times(listedTimes)
                                + "; nothing was delivered.",
                        "each listed message to arrive at most as often as the order lists it: the k-th listing of"
                                + " an id releases its k-th arrival (and invokes its last arrival again when fewer"
                                + " arrived).",
                        "list " + id + " " + times(arrivals) + " in the order to deliver every arrival, or leave it"
                                + " out of the order to omit all of them.",
                        null);
            }
        }
        return plan;
    }

    private OrderNotHonouredError neverArrived(int position) {
        String id = order.ids().get(position);
        String hint = arrived.isEmpty()
                ? " If the workload does call the entry point, check that it names the class that declares the method"
                        + " (not an interface, nor a subclass) and the overload the workload calls."
                : "";
        return fail(
                OrderFailure.NEVER_ARRIVED,
                at(position) + " never arrived at " + reference() + ": the workload"
                        + " returned without sending it; nothing was delivered (captured calls are released only when every"
                        + " message of the order has arrived).",
                "a call of the entry point whose message id is " + id + ", before the workload returns.",
                "make the workload send " + id + ", or drop it from the order." + hint,
                null);
    }

    /** Invokes one captured call's original body on this thread; an Error ends the run, an exception is kept. */
    private void release(Planned planned) {
        Method method = entryPoint.method(planned.call());
        Object returned = null;
        Throwable thrown = null;
        try {
            returned = method.invoke(
                    planned.call().receiver(), planned.call().arguments().toArray());
        } catch (InvocationTargetException e) {
            thrown = e.getCause();
        } catch (IllegalAccessException e) {
            thrown = new IllegalStateException(
                    EntryPointMessages.notInvoked(planned.call().signature(), e), e);
        }
        if (thrown instanceof Error error) {
            close();
            throw error; // a simulated crash, or a failed assertion: nothing runs after it
        }
        Delivery delivery = new Delivery(
                planned.position() + 1,
                planned.id(),
                planned.kind(),
                Thread.currentThread().getName(),
                CallOutcome.of(returned, thrown));
        lock.lock();
        try {
            deliveries.add(delivery);
        } finally {
            lock.unlock();
        }
    }

    private Phase phaseNow() {
        lock.lock();
        try {
            return phase;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the run: later calls pass. Returns the recorded failure, or {@code null}. */
    private OrderNotHonouredError close() {
        lock.lock();
        try {
            phase = Phase.CLOSED;
            return failure();
        } finally {
            lock.unlock();
        }
    }

    private OrderNotHonouredError failureCopyLocked() {
        lock.lock();
        try {
            return failureCopy();
        } finally {
            lock.unlock();
        }
    }

    private OrderNotHonouredError copyWithSuppressed(Throwable thrown) {
        OrderNotHonouredError copy = failureCopyLocked();
        copy.addSuppressed(thrown);
        return copy;
    }
}
