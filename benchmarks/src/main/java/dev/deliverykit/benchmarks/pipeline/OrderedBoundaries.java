package dev.deliverykit.benchmarks.pipeline;

import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.reference.scenarios.ReferenceBoundaries;
import java.util.List;

/**
 * The boundaries the benchmarks crash at, from the public reference catalogue
 * ({@link ReferenceBoundaries}): the ten of {@code docs/protocols.md} section 2, and one of section 3 that
 * the ordered pipeline never reaches (B3 arms it).
 *
 * <pre>{@code
 * CrashPlan plan = CrashPlan.at(OrderedBoundaries.catalogue(), OrderedBoundaries.APPLY_AFTER_COMMIT);
 * }</pre>
 */
public final class OrderedBoundaries {

    /** Boundary 10: apply, after commit, before return (normal exit of {@code OrderedConsumer#apply}). */
    public static final String APPLY_AFTER_COMMIT = ReferenceBoundaries.APPLY_AFTER_COMMIT;

    /** A boundary of the reference code that the ordered pipeline never reaches (retention, section 3). */
    public static final String NEVER_REACHED_BY_THE_PIPELINE = ReferenceBoundaries.CLOSE_AFTER_BOUNDARY_UPDATE;

    /** The ten of section 2, in the order of the contract's table. */
    public static final List<String> TEN = List.of(
            ReferenceBoundaries.PRODUCER_AFTER_FLOW_UPDATE,
            ReferenceBoundaries.PRODUCER_AFTER_OUTBOX_INSERT,
            ReferenceBoundaries.PRODUCER_AFTER_COMMIT,
            ReferenceBoundaries.CONSUMER_AFTER_INBOX_INSERT,
            ReferenceBoundaries.CONSUMER_AFTER_RECEIVE_COMMIT,
            ReferenceBoundaries.RELAY_AFTER_ACCEPTED_UPDATE,
            ReferenceBoundaries.RELAY_AFTER_ACCEPTED_COMMIT,
            ReferenceBoundaries.APPLY_AFTER_PROJECTION_UPDATE,
            ReferenceBoundaries.APPLY_AFTER_APPLIED_MARK,
            ReferenceBoundaries.APPLY_AFTER_COMMIT);

    private OrderedBoundaries() {}

    /** The whole reference catalogue: plans made from it watch all its boundaries, as a user's would. */
    public static BoundaryCatalogue catalogue() {
        return ReferenceBoundaries.catalogue();
    }
}
