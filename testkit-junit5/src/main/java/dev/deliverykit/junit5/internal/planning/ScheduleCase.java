package dev.deliverykit.junit5.internal.planning;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.CrashMode;
import dev.deliverykit.ReplayKey;
import java.util.Objects;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * A case of a {@code @ScheduleSweep}: several instances run at once in this JVM, under one schedule. The first case
 * runs them one after another in the order the test gives, before their names are known; every other case names
 * its turns, and a stall or crash case the stall or crash among them.
 */
@API(status = INTERNAL, since = "0.1")
public sealed interface ScheduleCase extends KitCase
        permits ScheduleCase.RecordInstances, ScheduleCase.RunSchedule, ScheduleCase.OneInstance {

    @Override
    default CrashMode mode() {
        return CrashMode.IN_PROCESS;
    }

    /** The key of the moves this case runs; empty for the first recording, whose order is the test's. */
    Optional<String> movesToRun();

    /** The instances one after another, each to its end, in the order given: the first instance's points. */
    record RecordInstances() implements ScheduleCase {

        @Override
        public ReplayKey replayKey() {
            return ReplayKey.crashFree();
        }

        @Override
        public String displayName() {
            return "record instances (each to its end in turn)";
        }

        @Override
        public Optional<String> movesToRun() {
            return Optional.empty();
        }

        @Override
        public String kind() {
            return "RECORD";
        }
    }

    /**
     * The instances under one schedule.
     *
     * @param turns the schedule's turns, {@code relay-a:1,relay-b:1}
     * @param name the schedule in words, {@code relay-a to after commit #1 in Relay.drain, relay-b to the end, ...}
     * @param records the instance whose points this case records (it runs first and alone to its end), if any
     */
    record RunSchedule(String turns, String name, Optional<String> records) implements ScheduleCase {

        public RunSchedule {
            Objects.requireNonNull(turns, "turns");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(records, "records");
        }

        @Override
        public ReplayKey replayKey() {
            return ReplayKey.schedule(turns);
        }

        @Override
        public Optional<String> movesToRun() {
            return Optional.of(turns);
        }

        @Override
        public String displayName() {
            return "schedule " + name;
        }

        @Override
        public String kind() {
            return "SCHEDULE";
        }
    }

    /** What happens to the one instance a {@link OneInstance} case stops: its kind in report.json. */
    enum Interruption {
        /** It holds at its point while the kit's clock moves on, then carries on. */
        STALL,
        /** It dies at its point, in this JVM; the kit's clock may then move on. */
        CRASH
    }

    /**
     * The instances under a schedule in which one of them stalls, or crashes, at a point.
     *
     * @param turns the schedule's moves, {@code relay-a:2,+31s,relay-b:5,relay-a:3} or {@code
     *     relay-a:2,crash+31s,relay-b:5}
     * @param name the schedule in words, {@code stall relay-a at before commit #2 in Relay.drain for 31 s, relay-b to
     *     the end, relay-a to the end}
     * @param interruption what happens to the instance
     */
    record OneInstance(String turns, String name, Interruption interruption) implements ScheduleCase {

        public OneInstance {
            Objects.requireNonNull(turns, "turns");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(interruption, "interruption");
        }

        @Override
        public ReplayKey replayKey() {
            return ReplayKey.schedule(turns);
        }

        @Override
        public Optional<String> movesToRun() {
            return Optional.of(turns);
        }

        @Override
        public String displayName() {
            return name;
        }

        @Override
        public String kind() {
            return interruption.name();
        }
    }
}
