package com.example.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.deliverykit.junit5.CrashAt;
import dev.deliverykit.junit5.CrashScenario;
import java.util.List;

// tag::test[]
class LedgerCrashTest {

    @CrashAt(selector = "method-exit:com.example.setup.Ledger#append(java.lang.String)")
    void theSecondEntryIsNeverAppended(CrashScenario scenario) {
        Ledger ledger = new Ledger();

        scenario.run(() -> {
            ledger.append("first");
            ledger.append("second");
        });

        assertEquals(List.of("first"), ledger.entries(), "the crash came as the first append returned");
    }
}
// end::test[]
