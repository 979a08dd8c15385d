package dev.deliverykit.junit5.internal.execution;

import dev.deliverykit.boundary.ScheduledRun;
import dev.deliverykit.junit5.internal.planning.ScheduleCase;
import dev.deliverykit.junit5.internal.report.CaseEntry;
import dev.deliverykit.junit5.internal.report.ScheduleCounts;
import dev.deliverykit.schedule.InstanceSteps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the recordings of a {@code @ScheduleSweep} found, for the cases after them: the instances' names from the
 * first, each instance's steps from the serial run it started. Lives in the template's store; written by the
 * recording invocations, read when JUnit asks for the invocations after them.
 */
final class ScheduleSweepState {

    private List<String> names;
    private final Map<String, InstanceSteps> steps = new LinkedHashMap<>();
    private boolean recordingFailed;
    private CaseEntry firstEntry;

    /** A recording case ran: the instance it started, if it ran to its end alone, gave its steps. */
    synchronized void recorded(ScheduleCase recording, List<String> instances, ScheduledRun run, CaseEntry entry) {
        String first;
        if (recording instanceof ScheduleCase.RecordInstances) {
            names = List.copyOf(instances);
            firstEntry = entry;
            first = instances.get(0);
        } else if (recording instanceof ScheduleCase.RunSchedule schedule
                && schedule.records().isPresent()) {
            first = schedule.records().get();
        } else {
            return;
        }
        if (run.anyFailed()) {
            recordingFailed = true;
            return;
        }
        run.instance(first).ifPresent(instance -> steps.put(first, instance.steps()));
    }

    /** The schedules are planned: the first recording's row in the report shows their counts. */
    synchronized void counted(ScheduleCounts counts) {
        if (firstEntry != null) {
            firstEntry.counted(counts);
        }
    }

    /** The instances' names, once the first recording ran them. */
    synchronized Optional<List<String>> names() {
        return Optional.ofNullable(names);
    }

    /** Every instance's steps in the instances' order, once every recording ran and none failed. */
    synchronized Optional<List<InstanceSteps>> steps() {
        if (names == null || recordingFailed || !steps.keySet().containsAll(names)) {
            return Optional.empty();
        }
        List<InstanceSteps> inOrder = new ArrayList<>();
        names.forEach(name -> inOrder.add(steps.get(name)));
        return Optional.of(inOrder);
    }
}
