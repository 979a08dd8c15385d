package dev.deliverykit.boundary;

import dev.deliverykit.internal.instrument.KitClasses;
import dev.deliverykit.internal.instrument.KnownLibrary;
import dev.deliverykit.internal.instrument.KnownLibrary.Role;
import dev.deliverykit.internal.instrument.PoolFrames;
import java.lang.StackWalker.StackFrame;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * Where in the code under test a hit happened: the first frame of the user's code, from the innermost out,
 * and the helpers it went through on the way to the boundary (see docs/boundaries.md, "Where a hit happened").
 *
 * <p>Walking out from the boundary, every frame is one of four kinds:
 * <ul>
 *   <li><b>ignored</b>: the JDK ({@code java.}, {@code javax.}, {@code jdk.}, {@code sun.}, {@code com.sun.}), Byte
 *       Buddy, the kit's engine, and classes implementing a JDBC interface ({@code Connection}, {@code Statement},
 *       {@code ResultSet}, {@code Driver}, {@code DataSource}): never named;</li>
 *   <li><b>seen through</b>: a class in one of {@link #SEEN_THROUGH} (drivers, pools, frameworks, the reference
 *       implementations' JDBC helpers) or in a package or class the run was told to see through
 *       ({@link WatchList#seeingThrough});</li>
 *   <li><b>helper</b>: a method with a parameter of a functional interface type (annotated
 *       {@link FunctionalInterface}, or outside the JDK with exactly one abstract method), the shape of a
 *       transaction template ({@code inTransaction(String, Work)}); a lambda frame ({@code lambda$inTx$0}) is
 *       judged by the method it was written in;</li>
 *   <li>otherwise <b>user code</b>: the first such frame is the site.</li>
 * </ul>
 * The helpers and seen-through frames passed before the site are its "via", in call order, a run of
 * consecutive seen-through frames by its outermost frame (the method the code called). When no frame is user
 * code, the innermost helper or seen-through frame is the site. A generated proxy's frame is named after the class
 * it proxies ({@link ProxyClasses}).
 */
final class StackSummary {

    /** How many frames a hit keeps, from the site outward. */
    static final int FRAMES = 3;

    /** How many helpers a hit keeps, the ones nearest the site. */
    static final int VIA = 6;

    /**
     * Seen through in every run: JDBC drivers, pools, persistence and transaction frameworks, Spring, broker
     * clients, Netty, language runtimes, and the reference implementations' own JDBC helpers.
     */
    private static final KnownLibrary.Names SEEN_THROUGH = KnownLibrary.ofRoles(
            Role.DRIVER,
            Role.POOL,
            Role.PERSISTENCE,
            Role.SPRING,
            Role.BROKER_CLIENT,
            Role.NETWORK,
            Role.LANGUAGE_RUNTIME,
            Role.REFERENCE_HELPER);

    /** Never named: the JDK and byte-buddy. */
    private static final KnownLibrary.Names IGNORED = KnownLibrary.ofRoles(Role.JDK, Role.BYTECODE);

    /** The packages of the engine's frames: the boundary engine's, and the instrumentation's that calls it. */
    private static final Set<String> ENGINE_PACKAGES =
            Set.of(StackSummary.class.getPackageName(), KitClasses.class.getPackageName());

    /**
     * What a hit shows: frames from the site outward, the helpers passed before it, in call order, and whether
     * the site is the user's code (and not the innermost helper or framework frame, for want of one).
     */
    record Site(List<String> stack, List<String> via, boolean atUserCode) {}

    /**
     * Whether a place was on the stack and, if not, a method that looks like what it meant
     * ({@link Place#isLookalike}), or {@code null}.
     */
    record PlaceCheck(boolean onStack, String lookalike) {
        static final PlaceCheck ON_STACK = new PlaceCheck(true, null);
        static final PlaceCheck NOT_ON_STACK = new PlaceCheck(false, null);
    }

    private enum Kind {
        IGNORED,
        SEEN_THROUGH,
        HELPER,
        USER
    }

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);
    /** Per class, the place of each of its methods' frames: a recording names the places of every hit. */
    private static final ClassValue<Map<String, Optional<Place>>> PLACES = new ClassValue<>() {
        @Override
        protected Map<String, Optional<Place>> computeValue(Class<?> type) {
            return new ConcurrentHashMap<>();
        }
    };

    private StackSummary() {}

    /**
     * The site of the current stack, frames as {@code com.acme.Relay.send(Relay.java:42)}. For a JDBC event the
     * innermost frame below the kit is the driver method the advice is woven into; it is dropped even when its
     * class does not itself implement a JDBC interface (a driver's abstract base).
     *
     * @param seeThrough packages and classes to see through in this run, besides {@link #SEEN_THROUGH}
     */
    static Site here(boolean inJdbcCall, List<String> seeThrough) {
        Site own = WALKER.walk(stream -> site(
                stream.dropWhile(frame -> isKit(frame.getDeclaringClass()))
                        .skip(inJdbcCall ? 1 : 0)
                        .iterator(),
                seeThrough));
        if (own.atUserCode()) {
            return own;
        }
        List<StackFrame> handing = HandingStack.current();
        Site handed = handing.isEmpty() ? own : site(handing.iterator(), seeThrough);
        return handed.atUserCode() ? handed : own;
    }

    /** Reads frames only up to the site and {@value #FRAMES} frames past it: a stack can be hundreds deep. */
    private static Site site(Iterator<StackFrame> frames, List<String> seeThrough) {
        List<String> via = new ArrayList<>();
        List<String> fallback = new ArrayList<>(); // the innermost named frames, if no frame is user code
        String entry = null; // the outermost frame so far of the current run of seen-through frames
        while (frames.hasNext()) {
            StackFrame frame = frames.next();
            Kind kind = kind(frame, seeThrough);
            if (kind == Kind.IGNORED) {
                continue;
            }
            if (kind == Kind.USER) {
                if (entry != null) {
                    via.add(entry);
                }
                return new Site(stackFrom(frame, frames, seeThrough), callOrder(via), true);
            }
            if (fallback.size() < FRAMES) {
                fallback.add(format(frame));
            }
            if (kind == Kind.SEEN_THROUGH) {
                entry = format(frame);
                continue;
            }
            if (entry != null) {
                via.add(entry);
                entry = null;
            }
            via.add(format(frame));
        }
        return new Site(fallback, List.of(), false);
    }

    /**
     * Whether {@code place} is on the workload's part of the current stack ({@link #workload}) or of the frames that
     * handed the current task over ({@link HandingStack}), walking only up to
     * the first frame of it; while it is not, the first frame that looks like what it meant.
     */
    static PlaceCheck check(Place place) {
        return WALKER.walk(stream -> {
            String lookalike = null;
            for (Iterator<StackFrame> frames = Stream.concat(workload(stream), HandingStack.current().stream())
                            .iterator();
                    frames.hasNext(); ) {
                StackFrame frame = frames.next();
                if (place.isFrame(frame.getClassName(), frame.getMethodName())) {
                    return PlaceCheck.ON_STACK;
                }
                if (lookalike == null && place.isLookalike(frame.getClassName(), frame.getMethodName())) {
                    lookalike = Place.ofFrame(frame.getClassName(), frame.getMethodName())
                            .map(Place::reference)
                            .orElse(null);
                }
            }
            return lookalike == null ? PlaceCheck.NOT_ON_STACK : new PlaceCheck(false, lookalike);
        });
    }

    /**
     * Every place on the workload's part of the current stack ({@link #workload}), and of the frames that handed
     * the current task over ({@link HandingStack}), innermost first, each once.
     */
    static List<Place> places() {
        return WALKER.walk(stream -> Stream.concat(workload(stream), HandingStack.current().stream())
                .map(frame -> PLACES.get(frame.getDeclaringClass())
                        .computeIfAbsent(frame.getMethodName(), method -> Place.ofFrame(frame.getClassName(), method)))
                .flatMap(Optional::stream)
                .distinct()
                .toList());
    }

    /**
     * The frames of the workload: past the kit's own frames at the top (the boundary's advice), up to the kit's
     * frame that runs the workload (or a task of it), or to the thread's first frame. A place is a method of these:
     * the test runner's frames under the run are no part of the workload.
     */
    private static Stream<StackFrame> workload(Stream<StackFrame> stack) {
        return stack.dropWhile(frame -> isKit(frame.getDeclaringClass()))
                .takeWhile(frame -> !isKit(frame.getDeclaringClass()));
    }

    private static List<String> stackFrom(StackFrame site, Iterator<StackFrame> outer, List<String> seeThrough) {
        List<String> stack = new ArrayList<>();
        stack.add(format(site));
        while (outer.hasNext() && stack.size() < FRAMES) {
            StackFrame frame = outer.next();
            if (kind(frame, seeThrough) != Kind.IGNORED) {
                stack.add(format(frame));
            }
        }
        return stack;
    }

    private static List<String> callOrder(List<String> innermostFirst) {
        List<String> outermostFirst = new ArrayList<>(
                innermostFirst.subList(Math.max(0, innermostFirst.size() - VIA), innermostFirst.size()));
        Collections.reverse(outermostFirst);
        return outermostFirst;
    }

    /** Whether the calling thread is inside a connection pool's own code (see {@link PoolFrames}). */
    static boolean isPoolMaintenance() {
        return PoolFrames.onStack();
    }

    private static Kind kind(StackFrame frame, List<String> seeThrough) {
        Class<?> type = frame.getDeclaringClass();
        if (isIgnored(type)) {
            return Kind.IGNORED;
        }
        String name = type.getName();
        if (SEEN_THROUGH.covers(name) || coversAny(seeThrough, name)) {
            return Kind.SEEN_THROUGH;
        }
        return HelperFrames.isHelper(frame) ? Kind.HELPER : Kind.USER;
    }

    /** {@code com.example.db} covers its classes and subpackages; {@code com.example.Tx}, the class and its nested classes. */
    private static boolean coversAny(List<String> packagesOrClasses, String className) {
        for (String entry : packagesOrClasses) {
            if (KnownLibrary.Names.covers(entry, className, '.')) {
                return true;
            }
        }
        return false;
    }

    /** Whether a class is seen through in every run ({@link #SEEN_THROUGH}). */
    static boolean isSeenThrough(String className) {
        return SEEN_THROUGH.covers(className);
    }

    /** The kit's own modules (the JUnit face's, testkit-spring's) are ignored too: a restart's frames pass them. */
    static boolean isIgnored(Class<?> type) {
        if (IGNORED.covers(type.getName()) || isKit(type) || KitClasses.isModule(type)) {
            return true;
        }
        return Statement.class.isAssignableFrom(type)
                || Connection.class.isAssignableFrom(type)
                || Driver.class.isAssignableFrom(type)
                || ResultSet.class.isAssignableFrom(type)
                || DataSource.class.isAssignableFrom(type);
    }

    /**
     * The engine's frames: the boundary engine's and the instrumentation's, told from a test fixture in the same
     * packages by their code source.
     */
    static boolean isKit(Class<?> type) {
        return KitClasses.isEngine(type) && ENGINE_PACKAGES.contains(type.getPackageName());
    }

    private static String format(StackFrame frame) {
        String file = frame.getFileName();
        String where = file == null
                ? "Unknown Source"
                : frame.getLineNumber() >= 0 ? file + ":" + frame.getLineNumber() : file;
        return ProxyClasses.userClass(frame.getClassName()) + "." + frame.getMethodName() + "(" + where + ")";
    }
}
