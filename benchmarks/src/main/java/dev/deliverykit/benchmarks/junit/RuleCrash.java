package dev.deliverykit.benchmarks.junit;

/** What B7's Byteman rule throws at the boundary: an Error, so no {@code catch (Exception)} swallows it. */
public final class RuleCrash extends Error {

    private static final long serialVersionUID = 1L;

    /** A crash at the named boundary. */
    public RuleCrash(String boundary) {
        super(boundary);
    }
}
