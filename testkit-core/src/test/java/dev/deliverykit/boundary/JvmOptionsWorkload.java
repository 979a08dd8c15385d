package dev.deliverykit.boundary;

import java.lang.management.ManagementFactory;
import java.util.List;

/** A child workload that prints its JVM's options, one a line, then returns from {@link #printed()}. */
public final class JvmOptionsWorkload implements ProcessWorkload {

    /** For the engine's child main. */
    public JvmOptionsWorkload() {}

    @Override
    public void run(List<String> args) {
        printed();
    }

    /** The boundary the tests crash at: its normal exit, after the options are printed. */
    void printed() {
        ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(System.out::println);
        System.out.flush();
    }
}
