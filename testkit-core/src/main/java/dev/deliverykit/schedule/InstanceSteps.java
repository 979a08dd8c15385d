package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import java.util.List;
import java.util.Objects;
import org.apiguardian.api.API;

/**
 * One instance and its steps, in program order: what its crash-free recording found between its points.
 *
 * @param name the instance's name ({@code relay-a}): letters, digits, {@code .}, {@code _} and {@code -}, so that a
 *     replay key can name it
 * @param steps its steps, at least one; the last one runs to the instance's end
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record InstanceSteps(String name, List<Step> steps) {

    public InstanceSteps {
        Objects.requireNonNull(name, "name");
        steps = List.copyOf(steps);
        InstanceNames.checked(name);
        if (steps.isEmpty()) {
            throw new InvalidArgumentException(ScheduleMessages.noSteps(name));
        }
    }
}
