package dev.deliverykit.junit5;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.time.TimeReads;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs several instances of the code under test at once (relays of one outbox, members of a consumer group) in every
 * schedule of their points within a preemption bound, one invocation per schedule, each judged by the test's
 * assertions and its {@link CheckInvariant} invariants.
 *
 * <pre>{@code
 * @ScheduleSweep
 * void twoRelaysSendEachRowOnce(ScheduleScenario scenario) throws Exception {
 *     seedOutbox(dir, 2);
 *     scenario.run(Instances.of("relay-a", () -> relay(dir, "relay-a").drain())
 *             .and("relay-b", () -> relay(dir, "relay-b").drain()));
 *     assertThat(sentTwice(dir)).isZero();
 * }
 * }</pre>
 *
 * <p><b>How the sweep runs.</b> Each instance is a process of its own, in a thread named after it; its points are
 * its calls that hit a swept boundary, and at each one it waits until the schedule says it goes next. Between two
 * points an instance runs freely.
 * <ol>
 *   <li>Invocation 1, {@code record instances (each to its end in turn)}: the instances run one after another, in the
 *       order given, each to its end; this gives the first instance's points.</li>
 *   <li>One more serial run per other instance, each starting with that instance:
 *       {@code schedule relay-b to the end, relay-a to the end}; this gives its points.</li>
 *   <li>Then every schedule of those points with at most {@link #preemptionBound()} preemptions, one per class of
 *       schedules that differ only in the order of steps touching nothing in common ({@link #reduction()}), named
 *       for example {@code schedule relay-a to after statement "SELECT id FROM outbox …" #1 in Relay.drain, relay-b
 *       to the end, relay-a to the end}; or, with {@link #randomSchedules()}, that many schedules drawn by random
 *       priorities (PCT) from {@link #seed()}.</li>
 * </ol>
 * A call that waits inside the driver for a while (a lock another instance holds while it waits at its point) ends
 * its instance's turn, and the next turn goes; what the database gives production then (a {@code SQLITE_BUSY})
 * reaches the code as in production. An instance that throws, or instances that deadlock, fail their case with the
 * schedule's timeline. The fixture the test writes before {@link ScheduleScenario#run} is written once per case.
 *
 * <p><b>Keys.</b> {@code schedule=relay-a:1,relay-b:1,relay-a:1}: each turn's instance and how many of its points it
 * passes; the last turn of each instance runs it to its end. {@code -Ddeliverykit.replay=<key>} runs that schedule
 * alone, without the recordings; {@code crash=none} selects the first recording. A stall case's key puts the stall
 * right after the turn of the instance it stops: {@code schedule=relay-a:2,+31s,relay-b:5,relay-a:3}.
 *
 * <p>Instances run in this JVM, one schedule at a time: with JUnit's parallel execution the test class must be
 * {@code @Isolated}. docs/instances.md says more.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@TestTemplate
@ExtendWith({ScheduleSweepExtension.class, ScenarioParameterExtension.class})
@API(status = EXPERIMENTAL, since = "0.1")
public @interface ScheduleSweep {

    /** The boundaries whose hits are the instances' points: by default every commit, statement and catalogue boundary. */
    SweepKind[] kinds() default {SweepKind.COMMITS, SweepKind.STATEMENTS, SweepKind.CATALOGUE};

    /** At most this many preemptions per schedule (stopping an instance that could go on), as CHESS bounds them. */
    int preemptionBound() default 2;

    /** Whether schedules that differ only in the order of independent steps run once. */
    boolean reduction() default true;

    /** Draw this many schedules by random priorities (PCT) instead of every schedule within the bound; 0: every one. */
    int randomSchedules() default 0;

    /** Where the random draws start, with {@link #randomSchedules()}: the same seed, the same schedules. */
    long seed() default 0;

    /** More schedules than this fail the test with what to narrow, before any of them runs. */
    int maxSchedules() default 500;

    /**
     * Who reads the {@linkplain ScheduleScenario#clock() case's clock}: only code given it ({@link TimeReads#GIVEN},
     * the default), or every read of the time of the instances' threads and tasks too ({@link TimeReads#WOVEN}:
     * {@code System.currentTimeMillis()}, {@code Instant.now()}, ..., and their sleeps take no real time). Instances
     * given a clock of their own keep theirs and what they say of it. docs/time.md.
     */
    TimeReads time() default TimeReads.GIVEN;

    /**
     * Stalls instead of interleavings: how long a stalled instance stays away, such as {@code "31s"} (a duration
     * as {@code deliverykit.child.timeout} takes it), longer than the leases the code takes. Each case then stops one
     * instance at one of its points, as a GC pause or a slow broker stops a process, moves the
     * {@linkplain ScheduleScenario#clock() kit's clock} past this duration, runs the other instances to their end,
     * and lets the stalled instance carry on to its end as if nothing happened: one case per point of each instance,
     * named {@code stall relay-a at before commit #2 in Relay.drain for 31 s, relay-b to the end, relay-a to the
     * end}. Empty: the instances interleave.
     */
    String stall() default "";

    /**
     * Crashes instead of interleavings: how far the {@linkplain ScheduleScenario#clock() kit's clock} moves after
     * an instance dies, such as {@code "31s"}, longer than the leases the code takes ({@code "0s"}: it does not
     * move). Each case runs one instance to one of its points and kills it there, in this JVM as an in-process crash
     * does (its open transactions roll back, its connections close, it takes no turn after), moves the clock, and
     * runs the other instances to their end: one case per point of each instance, named {@code crash relay-a at
     * after commit #2 in Relay.drain, 31 s pass, relay-b to the end}, keyed {@code
     * schedule=relay-a:4,crash+31s,relay-b:17}. In process only: refused when {@code deliverykit.mode} asks for
     * child processes only. Empty: no crash.
     */
    String crash() default "";
}
