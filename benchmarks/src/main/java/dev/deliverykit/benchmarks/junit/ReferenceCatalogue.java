package dev.deliverykit.benchmarks.junit;

import dev.deliverykit.boundary.BoundaryCatalogue;
import dev.deliverykit.reference.scenarios.ReferenceBoundaries;

/** The reference catalogue as the field {@code @BoundaryCatalogueSource} reads. */
public final class ReferenceCatalogue {

    /** {@link ReferenceBoundaries#catalogue()}. */
    public static final BoundaryCatalogue REFERENCE = ReferenceBoundaries.catalogue();

    private ReferenceCatalogue() {}
}
