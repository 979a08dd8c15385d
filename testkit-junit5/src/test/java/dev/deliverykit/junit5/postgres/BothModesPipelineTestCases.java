package dev.deliverykit.junit5.postgres;

import dev.deliverykit.CrashMode;
import dev.deliverykit.junit5.BoundaryCatalogueSource;
import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import dev.deliverykit.junit5.testkit.CrashTestKitOnly;

/**
 * The PostgreSQL pipeline of {@link PostgresOrderedPipelineTest} dying after each of its four commits, in this JVM and
 * as real exits, for the test that the two modes agree on correct code. Needs the server up ({@link
 * PostgresDatabases} registered on the running test).
 */
@CrashTestKitOnly
@BoundaryCatalogueSource(PipelineBoundaries.class)
public class BothModesPipelineTestCases extends PostgresOrderedPipelineTest.Pipeline {

    @CrashAt(
            value = {
                "producer.after-commit",
                "consumer.after-receive-commit",
                "relay.after-accepted-commit",
                "apply.after-commit"
            },
            mode = {CrashMode.IN_PROCESS, CrashMode.CHILD_PROCESS})
    void a1IsAppliedExactlyOnce(CrashScenario scenario) throws Exception {
        crashAndRecover(scenario);
    }
}
