package dev.deliverykit.classpath;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import java.util.ArrayList;
import java.util.List;

/**
 * The fixture {@link AgentJarAloneTest} runs in a child JVM that has only the agent jar, the JUnit face and JUnit:
 * a crash at a method boundary, which needs no JDBC driver. Named *TestCases, which surefire does not run by itself.
 */
class MethodBoundaryTestCases {

    /** The workload's one step: appends an entry, in memory. */
    static final class Ledger {
        final List<String> entries = new ArrayList<>();

        void append(String entry) {
            entries.add(entry);
        }
    }

    @CrashAt(
            selector = "method-exit:dev.deliverykit.classpath.MethodBoundaryTestCases$Ledger"
                    + "#append(java.lang.String)")
    void theSecondEntryIsNeverAppended(CrashScenario scenario) {
        Ledger ledger = new Ledger();

        scenario.run(() -> {
            ledger.append("first");
            ledger.append("second");
        });

        assertEquals(List.of("first"), ledger.entries, "the crash came as the first append returned");
    }
}
