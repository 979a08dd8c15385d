package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.deliverykit.internal.text.InvalidArgumentException;
import java.util.Collection;
import org.apiguardian.api.API;

/** The rules for instances' names, shared by whoever names instances: the planner, the engine's instances. */
@API(status = INTERNAL, since = "0.1")
public final class InstanceNames {

    private InstanceNames() {}

    /** {@code name}, refused if it cannot stand in a replay key. */
    public static String checked(String name) {
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new InvalidArgumentException(ScheduleMessages.badInstanceName(name));
        }
        return name;
    }

    /** Refuses {@code name} if one of {@code taken} is already called so. */
    public static void requireNew(Collection<String> taken, String name) {
        if (taken.contains(name)) {
            throw new InvalidArgumentException(ScheduleMessages.duplicateName(name));
        }
    }
}
