package dev.deliverykit.junit5.contract;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * A request to a receiver whose dedup records are cleaned up by epoch (a day, a batch): its key is
 * {@code (namespace, epoch, operation)}, its parameters a text compared byte for byte.
 *
 * @param namespace the tenant or queue whose records are cleaned up together, such as {@code demo}
 * @param epoch the epoch the request belongs to, from 1, such as the day it was first sent
 * @param operation the operation's id within the epoch, such as {@code work-1}
 * @param parameters the request's parameters, such as {@code {"ticket":"T-1"}}
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record EpochRequest(String namespace, long epoch, String operation, String parameters) {

    /** Checks for nulls and the epoch's range. */
    public EpochRequest {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(parameters, "parameters");
        if (epoch < 1) {
            throw new IllegalArgumentException(ContractMessages.epochBelowOne(epoch, operation));
        }
    }

    /** {@code namespace/epoch/operation}. */
    @Override
    public String toString() {
        return namespace + "/" + epoch + "/" + operation;
    }
}
