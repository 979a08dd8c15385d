package dev.deliverykit.benchmarks.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** B2's baseline: the one trivial JUnit test a bare child JVM runs. */
public class TrivialCase {

    /** Asserts something trivial. */
    @Test
    void addsUp() {
        assertEquals(4, Math.addExact(2, 2));
    }
}
