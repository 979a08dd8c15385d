package dev.deliverykit.internal.instrument;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Turns the woven entries and exits of watched methods into {@link MethodCall} events for the run. Per thread it
 * keeps the watched methods the thread is inside, innermost last: an overload that another overload of the same
 * method calls (a client's {@code send(record)} calling {@code send(record, callback)}) is part of that one call,
 * not a second one.
 */
final class MethodEvents {

    private static final Map<String, MethodOrigin> ORIGINS = new ConcurrentHashMap<>();
    private static final ThreadLocal<ArrayDeque<Entered>> METHODS_ENTERED = ThreadLocal.withInitial(ArrayDeque::new);

    private MethodEvents() {}

    /**
     * A watched method a thread is inside: its origin, the run that saw it entered, and whether it was reported (an
     * overload inside another is not). An entry of an earlier run is stale (its exit came after that run ended).
     */
    private record Entered(String origin, BoundarySink run, boolean reported) {}

    /** While a run is active: entry to a watched method; {@code origin} is {@code type|method|descriptor}. */
    static void enter(String origin) {
        BoundarySink current = RunSink.current();
        if (current == null || RunSink.outsideTheDeadProcess(current)) {
            return;
        }
        ArrayDeque<Entered> entered = METHODS_ENTERED.get();
        entered.removeIf(earlier -> earlier.run() != current);
        Entered outer = entered.peekLast();
        if (outer != null && isOtherOverload(outer.origin(), origin)) {
            entered.addLast(new Entered(origin, current, false));
            return;
        }
        MethodOrigin method = ORIGINS.computeIfAbsent(origin, MethodOrigin::parse);
        current.method(method.call(MethodCall.Point.ENTRY, null)); // a crash here leaves no exit to balance
        entered.addLast(new Entered(origin, current, true));
    }

    /** While a run is active: exit from a watched method, normal ({@code thrown == null}) or exceptional. */
    static void exit(String origin, Throwable thrown) {
        BoundarySink current = RunSink.current();
        if (current == null || RunSink.outsideTheDeadProcess(current)) {
            return;
        }
        ArrayDeque<Entered> entered = METHODS_ENTERED.get();
        Entered innermost = entered.peekLast();
        if (innermost != null && innermost.origin().equals(origin)) {
            entered.removeLast();
            if (!innermost.reported()) {
                return;
            }
        }
        MethodOrigin method = ORIGINS.computeIfAbsent(origin, MethodOrigin::parse);
        current.method(
                method.call(thrown == null ? MethodCall.Point.NORMAL_EXIT : MethodCall.Point.EXCEPTIONAL_EXIT, thrown));
    }

    /** Whether two origins ({@code type|method|descriptor}) are different overloads of one method. */
    private static boolean isOtherOverload(String outer, String inner) {
        int bar = outer.lastIndexOf('|');
        return bar == inner.lastIndexOf('|') && outer.regionMatches(0, inner, 0, bar + 1) && !outer.equals(inner);
    }

    /** A woven method's identity, parsed once from the origin string woven into it. */
    private record MethodOrigin(String type, String method, List<String> parameterTypes) {

        static MethodOrigin parse(String origin) {
            String[] parts = origin.split("\\|", 3);
            return new MethodOrigin(parts[0], parts[1], Descriptors.parameterTypeNames(parts[2]));
        }

        MethodCall call(MethodCall.Point point, Throwable thrown) {
            return new MethodCall(point, type, method, parameterTypes, thrown);
        }
    }
}
