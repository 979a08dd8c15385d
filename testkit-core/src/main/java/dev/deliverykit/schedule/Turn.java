package dev.deliverykit.schedule;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One turn of a schedule: an instance runs {@code steps} steps in a row and stops at {@code stopsAt}.
 *
 * @param instance the instance's name
 * @param steps how many of its steps it runs, at least one
 * @param stopsAt the point the last of them stops at
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Turn(String instance, int steps, String stopsAt) implements Move {

    /** {@code relay-a:2}. */
    @Override
    public String key() {
        return instance + ":" + steps;
    }

    /** {@code relay-a to after-claim}. */
    public String describe() {
        return instance + " to " + stopsAt;
    }
}
