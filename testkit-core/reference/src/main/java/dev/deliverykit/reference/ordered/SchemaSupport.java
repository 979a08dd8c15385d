package dev.deliverykit.reference.ordered;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Which payload schemas a consumer decodes. Events of other schemas are still received and stored
 * unchanged; applying them blocks with {@link BlockReason#UNSUPPORTED_SCHEMA} until a consumer with
 * wider support runs on the same database.
 *
 * <pre>{@code
 * new OrderedConsumer(consumerDb, SchemaSupport.V1_AND_V2);
 * }</pre>
 */
@API(status = EXPERIMENTAL, since = "0.1")
public enum SchemaSupport {
    /** Schema 1 only: payload {@code {"amount": n}}. The default. */
    V1_ONLY(1),
    /** Schemas 1 and 2: schema 2 payload {@code {"units": n}}. */
    V1_AND_V2(2);

    private final long highestSchema;

    SchemaSupport(long highestSchema) {
        this.highestSchema = highestSchema;
    }

    /** Whether events of this schema number can be decoded. */
    public boolean supports(long schema) {
        return schema >= 1 && schema <= highestSchema;
    }
}
