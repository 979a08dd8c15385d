package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.DurationText;
import dev.deliverykit.internal.text.InvalidArgumentException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apiguardian.api.API;

/** Reads a schedule's {@linkplain Schedule#key() key} back, against the instances it was planned for. */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ScheduleKeys {

    private ScheduleKeys() {}

    /**
     * The schedule {@code key} names among {@code instances}; refused with what is wrong, and how to fix it, when a
     * move is malformed, names no instance, a stall stops no instance that goes on, a crashed instance takes a turn
     * or crashes at its end, or the key's steps are not the instances' steps (the code changed since the key was
     * printed).
     */
    public static Schedule read(String key, List<InstanceSteps> instances) {
        List<InstanceSteps> known = List.copyOf(instances);
        List<String> names = known.stream().map(InstanceSteps::name).toList();
        int[] taken = new int[known.size()];
        List<Integer> order = new ArrayList<>();
        Map<Integer, Duration> stalls = new HashMap<>();
        Map<Integer, Duration> crashes = new HashMap<>();
        boolean[] crashed = new boolean[known.size()];
        for (Move move : moves(key, names)) {
            if (move instanceof Turn turn) {
                int instance = names.indexOf(turn.instance());
                taken[instance] += turn.steps();
                for (int step = 0; step < turn.steps(); step++) {
                    order.add(instance);
                }
            } else if (move instanceof Stall stall) {
                stalls.put(order.size(), stall.duration());
            } else if (move instanceof Crash crash) {
                crashes.put(order.size(), crash.duration());
                crashed[names.indexOf(crash.instance())] = true;
            }
        }
        for (int instance = 0; instance < known.size(); instance++) {
            int recorded = known.get(instance).steps().size();
            if (crashed[instance] && taken[instance] >= recorded) {
                throw new InvalidArgumentException(
                        ScheduleMessages.crashAfterTheEnd(key, names.get(instance), taken[instance], recorded));
            }
            if (!crashed[instance] && taken[instance] != recorded) {
                throw new InvalidArgumentException(
                        ScheduleMessages.stepsDiffer(key, names.get(instance), taken[instance], recorded));
            }
        }
        return new Schedule(known, order.stream().mapToInt(Integer::intValue).toArray(), stalls, crashes);
    }

    /**
     * The moves {@code key} names among the instances called {@code names}, without their recorded steps: each turn
     * stops at {@code point N}, the instance's N-th point counted over its turns; a stall ({@code +31s}) stops the
     * instance of the turn before it, which must have a turn after it; a crash ({@code crash}, {@code crash+31s})
     * kills the instance of the turn before it, which must have no turn after it. Refused as {@link #read} refuses a
     * malformed move, an unknown instance, or a stall or a crash out of place.
     */
    public static List<Move> moves(String key, List<String> names) {
        List<Move> moves = new ArrayList<>();
        int[] taken = new int[names.size()];
        for (String move : key.split(",", -1)) {
            if (isStall(move)) {
                moves.add(stall(key, move, moves));
                continue;
            }
            if (isCrash(move)) {
                moves.add(crash(key, move, moves));
                continue;
            }
            int colon = move.lastIndexOf(':');
            int steps = colon < 0 ? 0 : count(move.substring(colon + 1));
            if (steps < 1) {
                throw new InvalidArgumentException(ScheduleMessages.malformedTurn(key, move));
            }
            int instance = names.indexOf(move.substring(0, colon));
            if (instance < 0) {
                throw new InvalidArgumentException(
                        ScheduleMessages.unknownInstance(key, move.substring(0, colon), names));
            }
            taken[instance] += steps;
            moves.add(new Turn(names.get(instance), steps, "point " + taken[instance]));
        }
        for (int at = 0; at < moves.size(); at++) {
            if (moves.get(at) instanceof Stall stall
                    && !resumes(stall.instance(), moves.subList(at + 1, moves.size()))) {
                throw new InvalidArgumentException(
                        ScheduleMessages.stallNotResumed(key, stall.key(), stall.instance()));
            }
            if (moves.get(at) instanceof Crash crash
                    && resumes(crash.instance(), moves.subList(at + 1, moves.size()))) {
                throw new InvalidArgumentException(ScheduleMessages.turnAfterCrash(key, crash.key(), crash.instance()));
            }
        }
        return moves;
    }

    /**
     * Whether {@code key} stalls an instance: one of its moves is a stall ({@code +31s}), well formed or not; read
     * without the instances' names, as a replay key comes.
     */
    public static boolean stalls(String key) {
        return Arrays.stream(key.split(",", -1)).anyMatch(ScheduleKeys::isStall);
    }

    /**
     * Whether {@code key} crashes an instance: one of its moves is a crash ({@code crash}, {@code crash+31s}), well
     * formed or not; read without the instances' names, as a replay key comes.
     */
    public static boolean crashes(String key) {
        return Arrays.stream(key.split(",", -1)).anyMatch(ScheduleKeys::isCrash);
    }

    private static boolean isStall(String move) {
        return move.startsWith("+");
    }

    /** A crash is said without a colon, which every turn has: an instance may be called {@code crash-1}. */
    private static boolean isCrash(String move) {
        return move.startsWith("crash") && !move.contains(":");
    }

    /** The crash {@code move} of {@code key}, which kills the instance of the turn before it. */
    private static Crash crash(String key, String move, List<Move> before) {
        String after = move.substring("crash".length());
        Optional<Duration> duration =
                after.isEmpty() ? Optional.of(Duration.ZERO) : plus(after).flatMap(DurationText::parse);
        if (duration.isEmpty()) {
            throw new InvalidArgumentException(ScheduleMessages.malformedCrash(key, move));
        }
        if (before.isEmpty() || !(before.get(before.size() - 1) instanceof Turn turn)) {
            throw new InvalidArgumentException(ScheduleMessages.crashWithoutTurn(key, move));
        }
        return new Crash(turn.instance(), duration.get());
    }

    /** What follows the plus sign of {@code text}, if it starts with one. */
    private static Optional<String> plus(String text) {
        return text.startsWith("+") ? Optional.of(text.substring(1)) : Optional.empty();
    }

    /** The stall {@code move} of {@code key}, which stops the instance of the turn before it. */
    private static Stall stall(String key, String move, List<Move> before) {
        Optional<Duration> duration = DurationText.parse(move.substring(1));
        if (duration.isEmpty()) {
            throw new InvalidArgumentException(ScheduleMessages.malformedStall(key, move));
        }
        if (before.isEmpty() || !(before.get(before.size() - 1) instanceof Turn turn)) {
            throw new InvalidArgumentException(ScheduleMessages.stallWithoutTurn(key, move));
        }
        return new Stall(turn.instance(), duration.get());
    }

    private static boolean resumes(String instance, List<Move> after) {
        return after.stream()
                .anyMatch(move -> move instanceof Turn turn && turn.instance().equals(instance));
    }

    /** A positive count of steps, or 0 for anything else. */
    private static int count(String text) {
        if (text.isEmpty() || text.length() > 6 || !text.chars().allMatch(Character::isDigit)) {
            return 0;
        }
        return Integer.parseInt(text);
    }
}
